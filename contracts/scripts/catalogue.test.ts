import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  catalogueDocument,
  catalogueJson,
  eventMessageSchema,
  exampleEvent,
  previousExampleEvent,
  previousMessageName,
  previousMessageSchema,
  readWithoutKeys,
} from '../src/catalogue-document.ts';
import {
  type DomainEventType,
  domainEvents,
  domainEventTypes,
  parseDomainEvent,
} from '../src/events/catalogue.ts';
import type { PreviousVersion } from '../src/events/define-event.ts';
import { allTopics, topics } from '../src/topics.ts';
import { CATALOGUE_PATH } from './write-catalogue.ts';

describe('docs/events/catalogue.json', () => {
  it('is up to date with the zod schemas', () => {
    const committed = readFileSync(CATALOGUE_PATH, 'utf8');
    expect(
      committed === catalogueJson(),
      'docs/events/catalogue.json is stale: run `npm run catalogue`',
    ).toBe(true);
  });
});

describe('the AsyncAPI document', () => {
  const document = catalogueDocument();

  it('is AsyncAPI 3.0 with one channel per topic', () => {
    expect(document.asyncapi).toBe('3.0.0');
    expect(Object.keys(document.channels).sort()).toEqual([...allTopics].sort());
    for (const [id, channel] of Object.entries(document.channels)) expect(channel.address).toBe(id);
  });

  const previousVersions = domainEventTypes.flatMap((type) =>
    ((domainEvents[type] as { previousVersions?: readonly PreviousVersion[] }).previousVersions ?? []).map(
      (version) => [type, version] as [DomainEventType, PreviousVersion],
    ),
  );

  it('has one message per event version, referenced by its topic channel and a receive operation', () => {
    expect(Object.keys(document.components.messages).sort()).toEqual(
      [
        ...domainEventTypes,
        ...previousVersions.map(([type, v]) => previousMessageName(type, v.schemaVersion)),
      ].sort(),
    );
    for (const type of domainEventTypes) {
      const topic = topics[domainEvents[type].streamType];
      const channel = document.channels[topic];
      expect(channel?.messages[type]).toEqual({ $ref: `#/components/messages/${type}` });
      const operation = Object.values(document.operations).find(
        (op) => op.channel.$ref === `#/channels/${topic}`,
      );
      expect(operation?.messages).toContainEqual({ $ref: `#/channels/${topic}/messages/${type}` });
    }
  });

  it('describes each message with its version, stream type and envelope schema', () => {
    for (const type of domainEventTypes) {
      const message = document.components.messages[type];
      expect(message?.['x-schema-version']).toBe(domainEvents[type].schemaVersion);
      expect(message?.['x-stream-type']).toBe(domainEvents[type].streamType);
      expect(message?.summary).toBe(domainEvents[type].description);
      const payload = message?.payload as { properties: Record<string, { const?: unknown }> };
      expect(payload.properties.type?.const).toBe(type);
      expect(payload.properties.data).toBeDefined();
    }
  });

  it.each(domainEventTypes)('the %s example validates', (type) => {
    const example = exampleEvent(type);
    expect(eventMessageSchema(type).safeParse(example).success).toBe(true);
    expect(parseDomainEvent(example).type).toBe(type);
    expect(document.components.messages[type]?.examples[0]?.payload).toEqual(example);
  });

  it.each(previousVersions.map(([type, v]) => [`${type} v${v.schemaVersion}`, type, v] as const))(
    'the %s example validates and upcasts to the current version',
    (_name, type, version) => {
      const example = previousExampleEvent(type, version);
      expect(previousMessageSchema(type, version).safeParse(example).success).toBe(true);
      const event = parseDomainEvent(example);
      expect(event.schemaVersion).toBe(domainEvents[type].schemaVersion);
      // A version whose shape did not change upcasts to the current example itself; one with its own
      // example, to what its upcaster makes of it.
      const expected =
        version.example === undefined
          ? domainEvents[type].example
          : version.upcast(version.data.parse(version.example) as never);
      // Read without keys: what that version sealed takes its erased stand-in.
      expect(event.data).toEqual(
        readWithoutKeys(type, version, domainEvents[type].data.parse(expected) as Record<string, unknown>),
      );
      const message = document.components.messages[previousMessageName(type, version.schemaVersion)];
      expect(message?.['x-superseded-by']).toBe(domainEvents[type].schemaVersion);
    },
  );

  it('marks every personal field sealed, with its plain schema beside it', () => {
    const marked: string[] = [];
    for (const type of domainEventTypes) {
      const message = document.components.messages[type] as unknown as {
        payload: { properties: { data: { properties: Record<string, Record<string, unknown>> } } };
        'x-personal-data-fields'?: string[];
      };
      const fields = Object.entries(message.payload.properties.data.properties);
      for (const [field, schema] of fields) {
        if (schema['x-personal-data'] !== true) continue;
        marked.push(`${type}.${field}`);
        expect(schema.type).toBe('string');
        expect(schema['x-plain-schema']).toBeTypeOf('object');
      }
      expect(fields.filter(([, s]) => s['x-personal-data']).map(([f]) => f)).toEqual(
        message['x-personal-data-fields'] ?? [],
      );
    }
    expect(marked.sort()).toEqual(
      [
        'ApplicationSubmitted.coverLetter',
        'ApplicationSubmitted.expectedSalary',
        'ApplicationSubmitted.resume',
        'CommentAdded.content',
        'MessageSent.text',
        'CommentEdited.content',
        'PostCreated.content',
        'PostCreated.images',
        'PostCreated.tags',
        'PostEdited.content',
        'PostEdited.tags',
        'ProfileUpdated.bio',
        'ProfileUpdated.email',
        'ProfileUpdated.firstName',
        'ProfileUpdated.jobPreferences',
        'ProfileUpdated.jobTitle',
        'ProfileUpdated.lastName',
        'ProfileUpdated.location',
        'ProfileUpdated.phone',
        'ResumeUploaded.filename',
        'SkillsUpdated.skills',
        'TagFollowed.tag',
        'TagUnfollowed.tag',
        'UserRegistered.email',
        'UserRegistered.firstName',
        'UserRegistered.lastName',
      ].sort(),
    );
  });
});
