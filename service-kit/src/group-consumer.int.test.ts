import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { GroupConsumer, type GroupConsumerOptions } from './group-consumer.ts';
import {
  createIdempotentProducer,
  createKafka,
  EAGER_FETCH_MAX_WAIT_MS,
  EAGER_FETCH_MIN_BYTES,
  ensureTopics,
  withAdmin,
} from './kafka.ts';
import { createLogger } from './logger.ts';
import { recordTestProcess } from './testing.ts';

const id = randomBytes(4).toString('hex');
const prefix = `t.group${id}.`;
const config = loadConfig(baseEnv, { ...process.env, NODE_ENV: 'test', KAFKA_TOPIC_PREFIX: prefix });
const log = createLogger('group-consumer-test', 'error');
const kafka = createKafka(config, 'group-consumer-test', log);
const producer = createIdempotentProducer(kafka);
const topics: string[] = [];
const member = fileURLToPath(new URL('./group-consumer.member.ts', import.meta.url));

async function newTopic(name: string): Promise<string> {
  const topic = `${prefix}${name}`;
  topics.push(topic);
  await ensureTopics(kafka, config, [topic]);
  return topic;
}

function consumer(
  topic: string,
  group: string,
  eachBatch: GroupConsumerOptions['eachBatch'],
  { fromBeginning = true, eager = false, maxBytesPerPartition = undefined as number | undefined } = {},
) {
  return new GroupConsumer({
    kafka,
    groupId: `${prefix}${group}`,
    topics: [topic],
    fromBeginning,
    log,
    ...(eager ? { minBytes: EAGER_FETCH_MIN_BYTES, maxWaitMs: EAGER_FETCH_MAX_WAIT_MS } : {}),
    ...(maxBytesPerPartition ? { maxBytesPerPartition } : {}),
    eachBatch,
  });
}

const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

afterAll(async () => {
  await producer.close();
  await withAdmin(kafka, (admin) => admin.deleteTopics({ topics })).catch(() => {});
});

