import { z } from 'zod';
import {
  type DomainEventType,
  domainEvents,
  domainEventTypes,
  eventTypesOf,
  streamIdFields,
} from './events/catalogue.ts';
import { EventEnvelope } from './events/envelope.ts';
import { exampleIds } from './events/example-ids.ts';
import { type StreamType, streamTypes, topics } from './topics.ts';

/**
 * The event catalogue analytics consumers read: an AsyncAPI 3.0 document generated from the zod
 * schemas. Pure, so a test can compare it with the committed `docs/events/catalogue.json`.
 */

/** Bump the minor on an additive change, the major when any event's schemaVersion goes up. */
export const CATALOGUE_VERSION = '1.0.0';

const KAFKA_BINDING_VERSION = '0.5.0';

/** The full envelope schema of one event type: envelope fields pinned to the type, plus its data. */
export function eventMessageSchema(type: DomainEventType) {
  const definition = domainEvents[type];
  return EventEnvelope.extend({
    type: z.literal(type),
    schemaVersion: z.literal(definition.schemaVersion),
    streamType: z.literal(definition.streamType),
    data: definition.data as z.ZodType,
  });
}

/** A complete, valid example event (envelope + the definition's example data). */
export function exampleEvent(type: DomainEventType): EventEnvelope {
  const definition = domainEvents[type];
  const index = domainEventTypes.indexOf(type) + 1;
  const data = definition.example as Record<string, unknown>;
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

function messageRef(streamType: StreamType, type: DomainEventType) {
  return { $ref: `#/channels/${topics[streamType]}/messages/${type}` };
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
          eventTypesOf(streamType).map((type) => [type, { $ref: `#/components/messages/${type}` }]),
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
        messages: eventTypesOf(streamType).map((type) => messageRef(streamType, type)),
      },
    ]),
  );

  const messages = Object.fromEntries(
    domainEventTypes.map((type) => {
      const definition = domainEvents[type];
      return [
        type,
        {
          name: type,
          title: type,
          summary: definition.description,
          contentType: 'application/json',
          // AsyncAPI's default schema format is a superset of JSON Schema draft-07, which this is.
          payload: jsonSchema(eventMessageSchema(type)),
          bindings: {
            kafka: {
              key: {
                type: 'string',
                format: 'uuid',
                description: `The stream id, equal to data.${streamIdFields[definition.streamType]}`,
              },
              bindingVersion: KAFKA_BINDING_VERSION,
            },
          },
          examples: [{ name: `${type}Example`, payload: exampleEvent(type) }],
          'x-schema-version': definition.schemaVersion,
          'x-stream-type': definition.streamType,
          'x-stream-id-field': streamIdFields[definition.streamType],
        },
      ];
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
