import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueDocument, previousMessageName, readWithoutKeys } from '../src/catalogue-document.ts';
import {
  type DomainEventType,
  domainEvents,
  domainEventTypes,
  parseDomainEvent,
} from '../src/events/catalogue.ts';
import type { PreviousVersion } from '../src/events/define-event.ts';
import {
  catalogueHistory,
  committedCatalogue,
  compareCatalogues,
  type Finding,
  formatFindings,
} from './catalogue-compat.ts';
import { CATALOGUE_PATH } from './write-catalogue.ts';

const REPO_ROOT = join(import.meta.dirname, '..', '..');

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------
// Small synthetic catalogues, shaped like catalogueDocument()'s
// ---------------------------------------------------------------------------------------------------

const uuid = { type: 'string', format: 'uuid' };
const dateTime = { type: 'string', format: 'date-time' };

/** A strict data object: every listed field required unless named in `optional`. */
function data(properties: Record<string, Json>, optional: string[] = []): Json {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    additionalProperties: false,
  };
}

interface MessageSpec {
  type: string;
  version: number;
  data: Json;
  streamType?: string;
  /** A `.vN` of a type whose current version is this. */
  supersededBy?: number;
  subject?: string;
}

function message(spec: MessageSpec, legacy = false): Json {
  const name = spec.supersededBy ? `${spec.type}.v${spec.version}` : spec.type;
  return {
    name,
    title: name,
    summary: `${spec.type} happened.`,
    payload: {
      type: 'object',
      properties: {
        id: uuid,
        type: { type: 'string', const: spec.type },
        schemaVersion: { type: 'number', const: spec.version },
        occurredAt: dateTime,
        data: spec.data,
      },
      required: ['id', 'type', 'schemaVersion', 'occurredAt', 'data'],
      additionalProperties: false,
    },
    // Catalogues before 2.0.0 had no x-event-type.
    ...(legacy ? {} : { 'x-event-type': spec.type }),
    'x-schema-version': spec.version,
    ...(spec.supersededBy ? { 'x-superseded-by': spec.supersededBy } : {}),
    'x-stream-type': spec.streamType ?? 'user',
    'x-stream-id-field': 'userId',
    ...(spec.subject ? { 'x-personal-data-subject': spec.subject } : {}),
  };
}

const KEPT_FOREVER = { 'retention.ms': -1, 'cleanup.policy': ['delete'] };

function catalogue(
  version: string,
  specs: MessageSpec[],
  options: { legacy?: boolean; topicOf?: (spec: MessageSpec) => string; topics?: Record<string, Json> } = {},
): Json {
  const topicOf = options.topicOf ?? (() => 'careers.users');
  const messages = Object.fromEntries(
    specs.map((spec) => {
      const built = message(spec, options.legacy);
      return [built.name as string, built];
    }),
  );
  const channels: Record<string, Json> = {};
  for (const spec of specs) {
    const topic = topicOf(spec);
    const name = spec.supersededBy ? `${spec.type}.v${spec.version}` : spec.type;
    channels[topic] ??= {
      address: topic,
      messages: {},
      bindings: { kafka: { topicConfiguration: options.topics?.[topic] ?? KEPT_FOREVER } },
    };
    const channel = channels[topic];
    (channel.messages as Json)[name] = { $ref: `#/components/messages/${name}` };
  }
  return {
    asyncapi: '3.0.0',
    info: { title: 'Careers domain events', version },
    channels,
    components: { messages },
  };
}

const loggedInV1 = data({ userId: uuid, at: dateTime });
const loggedIn = (fields: Json = loggedInV1): MessageSpec => ({
  type: 'UserLoggedIn',
  version: 1,
  data: fields,
});
const base = catalogue('2.0.0', [loggedIn()]);

function errors(findings: Finding[]): string[] {
  return findings.filter((finding) => finding.severity === 'error').map((finding) => finding.message);
}

function messages(findings: Finding[], severity: Finding['severity']): string[] {
  return findings.filter((finding) => finding.severity === severity).map((finding) => finding.message);
}

