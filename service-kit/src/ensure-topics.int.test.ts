import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { createKafka, ensureTopics } from './kafka.ts';
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
  const admin = kafka.admin();
  await admin.connect();
  await admin.deleteTopics({ topics }).catch(() => {});
  await admin.disconnect();
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
    const admin = kafka.admin();
    await admin.connect();
    try {
      const { topics: metadata } = await admin.fetchTopicMetadata({ topics });
      expect(metadata.map((topic) => topic.name).sort()).toEqual([...topics].sort());
      for (const topic of metadata) {
        expect(topic.partitions).toHaveLength(config.KAFKA_TOPIC_PARTITIONS);
        for (const partition of topic.partitions) expect(partition.leader).toBeGreaterThanOrEqual(0);
      }
    } finally {
      await admin.disconnect();
    }
    // And each takes writes (a broker can still answer "not the leader" for a moment after its
    // metadata names one: the producer's own retries cover that).
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    try {
      for (const topic of topics) await producer.send({ topic, messages: [{ key: 'k', value: 'v' }] });
    } finally {
      await producer.disconnect();
    }
  });
});
