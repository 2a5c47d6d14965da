import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import {
  createKafka,
  EAGER_FETCH_MAX_WAIT_MS,
  EAGER_FETCH_MIN_BYTES,
  ensureTopics,
  SupervisedConsumer,
} from './kafka.ts';
import { createLogger } from './logger.ts';

const id = randomBytes(4).toString('hex');
const config = loadConfig(baseEnv, {
  ...process.env,
  NODE_ENV: 'test',
  KAFKA_TOPIC_PREFIX: `t.consumer${id}.`,
});
const log = createLogger('supervised-consumer-test', 'error');
const kafka = createKafka(config, 'supervised-consumer-test', log);
const topic = `t.consumer${id}.live`;
const producer = kafka.producer();

afterAll(async () => {
  await producer.disconnect();
  const admin = kafka.admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => {});
  await admin.disconnect();
});

describe('SupervisedConsumer', () => {
  it('of live updates (a new group, not from the beginning) gets what is written as soon as it has joined', async () => {
    await ensureTopics(kafka, config, [topic]);
    await producer.connect();
    // Written before any consumer joined: not for a consumer of live updates.
    await producer.send({ topic, messages: [{ key: 'k', value: 'before' }] });
    // Several new groups at once, each writing the moment it counts as joined: kafkajs asks for the
    // latest offsets in the first fetch after the join, so a join that counted at once lost some.
    const runs = Array.from({ length: 6 }, async (_, n) => {
      const heard: string[] = [];
      let heardLive!: () => void;
      const live = new Promise<void>((resolve) => {
        heardLive = resolve;
      });
      const consumer = new SupervisedConsumer({
        kafka,
        groupId: `t.consumer${id}.group-${n}`,
        topics: [topic],
        fromBeginning: false,
        minBytes: EAGER_FETCH_MIN_BYTES,
        maxWaitMs: EAGER_FETCH_MAX_WAIT_MS,
        log,
        run: () => ({
          eachMessage: async ({ message }) => {
            const value = message.value?.toString() ?? '';
            heard.push(value);
            if (value === `live-${n}`) heardLive();
          },
        }),
      });
      consumer.start();
      try {
        await consumer.firstJoin;
        await producer.send({ topic, messages: [{ key: 'k', value: `live-${n}` }] });
        const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
        expect(await Promise.race([live, timeout])).not.toBe('timeout');
        expect(heard).not.toContain('before');
      } finally {
        await consumer.stop();
      }
    });
    await Promise.all(runs);
  });
});
