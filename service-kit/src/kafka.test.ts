import type { ConsumerConfig, Kafka } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import {
  createConsumer,
  EAGER_FETCH_MAX_WAIT_MS,
  EAGER_FETCH_MIN_BYTES,
  FETCH_MAX_WAIT_MS,
  FETCH_MIN_BYTES,
} from './kafka.ts';

/** A Kafka client whose consumers are the configuration they were made with. */
const configOf = (make: (kafka: Kafka) => unknown): ConsumerConfig => {
  const kafka = { consumer: (config: ConsumerConfig) => config } as unknown as Kafka;
  return make(kafka) as ConsumerConfig;
};

describe('createConsumer', () => {
  it('waits for a batch worth fetching by default', () => {
    const config = configOf((kafka) => createConsumer(kafka, 'group'));
    expect(config.groupId).toBe('group');
    expect(config.minBytes).toBe(FETCH_MIN_BYTES);
    expect(FETCH_MIN_BYTES).toBeGreaterThan(1);
    expect(config.maxWaitTimeInMs).toBe(FETCH_MAX_WAIT_MS);
  });

  it('fetches each event as it comes when asked to, with the same wait when idle', () => {
    const config = configOf((kafka) => createConsumer(kafka, 'group', { minBytes: EAGER_FETCH_MIN_BYTES }));
    expect(config.minBytes).toBe(1);
    expect(config.maxWaitTimeInMs).toBe(FETCH_MAX_WAIT_MS);
  });

  it('polls an idle broker less often when asked to, as an eager consumer waits for nothing else', () => {
    const config = configOf((kafka) =>
      createConsumer(kafka, 'group', { minBytes: EAGER_FETCH_MIN_BYTES, maxWaitMs: EAGER_FETCH_MAX_WAIT_MS }),
    );
    expect(config.minBytes).toBe(1);
    expect(config.maxWaitTimeInMs).toBe(EAGER_FETCH_MAX_WAIT_MS);
    expect(EAGER_FETCH_MAX_WAIT_MS).toBeGreaterThan(FETCH_MAX_WAIT_MS);
  });
});
