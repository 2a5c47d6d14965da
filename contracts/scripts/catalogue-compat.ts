/**
 * The compatibility rules of the event catalogue (docs/events/README.md, "Versioning"), as a check.
 *
 * `compareCatalogues(before, after)` takes two catalogue documents (AsyncAPI, as
 * `catalogueDocument()` generates them, or as any earlier commit of docs/events/catalogue.json held
 * them) and lists what changed between them, each change judged:
 *
 * - `additive`: an old reader keeps working and every event already on the topics stays valid (a new
 *   event type, a new topic, a new optional field, a looser length or range);
 * - `breaking`: old events or old readers may fail or misread, so the event type's `schemaVersion`
 *   had to go up (it did: the finding is information);
 * - `error`: a rule is broken: a breaking change at the same `schemaVersion`, an old version's payload
 *   changed or dropped, a version lowered, an event type or topic removed, `info.version` not raised as
 *   the rules require.
 *
 * The comparison is structural: JSON Schema keywords are compared one by one, so a reordering or a
 * reworded description is no change to a consumer (a description is only a patch of `info.version`).
 *
 * Catalogues before 2.0.0 carry no `x-event-type` and no `<Type>.vN` messages: there a message's name
 * is its event type and it is that type's only (current) version.
 */
import { execFileSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';

export type Severity = 'breaking' | 'additive' | 'error';

export interface Finding {
  severity: Severity;
  /** The event type concerned, or '' for the catalogue as a whole (its version, its topics). */
  type: string;
  /** Where: `data.email`, `data.skills[].name`, `UserRegistered.v1`, `info.version`, a topic. */
  path: string;
  /** One line a person can act on: `UserRegistered data.email: type string -> number`. */
  message: string;
}

type Json = Record<string, unknown>;

/** How a change of one JSON Schema keyword bears on consumers (documentation is a patch). */
type ChangeKind = 'breaking' | 'additive' | 'documentation';

interface SchemaChange {
  kind: ChangeKind;
  path: string;
  text: string;
}

// ---------------------------------------------------------------------------------------------------
// JSON Schema, compared keyword by keyword
// ---------------------------------------------------------------------------------------------------

/** Keywords that only document: a change to one is never seen by a validator. */
const DOCUMENTATION_KEYWORDS = new Set([
  'description',
  'title',
  'examples',
  'example',
  '$comment',
  'deprecated',
]);

/** Lower bounds: raising one (or adding one) rejects values that were valid. */
const LOWER_BOUNDS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
/** Upper bounds: lowering one (or adding one) rejects values that were valid. */
const UPPER_BOUNDS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;

const HANDLED_KEYWORDS = new Set<string>([
  ...DOCUMENTATION_KEYWORDS,
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  'type',
  'anyOf',
  'oneOf',
  'const',
  'enum',
  'pattern',
  'format',
  'multipleOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'default',
  'uniqueItems',
  'x-personal-data',
  'x-plain-schema',
]);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  return JSON.stringify(value);
}

function showPattern(pattern: unknown): string {
  const text = String(pattern);
  return `/${text.length > 60 ? `${text.slice(0, 57)}...` : text}/`;
}

/** A schema with its null alternative taken apart: zod writes `.nullable()` as `anyOf: [X, {type: null}]`. */
interface Normalized {
  schema: Json;
  nullable: boolean;
}

function isNullSchema(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const { type, ...rest } = schema;
  return type === 'null' && Object.keys(rest).every((key) => DOCUMENTATION_KEYWORDS.has(key));
}

