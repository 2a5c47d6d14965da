import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupConsumerOptions } from './group-consumer.ts';
import {
  type Admin,
  CONSUMER_SESSION_TIMEOUT_MS,
  type ConsumerHandle,
  createKafka,
  EAGER_FETCH_MAX_WAIT_MS,
  EAGER_FETCH_MIN_BYTES,
  ensureTopics,
  FETCH_MAX_BYTES_PER_PARTITION,
  FETCH_MAX_WAIT_MS,
  FETCH_MIN_BYTES,
  IntervalOffsetCommitter,
  type Kafka,
  partitionOf,
} from './kafka.ts';
import { createLogger } from './logger.ts';

const kafka = createKafka({ KAFKA_BROKERS: ['127.0.0.1:9092'] }, 'test', createLogger('test', 'silent'));

describe('a group member (groupConsumerOptions)', () => {
  it('waits for a batch worth fetching by default', () => {
    const config = groupConsumerOptions({ kafka, groupId: 'group' });
    expect(config.groupId).toBe('group');
    expect(config.minBytes).toBe(FETCH_MIN_BYTES);
    expect(FETCH_MIN_BYTES).toBeGreaterThan(1);
    expect(config.maxWaitTime).toBe(FETCH_MAX_WAIT_MS);
    expect(config.autocommit).toBe(false);
    expect(config.sessionTimeout).toBe(CONSUMER_SESSION_TIMEOUT_MS);
    expect(config).not.toHaveProperty('groupInstanceId');
  });

  it('joins under its lasting name when it has one (static membership)', () => {
    expect(groupConsumerOptions({ kafka, groupId: 'group', groupInstanceId: 'projector-2' })).toMatchObject({
      groupInstanceId: 'projector-2',
    });
  });

  it('fetches 1 MiB a partition by default, and more when asked to, in a response four times that', () => {
    const plain = groupConsumerOptions({ kafka, groupId: 'group' });
    expect(plain.maxBytesPerPartition).toBe(FETCH_MAX_BYTES_PER_PARTITION);
    expect(plain.maxBytes).toBe(10 * 1024 * 1024);
    const large = groupConsumerOptions({
      kafka,
      groupId: 'group',
      maxBytesPerPartition: 8 * FETCH_MAX_BYTES_PER_PARTITION,
    });
    expect(large.maxBytesPerPartition).toBe(8 * 1024 * 1024);
    expect(large.maxBytes).toBe(32 * 1024 * 1024);
  });

  it('polls an idle broker less often when eager, as an eager consumer waits for nothing else', () => {
    const config = groupConsumerOptions({
      kafka,
      groupId: 'group',
      minBytes: EAGER_FETCH_MIN_BYTES,
      maxWaitMs: EAGER_FETCH_MAX_WAIT_MS,
    });
    expect(config.minBytes).toBe(1);
    expect(config.maxWaitTime).toBe(EAGER_FETCH_MAX_WAIT_MS);
    expect(EAGER_FETCH_MAX_WAIT_MS).toBeGreaterThan(FETCH_MAX_WAIT_MS);
  });
});

describe('partitionOf', () => {
  it('places keys where kafkajs and the Java client placed them, so a stream stays in its partition', () => {
    // Worked out with kafkajs 2.2.4's DefaultPartitioner, which the services wrote with before.
    const placed: [string, number, number][] = [
      ['a', 1, 4],
      ['post-1', 2, 5],
      ['0b7c1f0e-3f6b-4d8e-9a51-2f1d6c1b9e42', 1, 1],
      ['7f3e9d2a-1c4b-4e8f-b6a0-5d2c8e9f1a37', 2, 8],
      ['c2d4e6f8-a1b3-4c5d-8e7f-9a0b1c2d3e4f', 1, 10],
      ['user:11111111-2222-4333-8444-555555555555', 2, 5],
      ['ÿé€ünïcode', 2, 11],
      ['conversation-x', 2, 2],
    ];
    for (const [key, ofThree, ofTwelve] of placed) {
      expect(partitionOf(key, 3), key).toBe(ofThree);
      expect(partitionOf(key, 12), key).toBe(ofTwelve);
    }
  });
});

