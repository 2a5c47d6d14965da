import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  catalogueDocument,
  catalogueJson,
  eventMessageSchema,
  exampleEvent,
} from '../src/catalogue-document.ts';
import { domainEvents, domainEventTypes, parseDomainEvent } from '../src/events/catalogue.ts';
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

  it('has one message per event, referenced by its topic channel and a receive operation', () => {
    expect(Object.keys(document.components.messages).sort()).toEqual([...domainEventTypes].sort());
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
});