function normalize(input: unknown): Normalized {
  const schema: Json = isObject(input) ? { ...input } : input === false ? { not: {} } : {};
  let nullable = false;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[keyword];
    if (!Array.isArray(alternatives) || !alternatives.some(isNullSchema)) continue;
    nullable = true;
    const rest = alternatives.filter((alternative) => !isNullSchema(alternative));
    delete schema[keyword];
    if (rest.length === 1 && isObject(rest[0])) {
      // The single non-null alternative is the schema; keywords beside anyOf (a default) stay.
      for (const [key, value] of Object.entries(rest[0])) {
        if (!(key in schema)) schema[key] = value;
      }
    } else if (rest.length > 0) {
      schema[keyword] = rest;
    }
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    nullable = true;
    const types = schema.type.filter((type) => type !== 'null');
    schema.type = types.length === 1 ? types[0] : types;
  } else if (schema.type === 'null' && Object.keys(schema).length === 1) {
    return { schema: {}, nullable: true };
  }
  return { schema, nullable };
}

function typesOf(schema: Json): string[] {
  const type = schema.type;
  if (type === undefined) return [];
  return (Array.isArray(type) ? type.map(String) : [String(type)]).sort();
}

function typeText(types: string[]): string {
  return types.length === 0 ? 'any' : types.join('|');
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Compares two JSON Schemas of the same place in a message and reports every difference with how it
 * bears on consumers. The judgement (see the README's rules): events already written at a version must
 * stay valid under that version's schema, and a reader written for the old schema must not misread a
 * new event; a change is additive only when both hold.
 */
export function compareSchemas(beforeInput: unknown, afterInput: unknown, path = ''): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const breaking = (text: string, at = path) => changes.push({ kind: 'breaking', path: at, text });
  const additive = (text: string, at = path) => changes.push({ kind: 'additive', path: at, text });
  const documentation = (text: string, at = path) => changes.push({ kind: 'documentation', path: at, text });

  const before = normalize(beforeInput);
  const after = normalize(afterInput);
  const a = before.schema;
  const b = after.schema;

  // Sealing a field changes what travels (a `pii1.` string instead of the value): breaking whatever the
  // plain schema does, and a consumer reading the plain value must learn it needs a key. This one
  // finding says it all (type, pattern and nullability of a sealed string follow from it).
  const personalBefore = a['x-personal-data'] === true;
  const personalAfter = b['x-personal-data'] === true;
  if (personalBefore !== personalAfter) {
    breaking(
      personalAfter
        ? 'made personal data: the value now travels sealed (pii1.)'
        : 'no longer personal data: the value now travels in plain',
    );
    return changes;
  }
  if (personalBefore) {
    changes.push(...compareSchemas(a['x-plain-schema'], b['x-plain-schema'], `${path} (sealed value)`));
  }

  if (before.nullable && !after.nullable) breaking('no longer nullable (null was allowed)');
  if (!before.nullable && after.nullable) breaking('now nullable (may be null)');

  for (const keyword of DOCUMENTATION_KEYWORDS) {
    if (!isDeepStrictEqual(a[keyword], b[keyword])) documentation(`${keyword} changed`);
  }

  const typesBefore = typesOf(a);
  const typesAfter = typesOf(b);
  if (!isDeepStrictEqual(typesBefore, typesAfter)) {
    // Every other keyword means something else under another type: this one finding says it all.
    breaking(`type ${typeText(typesBefore)} -> ${typeText(typesAfter)}`);
    return changes;
  }

  if (!isDeepStrictEqual(a.const, b.const)) {
    if (a.const === undefined) breaking(`now the constant ${show(b.const)}`);
    else if (b.const === undefined) breaking(`no longer the constant ${show(a.const)}`);
    else breaking(`const ${show(a.const)} -> ${show(b.const)}`);
  }

  compareEnums(a.enum, b.enum, breaking);

  if (a.pattern !== b.pattern) {
    if (a.pattern === undefined) breaking(`pattern ${showPattern(b.pattern)} added`);
    else if (b.pattern === undefined) additive(`pattern ${showPattern(a.pattern)} removed`);
    else breaking(`pattern ${showPattern(a.pattern)} -> ${showPattern(b.pattern)}`);
  }
  if (a.format !== b.format) {
    if (a.format === undefined) breaking(`format ${b.format} added`);
    else if (b.format === undefined) additive(`format ${a.format} removed`);
    else breaking(`format ${a.format} -> ${b.format}`);
  }
  if (!isDeepStrictEqual(a.multipleOf, b.multipleOf)) {
    if (b.multipleOf === undefined) additive(`multipleOf ${a.multipleOf} removed`);
    else breaking(`multipleOf ${a.multipleOf ?? 'none'} -> ${b.multipleOf}`);
  }
  for (const keyword of LOWER_BOUNDS) {
    compareBound(keyword, a[keyword], b[keyword], 'lower', breaking, additive);
  }
  for (const keyword of UPPER_BOUNDS) {
    compareBound(keyword, a[keyword], b[keyword], 'upper', breaking, additive);
  }
  if (a.uniqueItems !== b.uniqueItems) {
    if (b.uniqueItems === true) breaking('items must now be unique');
    else additive('items no longer need to be unique');
  }
  if (!isDeepStrictEqual(a.default, b.default)) {
    // An absent field reads as its default: changing it changes what events already written mean.
    breaking(
      `default ${a.default === undefined ? 'none' : show(a.default)} -> ${b.default === undefined ? 'none' : show(b.default)}`,
    );
  }

  compareProperties(a, b, path, changes);
  compareAdditionalProperties(a.additionalProperties, b.additionalProperties, path, changes);

  if (a.items !== undefined || b.items !== undefined) {
    if (Array.isArray(a.items) || Array.isArray(b.items)) {
      const itemsBefore = Array.isArray(a.items) ? a.items : [];
      const itemsAfter = Array.isArray(b.items) ? b.items : [];
      if (itemsBefore.length !== itemsAfter.length || !Array.isArray(a.items) || !Array.isArray(b.items)) {
        breaking(`tuple of ${itemsBefore.length} items -> ${itemsAfter.length}`);
      } else {
        itemsBefore.forEach((item, index) => {
          changes.push(...compareSchemas(item, itemsAfter[index], `${path}[${index}]`));
        });
      }
    } else {
      changes.push(...compareSchemas(a.items, b.items, `${path}[]`));
    }
  }

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const alternativesBefore = Array.isArray(a[keyword]) ? (a[keyword] as unknown[]) : [];
    const alternativesAfter = Array.isArray(b[keyword]) ? (b[keyword] as unknown[]) : [];
    if (alternativesBefore.length === 0 && alternativesAfter.length === 0) continue;
    if (alternativesBefore.length !== alternativesAfter.length) {
      breaking(`${keyword}: ${alternativesBefore.length} alternatives -> ${alternativesAfter.length}`);
      continue;
    }
    alternativesBefore.forEach((alternative, index) => {
      changes.push(
        ...compareSchemas(alternative, alternativesAfter[index], `${path} (alternative ${index + 1})`),
      );
    });
  }

  for (const keyword of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (HANDLED_KEYWORDS.has(keyword)) continue;
    // A keyword this check does not know (allOf, not, if/then, ...): any change to it may reject
    // events, so it counts as breaking until the rules say otherwise.
    if (!isDeepStrictEqual(a[keyword], b[keyword])) breaking(`${keyword} changed`);
  }
  return changes;
}