/** The same catalogue with one field of UserLoggedIn's data swapped. */
function withField(version: string, field: string, schema: Json | undefined, optional: string[] = []): Json {
  const properties: Record<string, Json> = { userId: uuid, at: dateTime };
  if (schema === undefined) delete properties[field];
  else properties[field] = schema;
  return catalogue(version, [loggedIn(data(properties, optional))]);
}

/** UserLoggedIn raised to version 2 with `fields`, version 1 kept as UserLoggedIn.v1 (or not). */
function bumped(version: string, fields: Json, keepV1: Json | false = loggedInV1): Json {
  return catalogue(version, [
    { type: 'UserLoggedIn', version: 2, data: fields },
    ...(keepV1 ? [{ type: 'UserLoggedIn', version: 1, data: keepV1, supersededBy: 2 }] : []),
  ]);
}

describe('compareCatalogues: what is unchanged', () => {
  it('finds nothing between a catalogue and itself, nor after a reordering of its keys', () => {
    expect(compareCatalogues(base, base)).toEqual([]);
    const reordered = catalogue('2.0.0', [loggedIn(data({ at: dateTime, userId: uuid }))]);
    expect(compareCatalogues(base, reordered)).toEqual([]);
  });

  it('takes a reworded description as documentation: only a patch of info.version', () => {
    const reworded = withField('2.0.0', 'at', { ...dateTime, description: 'When they signed in.' });
    expect(errors(compareCatalogues(base, reworded))).toEqual([
      expect.stringContaining(
        'catalogue info.version 2.0.0 -> 2.0.0: a change of descriptions or examples raises the patch (2.0.1',
      ),
    ]);
    expect(compareCatalogues(base, { ...reworded, info: { version: '2.0.1' } })).toEqual([]);
  });
});

describe('compareCatalogues: additive changes keep schemaVersion and raise the minor', () => {
  const withDevice = (version: string) =>
    withField(version, 'device', { type: 'string', maxLength: 100 }, ['device']);

  it('a new optional field is additive', () => {
    const findings = compareCatalogues(base, withDevice('2.1.0'));
    expect(findings).toEqual([
      {
        severity: 'additive',
        type: 'UserLoggedIn',
        path: 'data.device',
        message: 'UserLoggedIn data.device: optional field added',
      },
    ]);
  });

  it('without a minor bump it is an error naming the rule', () => {
    expect(errors(compareCatalogues(base, withDevice('2.0.1')))).toEqual([
      'catalogue info.version 2.0.0 -> 2.0.1: an additive change raises the minor (2.1.0, CATALOGUE_VERSION in contracts/src/catalogue-document.ts): UserLoggedIn data.device: optional field added',
    ]);
  });

  it('a new event type and a new topic are additive', () => {
    const after = catalogue(
      '2.1.0',
      [loggedIn(), { type: 'JobPosted', version: 1, data: data({ jobId: uuid }), streamType: 'job' }],
      {
        topicOf: (spec) => (spec.type === 'JobPosted' ? 'careers.jobs' : 'careers.users'),
      },
    );
    const findings = compareCatalogues(base, after);
    expect(errors(findings)).toEqual([]);
    expect(messages(findings, 'additive').sort()).toEqual([
      'JobPosted: event type added (version 1)',
      'topic careers.jobs added',
    ]);
    expect(errors(compareCatalogues(base, { ...after, info: { version: '2.0.0' } }))).toHaveLength(1);
  });

  it('a looser constraint is additive: a higher maximum, a removed pattern or format', () => {
    const before = withField('2.0.0', 'at', {
      type: 'string',
      maxLength: 30,
      pattern: '^2',
      format: 'date-time',
    });
    const after = withField('2.1.0', 'at', { type: 'string', maxLength: 40 });
    const findings = compareCatalogues(before, after);
    expect(errors(findings)).toEqual([]);
    expect(messages(findings, 'additive').sort()).toEqual([
      'UserLoggedIn data.at: format date-time removed',
      'UserLoggedIn data.at: maxLength 30 -> 40',
      'UserLoggedIn data.at: pattern /^2/ removed',
    ]);
  });
});

