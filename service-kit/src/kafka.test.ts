import type { Consumer, ConsumerConfig, Kafka } from 'kafkajs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createConsumer,
  EAGER_FETCH_MAX_WAIT_MS,
  EAGER_FETCH_MIN_BYTES,
  FETCH_MAX_BYTES_PER_PARTITION,
  FETCH_MAX_WAIT_MS,
  FETCH_MIN_BYTES,
  IntervalOffsetCommitter,
} from './kafka.ts';
import { createLogger } from './logger.ts';

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

  it("fetches kafkajs's 1 MiB a partition by default, and more when asked to, in a response four times that", () => {
    const plain = configOf((kafka) => createConsumer(kafka, 'group'));
    expect(plain.maxBytesPerPartition).toBe(FETCH_MAX_BYTES_PER_PARTITION);
    expect(plain.maxBytes).toBe(10 * 1024 * 1024);
    const large = configOf((kafka) =>
      createConsumer(kafka, 'group', { maxBytesPerPartition: 8 * FETCH_MAX_BYTES_PER_PARTITION }),
    );
    expect(large.maxBytesPerPartition).toBe(8 * 1024 * 1024);
    expect(large.maxBytes).toBe(32 * 1024 * 1024);
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

describe('IntervalOffsetCommitter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  type Offsets = { topic: string; partition: number; offset: string }[];
  const consumerRecording = () => {
    const commits: Offsets[] = [];
    const consumer = {
      commitOffsets: async (offsets: Offsets) => {
        commits.push(offsets);
      },
    } as unknown as Consumer;
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
