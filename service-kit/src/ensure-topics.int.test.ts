import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { createIdempotentProducer, createKafka, ensureTopics, withAdmin } from './kafka.ts';
import { createLogger } from './logger.ts';

const id = randomBytes(4).toString('hex');
const config = loadConfig(baseEnv, {
  ...process.env,
  NODE_ENV: 'test',
  KAFKA_TOPIC_PREFIX: `t.topics${id}.`,
});
const log = createLogger('ensure-topics-test', 'error');
const kafka = createKafka(config, 'ensure-topics-test', log);
const topics = Array.from({ length: 8 }, (_, n) => `t.topics${id}.topic-${n}`);

afterAll(async () => {
  await withAdmin(kafka, (admin) => admin.deleteTopics({ topics })).catch(() => {});
});

describe('ensureTopics', () => {
  it('called by several processes at once, returns in each only when every partition has a leader', async () => {
    // Six callers race to create the same new topics: one creates them, the others are told they
    // exist. Each must return only once the topics can take writes.
    await Promise.all(
      Array.from({ length: 6 }, () =>
        ensureTopics(createKafka(config, 'ensure-topics-test', log), config, topics),
      ),
    );
    await withAdmin(kafka, async (admin) => {
      const { topics: metadata } = await admin.metadata({ topics, forceUpdate: true });
      expect([...metadata.keys()].sort()).toEqual([...topics].sort());
      for (const topic of metadata.values()) {
        expect(topic.partitions).toHaveLength(config.KAFKA_TOPIC_PARTITIONS);
        for (const partition of topic.partitions) expect(partition.leader).toBeGreaterThanOrEqual(0);
      }
    });
    // And each takes writes (a broker can still answer "not the leader" for a moment after its
    // metadata names one: the producer's own retries cover that).
    const producer = createIdempotentProducer(kafka);
    try {
      for (const topic of topics) await producer.send({ messages: [{ topic, key: 'k', value: 'v' }] });
    } finally {
      await producer.close();
    }
  });
});
