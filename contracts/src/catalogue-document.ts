import { z } from 'zod';
import {
  type DomainEventType,
  domainEvents,
  domainEventTypes,
  eventTypesOf,
  previousWireData,
  streamIdFields,
} from './events/catalogue.ts';
import type { PreviousVersion } from './events/define-event.ts';
import { EventEnvelope } from './events/envelope.ts';
import { exampleIds } from './events/example-ids.ts';
import {
  type PersonalSpecLike,
  personalFieldsOf,
  SEALED_PREFIX,
  sealedSchemaOf,
} from './events/personal-data.ts';
import { type StreamType, streamTypes, topics } from './topics.ts';

/**
 * The event catalogue analytics consumers read: an AsyncAPI 3.0 document generated from the zod
 * schemas. Pure, so a test can compare it with the committed `docs/events/catalogue.json`.
 */

/** Bump the minor on an additive change, the major when any event's schemaVersion goes up. */
export const CATALOGUE_VERSION = '4.2.0';

const KAFKA_BINDING_VERSION = '0.5.0';

interface Definition {
  streamType: StreamType;
  schemaVersion: number;
  data: z.ZodType;
  description: string;
  example: unknown;
  personalData?: PersonalSpecLike;
  previousVersions?: readonly PreviousVersion[];
}

function definitionOf(type: DomainEventType): Definition {
  return domainEvents[type] as unknown as Definition;
}

/** The envelope schema of one version of an event type, as it travels: personal fields sealed. */
function wireSchema(type: DomainEventType, schemaVersion: number, data: z.ZodType) {
  const definition = definitionOf(type);
  return EventEnvelope.extend({
    type: z.literal(type),
    schemaVersion: z.literal(schemaVersion),
    streamType: z.literal(definition.streamType),
    data,
  });
}

/** The full envelope schema of one event type's current version, as it travels on the topics. */
export function eventMessageSchema(type: DomainEventType) {
  const definition = definitionOf(type);
  return wireSchema(type, definition.schemaVersion, sealedSchemaOf(definition.personalData, definition.data));
}

/** The envelope schema of an older version the topics may still hold. */
export function previousMessageSchema(type: DomainEventType, previous: PreviousVersion) {
  return wireSchema(type, previous.schemaVersion, previousWireData(type, previous));
}