describe('GroupConsumer', () => {
  it('of live updates (a new group, not from the beginning) gets what is written as soon as it has joined', async () => {
    const topic = await newTopic('live');
    await producer.send({ messages: [{ topic, key: 'k', value: 'before' }] });
    const runs = Array.from({ length: 4 }, async (_, n) => {
      const heard: string[] = [];
      const reader = consumer(
        topic,
        `live-${n}`,
        async (batch) => {
          for (const m of batch.messages) heard.push(m.value?.toString() ?? '');
        },
        { fromBeginning: false, eager: true },
      );
      reader.start();
      try {
        await reader.firstJoin;
        expect(reader.joined).toBe(true);
        await producer.send({ messages: [{ topic, key: 'k', value: `live-${n}` }] });
        await until(() => heard.includes(`live-${n}`), 10_000);
        expect(heard).not.toContain('before');
      } finally {
        await reader.stop();
      }
    });
    await Promise.all(runs);
  });

  it('with a start time, a new group reads from the first event written since then, not the newest', async () => {
    const topic = await newTopic('since');
    await producer.send({ messages: [{ topic, key: 'k', value: 'old' }] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const since = Date.now();
    await producer.send({ messages: [{ topic, key: 'k', value: 'since' }] });
    const heard: string[] = [];
    const reader = new GroupConsumer({
      kafka,
      groupId: `${prefix}since`,
      topics: [topic],
      fromBeginning: false,
      startFrom: since,
      minBytes: EAGER_FETCH_MIN_BYTES,
      maxWaitMs: EAGER_FETCH_MAX_WAIT_MS,
      log,
      eachBatch: async (batch) => {
        for (const m of batch.messages) heard.push(m.value?.toString() ?? '');
      },
    });
    reader.start();
    try {
      await reader.firstJoin;
      await producer.send({ messages: [{ topic, key: 'k', value: 'live' }] });
      await until(() => heard.includes('live'), 10_000);
      expect(heard).toEqual(['since', 'live']);
    } finally {
      await reader.stop();
    }
  });

  it("hands a fetch's partitions over together, fetches again only once they are handled, and resumes from what was committed", async () => {
    const topic = await newTopic('batches');
    // Keys spread over the topic's three partitions, in small record batches: a fetch that may bring
    // 1 KiB of a partition brings a few of them from each.
    for (let sent = 0; sent < 300; sent += 10) {
      await producer.send({
        messages: Array.from({ length: 10 }, (_, i) => ({
          topic,
          key: `key-${sent + i}`,
          value: `m${sent + i}`,
        })),
      });
    }
    const turns: number[][] = [];
    let inFlight = 0;
    let most = 0;
    let seen = 0;
    const reader = consumer(
      topic,
      'batches',
      async (batch, handle) => {
        if (inFlight === 0) turns.push([]);
        turns.at(-1)?.push(batch.partition);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 30));
        const next = (BigInt(batch.messages.at(-1)?.offset ?? '0') + 1n).toString();
        await handle.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: next }]);
        seen += batch.messages.length;
        inFlight--;
        // Small fetches: the 300 messages take several.
      },
      { maxBytesPerPartition: 1024 },
    );
    reader.start();
    try {
      await until(() => seen === 300, 15_000);
    } finally {
      await reader.stop();
    }
    // The first fetch brought every partition, handed over in one turn; nothing came while one ran.
    expect(turns[0]?.length).toBe(3);
    expect(most).toBe(3);
    expect(turns.length).toBeGreaterThan(3);

    await producer.send({ messages: [{ topic, key: 'key-1', value: 'after' }] });
    const again: string[] = [];
    const next = consumer(topic, 'batches', async (batch) => {
      for (const m of batch.messages) again.push(m.value?.toString() ?? '');
    });
    next.start();
    try {
      await until(() => again.includes('after'), 15_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(again).toEqual(['after']);
    } finally {
      await next.stop();
    }
  });

  it('hands a failing batch over again in place, without starting a new member', async () => {
    const topic = await newTopic('again');
    await producer.send({ messages: [{ topic, key: 'k', value: 'once' }] });
    let tries = 0;
    const reader = consumer(topic, 'again', async () => {
      tries++;
      if (tries < 3) throw new Error('deadlock detected');
    });
    reader.start();
    try {
      await until(() => tries === 3, 10_000);
      expect(reader.restarts).toBe(0);
      expect(reader.joined).toBe(true);
    } finally {
      await reader.stop();
    }
  });

  it('takes a SIGKILLed static member’s partitions back at once when it is started again under its name', async () => {
    const topic = await newTopic('static');
    const group = `${prefix}static`;
    const sentAt = new Map<string, number>();
    let sequence = 0;
    const ticking = setInterval(() => {
      const value = `m${sequence++}`;
      sentAt.set(value, Date.now());
      void producer.send({ messages: [{ topic, key: value, value }] }).catch(() => {});
    }, 100);
    const children: ChildProcess[] = [];
    const start = () => {
      const child = spawn(process.execPath, [member, topic, group, 'copy-1'], {
        env: { ...process.env, KAFKA_TOPIC_PREFIX: prefix },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      recordTestProcess(child.pid);
      children.push(child);
      return createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
    };
    const firstAfter = async (lines: AsyncIterableIterator<string>, after: number) => {
      for (let next = await lines.next(); !next.done; next = await lines.next()) {
        if ((sentAt.get(next.value) ?? 0) > after) return Date.now();
      }
      throw new Error('the member ended');
    };
    try {
      const first = start();
      await firstAfter(first, 0);
      const killedAt = Date.now();
      children[0]?.kill('SIGKILL');
      const healedAt = await firstAfter(start(), killedAt);
      // The group's session is 6 s: a new member would have waited that long for the dead one.
      expect(healedAt - killedAt).toBeLessThan(4_000);
    } finally {
      clearInterval(ticking);
      for (const child of children) child.kill('SIGKILL');
    }
  }, 30_000);
});