function compareEnums(before: unknown, after: unknown, breaking: (text: string) => void): void {
  if (isDeepStrictEqual(before, after)) return;
  if (!Array.isArray(before)) {
    breaking(`now limited to ${show(after)}`);
    return;
  }
  if (!Array.isArray(after)) {
    breaking(`no longer limited to ${show(before)}`);
    return;
  }
  const removed = before.filter((value) => !after.some((other) => isDeepStrictEqual(value, other)));
  const added = after.filter((value) => !before.some((other) => isDeepStrictEqual(value, other)));
  // Both ways breaking: a removed value fails events already written; an added value is one an old
  // reader cannot ignore the way it ignores an unknown field (it would misfile the event).
  if (removed.length > 0)
    breaking(`enum value${removed.length > 1 ? 's' : ''} ${removed.map(show).join(', ')} removed`);
  if (added.length > 0)
    breaking(`enum value${added.length > 1 ? 's' : ''} ${added.map(show).join(', ')} added`);
}

function compareBound(
  keyword: string,
  before: unknown,
  after: unknown,
  side: 'lower' | 'upper',
  breaking: (text: string) => void,
  additive: (text: string) => void,
): void {
  if (isDeepStrictEqual(before, after)) return;
  if (before === undefined) {
    breaking(`${keyword} ${show(after)} added`);
    return;
  }
  if (after === undefined) {
    additive(`${keyword} ${show(before)} removed`);
    return;
  }
  const text = `${keyword} ${show(before)} -> ${show(after)}`;
  if (typeof before !== 'number' || typeof after !== 'number') breaking(text);
  else if (side === 'lower' ? after > before : after < before) breaking(text);
  else additive(text);
}