describe('compareCatalogues: a breaking change without a schemaVersion bump is an error', () => {
  const expectBreaking = (after: Json, change: string, before: Json = base) => {
    const findings = compareCatalogues(before, after);
    expect(errors(findings)).toContain(
      `${change}: a breaking change, but schemaVersion stays 1: raise it to 2, keep version 1 in previousVersions with an upcaster (catalogued as UserLoggedIn.v1)`,
    );
  };

  it('a field removed', () => {
    expectBreaking(withField('3.0.0', 'at', undefined), 'UserLoggedIn data.at: field removed');
  });

  it('a field renamed is a removal and a required addition', () => {
    const renamed = catalogue('3.0.0', [loggedIn(data({ userId: uuid, loggedInAt: dateTime }))]);
    expectBreaking(renamed, 'UserLoggedIn data.at: field removed');
    expectBreaking(renamed, 'UserLoggedIn data.loggedInAt: required field added: older events lack it');
  });

  it('a type changed, said precisely', () => {
    const findings = compareCatalogues(base, withField('3.0.0', 'at', { type: 'number' }));
    expect(findings.map((finding) => [finding.severity, finding.path])).toEqual([['error', 'data.at']]);
    expect(findings[0]?.message).toMatch(/^UserLoggedIn data\.at: type string -> number: a breaking change/);
  });

  it('optional -> required, and required -> optional', () => {
    const optional = withField('2.0.0', 'at', dateTime, ['at']);
    expectBreaking(
      withField('3.0.0', 'at', dateTime),
      'UserLoggedIn data.at: now required (was optional): older events lack it',
      optional,
    );
    expectBreaking(optional, 'UserLoggedIn data.at: now optional (was required): readers may miss it');
  });

  it('a narrowed constraint: pattern added or changed, minimum raised, maximum lowered, format added', () => {
    const before = withField('2.0.0', 'at', { type: 'string', minLength: 1, maxLength: 40, pattern: '^2' });
    const narrowed = withField('3.0.0', 'at', {
      type: 'string',
      minLength: 5,
      maxLength: 30,
      pattern: '^20',
      format: 'date-time',
    });
    const findings = errors(compareCatalogues(before, narrowed)).map((text) => text.split(': a breaking')[0]);
    expect(findings).toEqual(
      expect.arrayContaining([
        'UserLoggedIn data.at: pattern /^2/ -> /^20/',
        'UserLoggedIn data.at: format date-time added',
        'UserLoggedIn data.at: minLength 1 -> 5',
        'UserLoggedIn data.at: maxLength 40 -> 30',
      ]),
    );
    expectBreaking(
      withField('3.0.0', 'at', { ...dateTime, pattern: '^2' }),
      'UserLoggedIn data.at: pattern /^2/ added',
    );
  });

  it('an enum value removed, and one added (an old reader would misfile it)', () => {
    const before = withField('2.0.0', 'via', { type: 'string', enum: ['password', 'link'] });
    expectBreaking(
      withField('3.0.0', 'via', { type: 'string', enum: ['password'] }),
      "UserLoggedIn data.via: enum value 'link' removed",
      before,
    );
    expectBreaking(
      withField('3.0.0', 'via', { type: 'string', enum: ['password', 'link', 'passkey'] }),
      "UserLoggedIn data.via: enum value 'passkey' added",
      before,
    );
  });

  it('a const changed', () => {
    const before = withField('2.0.0', 'via', { type: 'string', const: 'password' });
    expectBreaking(
      withField('3.0.0', 'via', { type: 'string', const: 'link' }),
      "UserLoggedIn data.via: const 'password' -> 'link'",
      before,
    );
  });

  it('nullable added or removed, and a change inside a nullable field', () => {
    const nullable = (schema: Json) => ({ anyOf: [schema, { type: 'null' }] });
    const before = withField('2.0.0', 'note', nullable({ type: 'string', maxLength: 10 }));
    expectBreaking(
      withField('3.0.0', 'note', { type: 'string', maxLength: 10 }),
      'UserLoggedIn data.note: no longer nullable (null was allowed)',
      before,
    );
    expectBreaking(
      withField('3.0.0', 'at', nullable(dateTime)),
      'UserLoggedIn data.at: now nullable (may be null)',
    );
    expectBreaking(
      withField('3.0.0', 'note', nullable({ type: 'string', maxLength: 5 })),
      'UserLoggedIn data.note: maxLength 10 -> 5',
      before,
    );
  });

  it('a change deep inside: array items and nested objects', () => {
    const skills = (name: Json) => ({
      type: 'array',
      items: data({ name, level: { type: 'integer', minimum: 1, maximum: 5 } }),
    });
    const before = withField('2.0.0', 'skills', skills({ type: 'string' }));
    expectBreaking(
      withField('3.0.0', 'skills', skills({ type: 'integer' })),
      'UserLoggedIn data.skills[].name: type string -> integer',
      before,
    );
    const location = (fields: Record<string, Json>) => data(fields);
    const nested = withField(
      '2.0.0',
      'place',
      location({ city: { type: 'string' }, country: { type: 'string' } }),
    );
    expectBreaking(
      withField('3.0.0', 'place', location({ city: { type: 'string' } })),
      'UserLoggedIn data.place.country: field removed',
      nested,
    );
  });

  it('strictness changed (additionalProperties)', () => {
    const loose = catalogue('3.0.0', [loggedIn({ ...loggedInV1, additionalProperties: true })]);
    expectBreaking(loose, 'UserLoggedIn data: additionalProperties false -> true');
  });

  it('a default changed (an absent field reads differently)', () => {
    const before = withField('2.0.0', 'remember', { type: 'boolean', default: false }, ['remember']);
    expectBreaking(
      withField('3.0.0', 'remember', { type: 'boolean', default: true }, ['remember']),
      'UserLoggedIn data.remember: default false -> true',
      before,
    );
  });

  it("a field made personal (sealed), and a change of a sealed field's plain schema", () => {
    const sealed = (plain: Json) => ({
      type: 'string',
      pattern: '^pii1\\.',
      'x-personal-data': true,
      'x-plain-schema': plain,
    });
    const before = withField('2.0.0', 'device', { type: 'string', maxLength: 100 });
    expectBreaking(
      withField('3.0.0', 'device', sealed({ type: 'string', maxLength: 100 })),
      'UserLoggedIn data.device: made personal data: the value now travels sealed (pii1.)',
      before,
    );
    const sealedBefore = withField('2.0.0', 'device', sealed({ type: 'string', maxLength: 100 }));
    expectBreaking(
      withField('3.0.0', 'device', sealed({ type: 'string', maxLength: 50 })),
      'UserLoggedIn data.device (sealed value): maxLength 100 -> 50',
      sealedBefore,
    );
  });

  it('every breaking change also demands a major info.version', () => {
    expect(errors(compareCatalogues(base, withField('2.1.0', 'at', undefined)))).toContainEqual(
      expect.stringContaining(
        'catalogue info.version 2.0.0 -> 2.1.0: a schemaVersion rose or something broke, so the major goes up (3.0.0',
      ),
    );
  });
});