/** A stand-in sealed value for examples: stable, looks like the real thing, reveals nothing. */
function exampleSealed(field: string, value: unknown): string {
  let hash = 0x811c9dc5;
  const text = `${field}:${JSON.stringify(value)}`;
  const bytes: number[] = [];
  for (let round = 0; bytes.length < 12 + 16 + Math.max(8, text.length); round++) {
    for (const char of `${round}${text}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    bytes.push(hash & 0xff, (hash >>> 8) & 0xff, (hash >>> 16) & 0xff, hash >>> 24);
  }
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return SEALED_PREFIX + bytes.map((b) => alphabet[b & 63]).join('');
}

/** A complete, valid example event (envelope + the definition's example data, personal fields sealed). */
export function exampleEvent(type: DomainEventType): EventEnvelope {
  const definition = definitionOf(type);
  const index = domainEventTypes.indexOf(type) + 1;
  const plain = definition.example as Record<string, unknown>;
  const data = { ...plain };
  for (const field of personalFieldsOf(definition.personalData)) {
    data[field] = exampleSealed(field, plain[field] ?? null);
  }
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type,
    schemaVersion: definition.schemaVersion,
    streamType: definition.streamType,
    streamId: String(data[streamIdFields[definition.streamType]]),
    streamVersion: 1,
    position: index,
    occurredAt: '2025-01-15T09:30:00.000Z',
    actorId: exampleIds.user,
    correlationId: '00000000-0000-4000-9000-000000000001',
    causationId: null,
    data,
  };
}

/** The same example as an older version would have carried it (the plain example data). */
export function previousExampleEvent(type: DomainEventType, previous: PreviousVersion): EventEnvelope {
  const plain = (previous.example ?? definitionOf(type).example) as Record<string, unknown>;
  const data = { ...plain };
  for (const field of previous.sealed ?? []) data[field] = exampleSealed(field, plain[field] ?? null);
  return { ...exampleEvent(type), schemaVersion: previous.schemaVersion, data };
}

/**
 * What a reader without the subject's key gets of `data` (current-version input) once upcast from an
 * older version: the fields that version sealed at their erased stand-ins.
 */
export function readWithoutKeys(
  type: DomainEventType,
  previous: Pick<PreviousVersion, 'sealed'>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const spec = definitionOf(type).personalData;
  const read = { ...data };
  if (!spec) return read;
  const subjectId = String(data[spec.subject]);
  for (const field of previous.sealed ?? []) read[field] = spec.erased[field]?.(subjectId);
  return read;
}

/** The message key of an older version: `UserRegistered.v1`. */
export function previousMessageName(type: DomainEventType, schemaVersion: number): string {
  return `${type}.v${schemaVersion}`;
}

/** Every message the topics may hold: current versions and the older ones still readable. */
function messageNames(types: readonly DomainEventType[]): string[] {
  return types.flatMap((type) => [
    type,
    ...(definitionOf(type).previousVersions ?? []).map((v) => previousMessageName(type, v.schemaVersion)),
  ]);
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
  }) as Record<string, unknown>;
  return rest;
}

function operationId(streamType: StreamType): string {
  return `receive${streamType.charAt(0).toUpperCase()}${streamType.slice(1)}Events`;
}

function messageRef(streamType: StreamType, name: string) {
  return { $ref: `#/channels/${topics[streamType]}/messages/${name}` };
}

export function catalogueDocument() {
  const channels = Object.fromEntries(
    streamTypes.map((streamType) => [
      topics[streamType],
      {
        address: topics[streamType],
        title: `${streamType} events`,
        description:
          `Every event of the ${streamType} aggregate, in stream order per key. ` +
          `Kafka key = stream id = data.${streamIdFields[streamType]}. Retention is infinite: replayable.`,
        messages: Object.fromEntries(
          messageNames(eventTypesOf(streamType)).map((name) => [
            name,
            { $ref: `#/components/messages/${name}` },
          ]),
        ),
        bindings: {
          kafka: {
            topic: topics[streamType],
            topicConfiguration: { 'retention.ms': -1, 'cleanup.policy': ['delete'] },
            bindingVersion: KAFKA_BINDING_VERSION,
          },
        },
      },
    ]),
  );

  const operations = Object.fromEntries(
    streamTypes.map((streamType) => [
      operationId(streamType),
      {
        action: 'receive',
        title: `Consume ${topics[streamType]}`,
        channel: { $ref: `#/channels/${topics[streamType]}` },
        messages: messageNames(eventTypesOf(streamType)).map((name) => messageRef(streamType, name)),
      },
    ]),
  );

  const kafkaBinding = (type: DomainEventType) => ({
    kafka: {
      key: {
        type: 'string',
        format: 'uuid',
        description: `The stream id, equal to data.${streamIdFields[definitionOf(type).streamType]}`,
      },
      bindingVersion: KAFKA_BINDING_VERSION,
    },
  });
  const messages = Object.fromEntries(
    domainEventTypes.flatMap((type) => {
      const definition = definitionOf(type);
      const personal = personalFieldsOf(definition.personalData);
      const current = [
        type,
        {
          name: type,
          title: type,
          summary: definition.description,
          contentType: 'application/json',
          // AsyncAPI's default schema format is a superset of JSON Schema draft-07, which this is.
          payload: jsonSchema(eventMessageSchema(type)),
          bindings: kafkaBinding(type),
          examples: [{ name: `${type}Example`, payload: exampleEvent(type) }],
          'x-event-type': type,
          'x-schema-version': definition.schemaVersion,
          'x-stream-type': definition.streamType,
          'x-stream-id-field': streamIdFields[definition.streamType],
          ...(personal.length > 0
            ? {
                'x-personal-data-subject': definition.personalData?.subject,
                'x-personal-data-fields': personal,
              }
            : {}),
        },
      ] as const;
      const previous = (definition.previousVersions ?? []).map((version) => {
        const name = previousMessageName(type, version.schemaVersion);
        return [
          name,
          {
            name,
            title: `${type} (version ${version.schemaVersion})`,
            summary: `${definition.description} Still on the topics from before version ${definition.schemaVersion}, readable forever: ${version.change}`,
            contentType: 'application/json',
            payload: jsonSchema(previousMessageSchema(type, version)),
            bindings: kafkaBinding(type),
            examples: [
              {
                name: `${type}V${version.schemaVersion}Example`,
                payload: previousExampleEvent(type, version),
              },
            ],
            'x-event-type': type,
            'x-schema-version': version.schemaVersion,
            'x-superseded-by': definition.schemaVersion,
            'x-stream-type': definition.streamType,
            'x-stream-id-field': streamIdFields[definition.streamType],
          },
        ] as const;
      });
      return [current, ...previous];
    }),
  );

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Careers domain events',
      version: CATALOGUE_VERSION,
      description:
        'Domain events of the careers platform, one Kafka topic per aggregate. Each message is a JSON ' +
        'envelope whose `data` is validated by the schema of its `type` and `schemaVersion`. ' +
        'Generated from the zod schemas in contracts/src/events: do not edit by hand, run `npm run catalogue`.',
    },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: {
      schemas: { EventEnvelope: jsonSchema(EventEnvelope) },
      messages,
    },
  };
}

export type CatalogueDocument = ReturnType<typeof catalogueDocument>;

/** The document as committed: two-space JSON with a final newline. */
export function catalogueJson(): string {
  return `${JSON.stringify(catalogueDocument(), null, 2)}\n`;
}