function requiredOf(schema: Json): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
}

function compareProperties(a: Json, b: Json, path: string, changes: SchemaChange[]): void {
  const propertiesBefore = isObject(a.properties) ? a.properties : {};
  const propertiesAfter = isObject(b.properties) ? b.properties : {};
  const requiredBefore = requiredOf(a);
  const requiredAfter = requiredOf(b);
  for (const [key, schema] of Object.entries(propertiesBefore)) {
    const at = join(path, key);
    if (!(key in propertiesAfter)) {
      changes.push({ kind: 'breaking', path: at, text: 'field removed' });
      continue;
    }
    if (requiredBefore.has(key) && !requiredAfter.has(key)) {
      changes.push({ kind: 'breaking', path: at, text: 'now optional (was required): readers may miss it' });
    }
    if (!requiredBefore.has(key) && requiredAfter.has(key)) {
      changes.push({ kind: 'breaking', path: at, text: 'now required (was optional): older events lack it' });
    }
    changes.push(...compareSchemas(schema, propertiesAfter[key], at));
  }
  for (const key of Object.keys(propertiesAfter)) {
    if (key in propertiesBefore) continue;
    const at = join(path, key);
    if (requiredAfter.has(key)) {
      changes.push({ kind: 'breaking', path: at, text: 'required field added: older events lack it' });
    } else {
      changes.push({ kind: 'additive', path: at, text: 'optional field added' });
    }
  }
  // Required names without a property schema (unusual, but JSON Schema allows it).
  for (const key of requiredAfter) {
    if (key in propertiesAfter || requiredBefore.has(key)) continue;
    changes.push({ kind: 'breaking', path: join(path, key), text: 'now required' });
  }
  for (const key of requiredBefore) {
    if (key in propertiesBefore || requiredAfter.has(key)) continue;
    changes.push({ kind: 'breaking', path: join(path, key), text: 'no longer required' });
  }
}

function compareAdditionalProperties(before: unknown, after: unknown, path: string, changes: SchemaChange[]) {
  if (isObject(before) && isObject(after)) {
    changes.push(...compareSchemas(before, after, `${path}{*}`));
    return;
  }
  if (isDeepStrictEqual(before, after)) return;
  const text = (value: unknown) =>
    value === undefined ? 'true (unset)' : isObject(value) ? 'a schema' : show(value);
  // Strict data is a promise (no secret rides along unseen); loosening or tightening it is breaking.
  changes.push({
    kind: 'breaking',
    path: path === '' ? '(root)' : path,
    text: `additionalProperties ${text(before)} -> ${text(after)}`,
  });
}

// ---------------------------------------------------------------------------------------------------
// The catalogue: event types, their versions, topics and info.version
// ---------------------------------------------------------------------------------------------------

interface VersionEntry {
  name: string;
  schemaVersion: number;
  payload: unknown;
  message: Json;
}

interface EventTypeEntry {
  type: string;
  current?: VersionEntry;
  /** Every version the catalogue holds (current included), by schemaVersion. */
  versions: Map<number, VersionEntry>;
  streamType: unknown;
  streamIdField: unknown;
  personalSubject: unknown;
  topic?: string;
}