describe('IntervalOffsetCommitter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  type Offsets = { topic: string; partition: number; offset: string }[];
  const consumerRecording = () => {
    const commits: Offsets[] = [];
    const consumer = {
      commitOffsets: async (offsets: Readonly<Offsets>) => {
        commits.push([...offsets]);
      },
    } satisfies ConsumerHandle;
    return { consumer, commits };
  };
  const log = createLogger('test', 'silent');

  it('commits a batch after a quiet interval at once, and those within the next interval in one request', async () => {
    vi.useFakeTimers();
    const { consumer, commits } = consumerRecording();
    const committer = new IntervalOffsetCommitter(1000, log);
    committer.mark(consumer, 'posts', 0, '9');
    await vi.advanceTimersByTimeAsync(0);
    expect(commits).toEqual([[{ topic: 'posts', partition: 0, offset: '10' }]]);
    await vi.advanceTimersByTimeAsync(100);
    committer.mark(consumer, 'posts', 0, '10');
    committer.mark(consumer, 'posts', 1, '3');
    committer.mark(consumer, 'posts', 0, '12');
    await vi.advanceTimersByTimeAsync(899);
    expect(commits).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(commits).toEqual([
      [{ topic: 'posts', partition: 0, offset: '10' }],
      [
        { topic: 'posts', partition: 0, offset: '13' },
        { topic: 'posts', partition: 1, offset: '4' },
      ],
    ]);
    // Nothing marked since: nothing more is sent, however long it stays quiet; then at once again.
    await vi.advanceTimersByTimeAsync(5000);
    expect(commits).toHaveLength(2);
    committer.mark(consumer, 'users', 2, '7');
    await vi.advanceTimersByTimeAsync(0);
    expect(commits.at(-1)).toEqual([{ topic: 'users', partition: 2, offset: '8' }]);
  });

  it('commits offsets whose commit failed an interval later, when nothing newer came meanwhile', async () => {
    vi.useFakeTimers();
    const commits: Offsets[] = [];
    let failures = 1;
    const consumer = {
      commitOffsets: async (offsets: Readonly<Offsets>) => {
        if (failures-- > 0) throw new Error('The group is rebalancing');
        commits.push([...offsets]);
      },
    } satisfies ConsumerHandle;
    const committer = new IntervalOffsetCommitter(1000, log);
    committer.mark(consumer, 'posts', 0, '9');
    committer.mark(consumer, 'posts', 1, '4');
    await vi.advanceTimersByTimeAsync(0);
    expect(commits).toEqual([]);
    // A newer mark of one partition meanwhile wins over the failed offset; the other is sent as it was.
    committer.mark(consumer, 'posts', 0, '11');
    await vi.advanceTimersByTimeAsync(1000);
    expect(commits).toEqual([
      [
        { topic: 'posts', partition: 0, offset: '12' },
        { topic: 'posts', partition: 1, offset: '5' },
      ],
    ]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(commits).toHaveLength(1);
  });

  it('commits at once when flushed, and drops what a consumer before a restart marked', async () => {
    vi.useFakeTimers();
    const before = consumerRecording();
    const after = consumerRecording();
    const committer = new IntervalOffsetCommitter(1000, log);
    committer.mark(before.consumer, 'posts', 0, '10');
    committer.mark(after.consumer, 'posts', 1, '5');
    await committer.flush();
    expect(before.commits).toEqual([]);
    expect(after.commits).toEqual([[{ topic: 'posts', partition: 1, offset: '6' }]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(after.commits).toHaveLength(1);
  });
});

describe('ensureTopics', () => {
  const settings = { KAFKA_BROKERS: ['localhost:9092'], KAFKA_TOPIC_PREFIX: '', KAFKA_TOPIC_PARTITIONS: 3 };
  /** An admin whose metadata answers with the given steps in turn (an error, or the leader of each partition). */
  const adminAnswering = (steps: (Error | number)[], createError?: Error) => {
    const calls = { created: [] as unknown[], metadata: 0, disconnected: false };
    const admin = {
      close: async () => {
        calls.disconnected = true;
      },
      listTopics: async () => ['existing'],
      createTopics: async (options: unknown) => {
        calls.created.push(options);
        if (createError) throw createError;
        return true;
      },
      metadata: async ({ topics }: { topics: string[] }) => {
        const step = steps[Math.min(calls.metadata++, steps.length - 1)];
        if (step instanceof Error) throw step;
        const partitions = [0, 1, 2].map(() => ({ leader: step }));
        return { topics: new Map(topics.map((name) => [name, { partitions, partitionsCount: 3 }])) };
      },
    } as unknown as Admin;
    return { kafka: { admin: () => admin } satisfies Pick<Kafka, 'admin'>, calls };
  };
  // What a broker answers for a moment about a topic it has just created, before its metadata caught up.
  const notHosted = () => new Error('This server does not host this topic-partition');

  it('waits through "does not host this topic-partition" and "no leader yet" until every partition has a leader', async () => {
    const { kafka, calls } = adminAnswering([notHosted(), notHosted(), -1, 1]);
    await ensureTopics(kafka, settings, ['existing', 'new']);
    expect(calls.created).toHaveLength(1);
    expect(calls.created[0]).toMatchObject({ topics: ['new'], partitions: 3, replicas: 1 });
    expect(calls.metadata).toBe(4);
    expect(calls.disconnected).toBe(true);
  });

  it('creates nothing and asks nothing more when every topic exists', async () => {
    const { kafka, calls } = adminAnswering([notHosted()]);
    await ensureTopics(kafka, settings, ['existing']);
    expect(calls.created).toHaveLength(0);
    expect(calls.metadata).toBe(0);
  });

  it('accepts topics another process created at the same moment, once they have leaders', async () => {
    const { kafka, calls } = adminAnswering(
      [notHosted(), 1],
      new Error('Topic with this name already exists'),
    );
    await ensureTopics(kafka, settings, ['new']);
    expect(calls.metadata).toBe(2);
  });

  it("fails with the creation's error when the topics never get leaders", async () => {
    const { kafka, calls } = adminAnswering([notHosted()], new Error('not authorized to create topics'));
    await expect(ensureTopics(kafka, settings, ['new'], { leadersWaitMs: 300 })).rejects.toThrow(
      'not authorized to create topics',
    );
    expect(calls.metadata).toBeGreaterThan(1);
    expect(calls.disconnected).toBe(true);
  });
});