describe('compareCatalogues: a schemaVersion bump with the old version kept', () => {
  const v2 = data({ userId: uuid, at: { type: 'number' } });

  it('passes: the change is reported as breaking, no error', () => {
    const findings = compareCatalogues(base, bumped('3.0.0', v2));
    expect(errors(findings)).toEqual([]);
    expect(messages(findings, 'breaking')).toEqual([
      'UserLoggedIn: schemaVersion 1 -> 2',
      'UserLoggedIn data.at: type string -> number',
    ]);
  });

  it('fails when version 1 is not kept as UserLoggedIn.v1', () => {
    expect(errors(compareCatalogues(base, bumped('3.0.0', v2, false)))).toEqual([
      'UserLoggedIn: version 1 is no longer catalogued: when schemaVersion goes up, the old version stays as UserLoggedIn.v1 (previousVersions with an upcaster), since the topics keep its events',
    ]);
  });

  it('fails when UserLoggedIn.v1 is not the payload version 1 had', () => {
    const altered = data({ userId: uuid, at: dateTime, device: { type: 'string' } }, ['device']);
    expect(errors(compareCatalogues(base, bumped('3.0.0', v2, altered)))).toEqual([
      'UserLoggedIn.v1 data.device: optional field added: the payload of an old version is frozen, the topics hold events written with it',
    ]);
  });

  it('fails without a major info.version', () => {
    expect(errors(compareCatalogues(base, bumped('2.1.0', v2)))).toEqual([
      expect.stringMatching(
        /^catalogue info\.version 2\.0\.0 -> 2\.1\.0: a schemaVersion rose or something broke, so the major goes up \(3\.0\.0, .*UserLoggedIn schemaVersion 1 -> 2/,
      ),
    ]);
  });

  it('fails when it skips a version', () => {
    const skipped = catalogue('3.0.0', [
      { type: 'UserLoggedIn', version: 3, data: v2 },
      { type: 'UserLoggedIn', version: 1, data: loggedInV1, supersededBy: 3 },
    ]);
    expect(errors(compareCatalogues(base, skipped))).toEqual([
      'UserLoggedIn: schemaVersion 1 -> 3 skips a version: it goes up by one, so every number on the topics has a schema',
    ]);
  });

  it('reads the format before 2.0.0 (no x-event-type, no .vN) by message name', () => {
    const legacy = catalogue('1.0.0', [loggedIn()], { legacy: true });
    expect(errors(compareCatalogues(legacy, bumped('2.0.0', v2)))).toEqual([]);
    expect(errors(compareCatalogues(legacy, bumped('2.0.0', v2, false)))).toHaveLength(1);
  });
});

describe('compareCatalogues: what stays forever', () => {
  const withV1 = bumped('3.0.0', data({ userId: uuid, at: { type: 'number' } }));

  it('an old version is never dropped nor changed afterwards', () => {
    const dropped = catalogue('4.0.0', [
      { type: 'UserLoggedIn', version: 2, data: data({ userId: uuid, at: { type: 'number' } }) },
    ]);
    expect(errors(compareCatalogues(withV1, dropped))).toEqual([
      'UserLoggedIn: version 1 (UserLoggedIn.v1) dropped: old versions stay readable as long as the topics may hold them, i.e. forever',
    ]);
    const changed = bumped(
      '4.0.0',
      data({ userId: uuid, at: { type: 'number' } }),
      data({ userId: uuid, at: { type: 'string' } }),
    );
    expect(errors(compareCatalogues(withV1, changed))).toEqual([
      'UserLoggedIn.v1 data.at: format date-time removed: the payload of an old version is frozen, the topics hold events written with it',
    ]);
  });

  it('a schemaVersion is never lowered', () => {
    expect(errors(compareCatalogues(withV1, base))).toContain(
      'UserLoggedIn: schemaVersion lowered 2 -> 1: versions only go up',
    );
  });

  it('an event type is never removed', () => {
    const two = catalogue('2.0.0', [loggedIn(), { type: 'UserLoggedOut', version: 1, data: loggedInV1 }]);
    expect(errors(compareCatalogues(two, catalogue('3.0.0', [loggedIn()])))).toEqual([
      'UserLoggedOut: event type removed: the topics still hold its events, so it stays in the catalogue (and readable) forever',
    ]);
  });

  it('an event type never moves to another stream or topic', () => {
    const moved = catalogue('3.0.0', [{ ...loggedIn(), streamType: 'session' }], {
      topicOf: () => 'careers.sessions',
    });
    const found = errors(compareCatalogues(base, moved));
    expect(found).toContain(
      "UserLoggedIn: x-stream-type 'user' -> 'session': an event type never moves to another stream or topic (define a new event type instead)",
    );
    expect(found).toContain(
      "UserLoggedIn: topic 'careers.users' -> 'careers.sessions': an event type never moves to another stream or topic (define a new event type instead)",
    );
    expect(found).toContain(
      'topic careers.users removed: topics are read from the beginning forever, a topic stays',
    );
  });

  it('a topic keeps its retention', () => {
    const shortened = catalogue('3.0.0', [loggedIn()], {
      topics: { 'careers.users': { 'retention.ms': 604800000 } },
    });
    expect(errors(compareCatalogues(base, shortened))).toEqual([
      expect.stringMatching(
        /^topic careers\.users: configuration .* -> \{"retention\.ms":604800000\}: topics keep every event forever/,
      ),
    ]);
  });

  it('info.version is never lowered', () => {
    expect(errors(compareCatalogues(base, { ...base, info: { version: '1.9.0' } }))).toEqual([
      'catalogue info.version lowered 2.0.0 -> 1.9.0',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The real catalogue: now against HEAD, and every committed version against its predecessor
// ---------------------------------------------------------------------------------------------------

/**
 * The rules were written down with catalogue 2.0.0. Four of the five catalogue changes committed
 * before that (at 1.0.0 throughout) break them, and the check says so: these are the errors it finds
 * in those steps (fields of the upload events removed and added without a version bump, event types
 * added without raising info.version). History cannot be rewritten, so they are recorded here, and a
 * step that finds anything else fails. Every step from the first 2.0.0 catalogue on must be clean.
 */
const RULES_IN_FORCE_FROM = [2, 0, 0] as const;

const ERRORS_BEFORE_THE_RULES: Record<string, string[]> = {
  '0bc2550': ['info.version'],
  c1ad39c: [
    'ProfilePictureUploaded data.objectKey',
    'ProfilePictureUploaded data.contentType',
    'ProfilePictureUploaded data.url',
    'ProfilePictureUploaded data.pictureId',
    'ProfilePictureUploaded data.uploadedAt',
    'ResumeUploaded data.objectKey',
    'ResumeUploaded data.contentType',
    'ResumeUploaded data.resumeId',
    'ResumeUploaded data.uploadedAt',
    'info.version',
  ],
  fa8a464: ['info.version'],
  dd0101f: ['info.version'],
};

function underRules(document: unknown): boolean {
  const version = String((document as { info?: { version?: unknown } }).info?.version ?? '');
  const parts = version.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const part = parts[i] ?? 0;
    if (part !== RULES_IN_FORCE_FROM[i]) return part > (RULES_IN_FORCE_FROM[i] ?? 0);
  }
  return true;
}

function where(finding: Finding): string {
  return finding.type === '' ? finding.path : `${finding.type} ${finding.path}`;
}

const history = catalogueHistory(REPO_ROOT);
const head = committedCatalogue(REPO_ROOT, 'HEAD');

const headTitle = {
  full: 'the generated catalogue against docs/events/catalogue.json at HEAD breaks no rule',
  shallow:
    'a shallow clone, so only HEAD is compared and not the committed history: the generated catalogue against docs/events/catalogue.json at HEAD breaks no rule',
  none: 'no git checkout, so only the file on disk is compared: the generated catalogue against docs/events/catalogue.json breaks no rule',
}[head === null ? 'none' : history.kind === 'full' ? 'full' : 'shallow'];

describe('the real catalogue', () => {
  it(headTitle, () => {
    const committed = head ?? JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8'));
    const findings = compareCatalogues(committed, catalogueDocument());
    expect(errors(findings), formatFindings(findings)).toEqual([]);
  });

  if (history.kind === 'full') {
    const steps = history.commits
      .slice(1)
      .map((commit, index) => [history.commits[index] as string, commit] as const);

    it.each(steps.map(([from, to]) => [`${from.slice(0, 7)} -> ${to.slice(0, 7)}`, from, to] as const))(
      'committed history %s: judged by the rules in force then',
      (_name, from, to) => {
        const before = committedCatalogue(REPO_ROOT, from);
        const after = committedCatalogue(REPO_ROOT, to);
        expect(before).not.toBeNull();
        expect(after).not.toBeNull();
        const findings = compareCatalogues(before, after);
        const found = findings.filter((finding) => finding.severity === 'error').map(where);
        const expected = underRules(after) ? [] : (ERRORS_BEFORE_THE_RULES[to.slice(0, 7)] ?? []);
        expect(found, formatFindings(findings)).toEqual(expected);
      },
    );

    it('the history holds the step to 2.0.0 (personal fields sealed, version 1 kept as .v1), and it passes', () => {
      const index = history.commits.findIndex((commit) => underRules(committedCatalogue(REPO_ROOT, commit)));
      expect(index).toBeGreaterThan(0);
      const before = committedCatalogue(REPO_ROOT, history.commits[index - 1] as string);
      const after = committedCatalogue(REPO_ROOT, history.commits[index] as string);
      const findings = compareCatalogues(before, after);
      expect(errors(findings)).toEqual([]);
      expect(messages(findings, 'breaking')).toContain('UserRegistered: schemaVersion 1 -> 2');
      expect(messages(findings, 'breaking')).toContain(
        'UserRegistered data.email: made personal data: the value now travels sealed (pii1.)',
      );
    });
  }
});

// ---------------------------------------------------------------------------------------------------
// Old versions replay
// ---------------------------------------------------------------------------------------------------

const previousVersions = domainEventTypes.flatMap((type) =>
  ((domainEvents[type] as { previousVersions?: readonly PreviousVersion[] }).previousVersions ?? []).map(
    (version) =>
      [`${type} v${version.schemaVersion}`, type, version.schemaVersion] as [string, DomainEventType, number],
  ),
);

/** The current example as a reader without keys gets it from version `schemaVersion` (readWithoutKeys). */
function asReadWithoutKeys(type: DomainEventType, schemaVersion: number) {
  const version = (
    domainEvents[type] as { previousVersions?: readonly PreviousVersion[] }
  ).previousVersions?.find((v) => v.schemaVersion === schemaVersion);
  // That version's own example when it has one (one without the fields added since), read as now.
  const example = version?.example ?? domainEvents[type].example;
  const current = domainEvents[type].data.parse(example) as Record<string, unknown>;
  return version ? readWithoutKeys(type, version, current) : current;
}

function examplePayload(document: unknown, name: string): unknown {
  const messageOf = (
    document as { components: { messages: Record<string, { examples: { payload: unknown }[] }> } }
  ).components.messages[name];
  expect(messageOf, `${name} is catalogued`).toBeDefined();
  return messageOf?.examples[0]?.payload;
}

/** The last committed catalogue in which `schemaVersion` was the type's current version. */
function catalogueWhereCurrent(type: string, schemaVersion: number): unknown | null {
  if (history.kind !== 'full') return null;
  for (const commit of [...history.commits].reverse()) {
    const document = committedCatalogue(REPO_ROOT, commit) as {
      components: { messages: Record<string, Json> };
    };
    if (document.components.messages[type]?.['x-schema-version'] === schemaVersion) return document;
  }
  return null;
}

describe('every old version on the topics replays into the current one', () => {
  it('there are old versions to replay', () => {
    expect(previousVersions.length).toBeGreaterThan(0);
  });

  it.each(previousVersions)(
    history.kind === 'full'
      ? '%s: the catalogued example parses and upcasts to the current example data'
      : '%s: the catalogued example parses and upcasts to the current example data (no git history: the example as published then is not checked)',
    (_name, type, schemaVersion) => {
      const committed = JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8'));
      const event = parseDomainEvent(examplePayload(committed, previousMessageName(type, schemaVersion)));
      expect(event.schemaVersion).toBe(domainEvents[type].schemaVersion);
      expect(event.data).toEqual(asReadWithoutKeys(type, schemaVersion));
    },
  );

  if (history.kind === 'full') {
    it.each(previousVersions)(
      '%s: the example as published while it was current (from git history) replays to the same data',
      (_name, type, schemaVersion) => {
        const published = catalogueWhereCurrent(type, schemaVersion);
        expect(published, `a committed catalogue had ${type} at version ${schemaVersion}`).not.toBeNull();
        const raw = examplePayload(published, type) as { schemaVersion: number };
        expect(raw.schemaVersion).toBe(schemaVersion);
        const event = parseDomainEvent(raw);
        expect(event.schemaVersion).toBe(domainEvents[type].schemaVersion);
        expect(event.data).toEqual(asReadWithoutKeys(type, schemaVersion));
      },
    );
  }
});