interface CatalogueModel {
  version: string;
  types: Map<string, EventTypeEntry>;
  topics: Map<string, Json>;
  /** Problems of the document itself (a `.vN` that does not match its version, a missing current). */
  problems: Finding[];
}

const VERSIONED_NAME = /^(.+)\.v(\d+)$/;

function readCatalogue(document: unknown, label: string): CatalogueModel {
  const root = isObject(document) ? document : {};
  const info = isObject(root.info) ? root.info : {};
  const components = isObject(root.components) ? root.components : {};
  const messages = isObject(components.messages) ? components.messages : {};
  const channels = isObject(root.channels) ? root.channels : {};
  const problems: Finding[] = [];
  const types = new Map<string, EventTypeEntry>();

  for (const [name, raw] of Object.entries(messages)) {
    const message = isObject(raw) ? raw : {};
    const versioned = VERSIONED_NAME.exec(name);
    // Catalogues before 2.0.0 have no x-event-type: the message name is the type.
    const type =
      typeof message['x-event-type'] === 'string' ? message['x-event-type'] : (versioned?.[1] ?? name);
    const schemaVersion = message['x-schema-version'];
    if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion) || schemaVersion < 1) {
      problems.push({
        severity: 'error',
        type,
        path: name,
        message: `${label}: message ${name} has no valid x-schema-version`,
      });
      continue;
    }
    const entry: EventTypeEntry = types.get(type) ?? {
      type,
      versions: new Map(),
      streamType: undefined,
      streamIdField: undefined,
      personalSubject: undefined,
    };
    types.set(type, entry);
    const version: VersionEntry = { name, schemaVersion, payload: message.payload, message };
    if (entry.versions.has(schemaVersion)) {
      problems.push({
        severity: 'error',
        type,
        path: name,
        message: `${label}: ${type} version ${schemaVersion} is catalogued twice (${entry.versions.get(schemaVersion)?.name} and ${name})`,
      });
    }
    entry.versions.set(schemaVersion, version);
    if (name === type) {
      entry.current = version;
      entry.streamType = message['x-stream-type'];
      entry.streamIdField = message['x-stream-id-field'];
      entry.personalSubject = message['x-personal-data-subject'];
    } else if (versioned === null || versioned[1] !== type || Number(versioned[2]) !== schemaVersion) {
      problems.push({
        severity: 'error',
        type,
        path: name,
        message: `${label}: an older version of ${type} must be named ${type}.v${schemaVersion}, not ${name}`,
      });
    }
  }

  for (const entry of types.values()) {
    if (!entry.current) {
      problems.push({
        severity: 'error',
        type: entry.type,
        path: entry.type,
        message: `${label}: ${entry.type} has older versions catalogued but no current message named ${entry.type}`,
      });
      continue;
    }
    for (const version of entry.versions.values()) {
      if (version === entry.current) continue;
      if (version.schemaVersion >= entry.current.schemaVersion) {
        problems.push({
          severity: 'error',
          type: entry.type,
          path: version.name,
          message: `${label}: ${version.name} is not older than the current ${entry.type} (version ${entry.current.schemaVersion})`,
        });
      }
    }
  }

  const topics = new Map<string, Json>();
  for (const [id, raw] of Object.entries(channels)) {
    const channel = isObject(raw) ? raw : {};
    const address = typeof channel.address === 'string' ? channel.address : id;
    topics.set(address, channel);
    const channelMessages = isObject(channel.messages) ? channel.messages : {};
    for (const name of Object.keys(channelMessages)) {
      const entry = types.get(name);
      if (entry) entry.topic = address;
    }
  }

  return { version: typeof info.version === 'string' ? info.version : '', types, topics, problems };
}

function topicConfiguration(channel: Json): unknown {
  const bindings = isObject(channel.bindings) ? channel.bindings : {};
  const kafka = isObject(bindings.kafka) ? bindings.kafka : {};
  return kafka.topicConfiguration;
}

function describe(type: string, path: string, text: string): string {
  return path === '' ? `${type}: ${text}` : `${type} ${path}: ${text}`;
}

/** How `info.version` must move: the largest kind of change decides. */
type Bump = 'major' | 'minor' | 'patch' | 'none';

const BUMP_ORDER: Bump[] = ['none', 'patch', 'minor', 'major'];

function atLeast(current: Bump, needed: Bump): Bump {
  return BUMP_ORDER.indexOf(needed) > BUMP_ORDER.indexOf(current) ? needed : current;
}

function parseSemver(version: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * The document without info.version and with every `required` list in one order: the order of
 * required names means nothing to a validator, so a generator that lists them differently changed
 * nothing.
 */
function comparable(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((item) => comparable(item, false));
  if (!isObject(value)) return value;
  const copy: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'required' && Array.isArray(item) && item.every((name) => typeof name === 'string')) {
      copy[key] = [...item].sort();
    } else if (top && key === 'info' && isObject(item)) {
      const { version: _version, ...info } = item;
      copy[key] = info;
    } else {
      copy[key] = comparable(item, false);
    }
  }
  return copy;
}

/**
 * Every change from `before` (the committed catalogue) to `after` (the new one), judged by the rules.
 * Pure: no file, no git. An empty list means nothing a consumer could notice changed.
 */
export function compareCatalogues(before: unknown, after: unknown): Finding[] {
  const old = readCatalogue(before, 'before');
  const next = readCatalogue(after, 'after');
  const findings: Finding[] = [...next.problems];
  let bump: Bump = 'none';
  /** Why the bump is needed, for the message when info.version falls short. */
  const reasons: Record<Exclude<Bump, 'none'>, string[]> = { major: [], minor: [], patch: [] };
  const need = (level: Exclude<Bump, 'none'>, reason: string) => {
    bump = atLeast(bump, level);
    reasons[level].push(reason);
  };
  const push = (severity: Severity, type: string, path: string, message: string) =>
    findings.push({ severity, type, path, message });

  // Topics: kept forever, so a topic never goes away and keeps its retention.
  for (const [address, channel] of old.topics) {
    const successor = next.topics.get(address);
    if (!successor) {
      push(
        'error',
        '',
        address,
        `topic ${address} removed: topics are read from the beginning forever, a topic stays`,
      );
      need('major', `topic ${address} removed`);
      continue;
    }
    if (!isDeepStrictEqual(topicConfiguration(channel), topicConfiguration(successor))) {
      push(
        'error',
        '',
        address,
        `topic ${address}: configuration ${JSON.stringify(topicConfiguration(channel))} -> ${JSON.stringify(topicConfiguration(successor))}: topics keep every event forever (retention and cleanup policy stay)`,
      );
      need('major', `topic ${address} reconfigured`);
    }
  }
  for (const address of next.topics.keys()) {
    if (old.topics.has(address)) continue;
    push('additive', '', address, `topic ${address} added`);
    need('minor', `topic ${address} added`);
  }

  for (const [type, entry] of old.types) {
    const successor = next.types.get(type);
    if (!successor?.current) {
      push(
        'error',
        type,
        type,
        `${type}: event type removed: the topics still hold its events, so it stays in the catalogue (and readable) forever`,
      );
      need('major', `${type} removed`);
      continue;
    }
    if (!entry.current) continue; // reported as a problem of the old document
    const from = entry.current.schemaVersion;
    const to = successor.current.schemaVersion;

    for (const [field, label] of [
      ['streamType', 'x-stream-type'],
      ['streamIdField', 'x-stream-id-field'],
      ['topic', 'topic'],
    ] as const) {
      if (entry[field] === successor[field]) continue;
      push(
        'error',
        type,
        label,
        `${type}: ${label} ${show(entry[field])} -> ${show(successor[field])}: an event type never moves to another stream or topic (define a new event type instead)`,
      );
      need('major', `${type} moved`);
    }

    // Old versions are frozen: the topics hold events written with them.
    for (const [schemaVersion, version] of entry.versions) {
      if (version === entry.current) continue;
      const kept = successor.versions.get(schemaVersion);
      if (!kept || kept === successor.current) {
        push(
          'error',
          type,
          version.name,
          `${type}: version ${schemaVersion} (${version.name}) dropped: old versions stay readable as long as the topics may hold them, i.e. forever`,
        );
        need('major', `${version.name} dropped`);
        continue;
      }
      frozen(type, version, kept);
    }

    if (to < from) {
      push(
        'error',
        type,
        'x-schema-version',
        `${type}: schemaVersion lowered ${from} -> ${to}: versions only go up`,
      );
      need('major', `${type} version lowered`);
      continue;
    }

    // The envelope's own `schemaVersion` constant follows x-schema-version: reported once, below.
    const changes = compareSchemas(entry.current.payload, successor.current.payload).filter(
      (change) => to === from || change.path !== 'schemaVersion',
    );
    if (entry.personalSubject !== successor.personalSubject) {
      changes.push({
        kind: 'breaking',
        path: 'x-personal-data-subject',
        text: `personal data subject ${show(entry.personalSubject)} -> ${show(successor.personalSubject)}`,
      });
    }
    const breakingChanges = changes.filter((change) => change.kind === 'breaking');

    if (to === from) {
      for (const change of changes) {
        if (change.kind === 'documentation') {
          need('patch', `${describe(type, change.path, change.text)}`);
        } else if (change.kind === 'additive') {
          push('additive', type, change.path, describe(type, change.path, change.text));
          need('minor', describe(type, change.path, change.text));
        } else {
          push(
            'error',
            type,
            change.path,
            `${describe(type, change.path, change.text)}: a breaking change, but schemaVersion stays ${from}: raise it to ${from + 1}, keep version ${from} in previousVersions with an upcaster (catalogued as ${type}.v${from})`,
          );
          need('major', describe(type, change.path, change.text));
        }
      }
      continue;
    }

    // The version went up: the change may break, but the old version must stay as it was.
    need('major', `${type} schemaVersion ${from} -> ${to}`);
    push('breaking', type, 'x-schema-version', `${type}: schemaVersion ${from} -> ${to}`);
    if (to > from + 1) {
      push(
        'error',
        type,
        'x-schema-version',
        `${type}: schemaVersion ${from} -> ${to} skips a version: it goes up by one, so every number on the topics has a schema`,
      );
    }
    for (const change of changes) {
      if (change.kind === 'documentation') continue;
      push(change.kind, type, change.path, describe(type, change.path, change.text));
    }
    if (breakingChanges.length === 0 && changes.every((change) => change.kind !== 'additive')) {
      // Nothing but documentation changed: harmless, but a bump with no reason usually means a mistake.
      push(
        'breaking',
        type,
        'x-schema-version',
        `${type}: schemaVersion raised without a change to its schema`,
      );
    }
    const kept = successor.versions.get(from);
    if (!kept || kept === successor.current) {
      push(
        'error',
        type,
        `${type}.v${from}`,
        `${type}: version ${from} is no longer catalogued: when schemaVersion goes up, the old version stays as ${type}.v${from} (previousVersions with an upcaster), since the topics keep its events`,
      );
    } else {
      frozen(type, entry.current, kept);
    }
  }

  for (const [type, entry] of next.types) {
    if (old.types.has(type) || !entry.current) continue;
    push('additive', type, '', `${type}: event type added (version ${entry.current.schemaVersion})`);
    need('minor', `${type} added`);
  }

  // Anything else that differs (a summary, an example, a channel description) is documentation.
  if (bump === 'none' && !isDeepStrictEqual(comparable(before), comparable(after))) {
    need('patch', 'descriptions or examples changed');
  }

  checkInfoVersion(old.version, next.version, bump, reasons, push);
  return findings;

  function frozen(type: string, version: VersionEntry, kept: VersionEntry) {
    for (const change of compareSchemas(version.payload, kept.payload)) {
      if (change.kind === 'documentation') {
        need('patch', `${kept.name} ${change.path}: ${change.text}`);
        continue;
      }
      push(
        'error',
        type,
        join(kept.name, change.path),
        `${describe(kept.name, change.path, change.text)}: the payload of an old version is frozen, the topics hold events written with it`,
      );
      need('major', `${kept.name} changed`);
    }
  }
}

function checkInfoVersion(
  before: string,
  after: string,
  bump: Bump,
  reasons: Record<Exclude<Bump, 'none'>, string[]>,
  push: (severity: Severity, type: string, path: string, message: string) => void,
): void {
  const from = parseSemver(before);
  const to = parseSemver(after);
  if (!to) {
    push(
      'error',
      '',
      'info.version',
      `catalogue info.version ${show(after)} is not a version (major.minor.patch)`,
    );
    return;
  }
  if (!from) return; // nothing to compare with: the first catalogue sets the version
  const order = to[0] - from[0] || to[1] - from[1] || to[2] - from[2];
  if (order < 0) {
    push('error', '', 'info.version', `catalogue info.version lowered ${before} -> ${after}`);
    return;
  }
  const [major, minor, patch] = from;
  const expected: Record<Exclude<Bump, 'none'>, [boolean, string]> = {
    major: [to[0] > major, `${major + 1}.0.0`],
    minor: [to[0] > major || to[1] > minor, `${major}.${minor + 1}.0`],
    patch: [order > 0, `${major}.${minor}.${patch + 1}`],
  };
  if (bump === 'none') return;
  const [ok, next] = expected[bump];
  if (ok) return;
  const why = reasons[bump];
  const shown = why.slice(0, 3).join('; ') + (why.length > 3 ? `; and ${why.length - 3} more` : '');
  const rule =
    bump === 'major'
      ? 'a schemaVersion rose or something broke, so the major goes up'
      : bump === 'minor'
        ? 'an additive change raises the minor'
        : 'a change of descriptions or examples raises the patch';
  push(
    'error',
    '',
    'info.version',
    `catalogue info.version ${before} -> ${after}: ${rule} (${next}, CATALOGUE_VERSION in contracts/src/catalogue-document.ts): ${shown}`,
  );
}

/** Findings as text, errors first, one per line: what `npm run catalogue` and the tests print. */
export function formatFindings(findings: readonly Finding[]): string {
  const order: Severity[] = ['error', 'breaking', 'additive'];
  return [...findings]
    .sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity))
    .map((finding) => `${finding.severity.padEnd(8)} ${finding.message}`)
    .join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Committed catalogues, read from git (for `npm run catalogue` and the tests)
// ---------------------------------------------------------------------------------------------------

export const CATALOGUE_GIT_PATH = 'docs/events/catalogue.json';

function git(repoRoot: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The catalogue as committed at `revision`, or null when git or that file at that revision is not there. */
export function committedCatalogue(repoRoot: string, revision = 'HEAD'): unknown | null {
  try {
    return JSON.parse(git(repoRoot, ['show', `${revision}:${CATALOGUE_GIT_PATH}`]));
  } catch {
    return null;
  }
}

export type CatalogueHistory =
  | { kind: 'full'; commits: string[] }
  | { kind: 'shallow'; commits: string[] }
  | { kind: 'none'; commits: [] };

/**
 * Every commit that changed the catalogue, oldest first. A shallow clone holds only part of it, which
 * the caller must say rather than pretend to have checked the whole history.
 */
export function catalogueHistory(repoRoot: string): CatalogueHistory {
  try {
    const shallow = git(repoRoot, ['rev-parse', '--is-shallow-repository']).trim() === 'true';
    const commits = git(repoRoot, ['log', '--reverse', '--format=%H', '--', CATALOGUE_GIT_PATH])
      .split('\n')
      .filter((line) => line !== '');
    return shallow ? { kind: 'shallow', commits } : { kind: 'full', commits };
  } catch {
    return { kind: 'none', commits: [] };
  }
}
