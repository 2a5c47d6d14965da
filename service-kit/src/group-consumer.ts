import { Consumer, type Message, type MessagesStream } from '@platformatic/kafka';
import {
  CONSUMER_HEARTBEAT_INTERVAL_MS,
  CONSUMER_SESSION_TIMEOUT_MS,
  type ConsumerHandle,
  FETCH_MAX_BYTES_PER_PARTITION,
  FETCH_MAX_WAIT_MS,
  FETCH_MIN_BYTES,
  KAFKA_RETRY_BACKOFF,
  type Kafka,
} from './kafka.ts';
import type { Logger } from './logger.ts';
import { AbortedError, Backoff, type BackoffSettings, describeError, sleep } from './retry.ts';

/** One message as the services read it: its value's bytes, its offset as a decimal string. */
export interface ConsumedMessage {
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  /** Milliseconds since the epoch, as a decimal string. */
  timestamp: string;
}

/** The messages of one partition that one fetch brought, in offset order. */
export interface ConsumedBatch {
  topic: string;
  partition: number;
  messages: ConsumedMessage[];
}

export type { ConsumerHandle, OffsetToCommit } from './kafka.ts';

export interface GroupConsumerOptions {
  kafka: Kafka;
  groupId: string;
  /**
   * This member's lasting name in its group (static membership, `group.instance.id`): a copy killed
   * and started again under the same name takes its partitions back at once, without waiting for the
   * dead member's session to end or a rebalance. Unique among the group's live members; absent: a
   * member of its own each start.
   */
  groupInstanceId?: string;
  topics: string[];
  /** Where a group with no committed offset starts: the beginning, or the newest events. */
  fromBeginning: boolean;
  /**
   * Until the member first knows where it reads: start at the first event at or after this time (ms
   * since the epoch) rather than at the newest when it joins. A process reading in a group of its own
   * (the gateway) gives its start, so what was written between its start and its join is read too;
   * later starts of the member in the process resume from the committed offsets.
   */
  startFrom?: number;
  log: Logger;
  /** Work before each (re)start that needs Kafka too, such as creating the topics. */
  prepare?: () => Promise<void>;
  /**
   * Handles one partition's batch. Every partition of a fetch is handed over at once (each handler
   * called in the same turn of the event loop), and the next fetch waits until all of them resolved.
   */
  eachBatch: (batch: ConsumedBatch, consumer: ConsumerHandle) => Promise<void>;
  backoff?: BackoffSettings;
  /** The fewest bytes a fetch waits for (`FETCH_MIN_BYTES` unless given). */
  minBytes?: number;
  /** The longest a fetch waits for them (`FETCH_MAX_WAIT_MS` unless given). */
  maxWaitMs?: number;
  /** The most a fetch brings from one partition (`FETCH_MAX_BYTES_PER_PARTITION` unless given). */
  maxBytesPerPartition?: number;
}

/** How many times a fetch's batches are handed over before the member is started again. */
const BATCH_TRIES = 5;

/** How long the group waits for members to join again in a rebalance. */
const REBALANCE_TIMEOUT_MS = 10_000;

/** The client options of a `GroupConsumer`'s member: its fetch sizes and waits, its group settings. */
export function groupConsumerOptions(
  options: Pick<
    GroupConsumerOptions,
    'kafka' | 'groupId' | 'groupInstanceId' | 'minBytes' | 'maxWaitMs' | 'maxBytesPerPartition'
  >,
) {
  const { kafka, groupId, groupInstanceId, minBytes, maxWaitMs, maxBytesPerPartition } = options;
  const perPartition = maxBytesPerPartition ?? FETCH_MAX_BYTES_PER_PARTITION;
  return {
    // Bounded retries on purpose: waiting longer is GroupConsumer's loop's job, with its own backoff.
    ...kafka.options(),
    groupId,
    ...(groupInstanceId ? { groupInstanceId } : {}),
    sessionTimeout: CONSUMER_SESSION_TIMEOUT_MS,
    heartbeatInterval: CONSUMER_HEARTBEAT_INTERVAL_MS,
    rebalanceTimeout: REBALANCE_TIMEOUT_MS,
    minBytes: minBytes ?? FETCH_MIN_BYTES,
    maxWaitTime: maxWaitMs ?? FETCH_MAX_WAIT_MS,
    maxBytesPerPartition: perPartition,
    maxBytes: Math.max(10 * 1024 * 1024, 4 * perPartition),
    autocommit: false,
  };
}

/**
 * A consumer group member on @platformatic/kafka that never gives up: it joins, reads and hands each
 * fetch's batches to `eachBatch`; whenever that fails (a broker away past the client's retries, a
 * handler failing, a protocol error), it leaves, waits a capped, jittered, growing delay and starts a
 * new member of the same group (the same `groupInstanceId`), which resumes from the committed offsets.
 * One warn line per attempt. The client heartbeats on a timer of its own, so a long batch does not let
 * the session lapse.
 */
export class GroupConsumer {
  private readonly options: GroupConsumerOptions;
  private readonly controller = new AbortController();
  private readonly backoff: Backoff;
  /** How its retries are spaced: the options', else Kafka's (KAFKA_RETRY_BACKOFF). */
  private readonly retrySpacing: BackoffSettings;
  private loop: Promise<void> | null = null;
  private joinedNow = false;
  /** Whether a member of this process has known where it reads (then `startFrom` is done with). */
  private positioned = false;
  private lastFailure = 'connecting';
  private resolveJoined!: () => void;
  private rejectJoined!: (error: Error) => void;
  /** Resolves once the member first joined and knows where it reads from; rejects if stopped before. */
  readonly firstJoin: Promise<void>;
  /** How many times a member was started again after a failure. */
  restarts = 0;

  constructor(options: GroupConsumerOptions) {
    this.options = options;
    this.retrySpacing = options.backoff ?? KAFKA_RETRY_BACKOFF;
    this.backoff = new Backoff(this.retrySpacing);
    this.firstJoin = new Promise<void>((resolve, reject) => {
      this.resolveJoined = resolve;
      this.rejectJoined = reject;
    });
    this.firstJoin.catch(() => {});
  }

  /** Whether a member of this process is in the group and reading right now. */
  get joined(): boolean {
    return this.joinedNow;
  }

  /** Why the member is not joined (for readiness). */
  get state(): string {
    return this.joinedNow ? 'joined' : this.lastFailure;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.controller.abort();
    this.rejectJoined(new AbortedError('consumer stopped before it joined its group'));
    await this.loop;
  }

  private createConsumer(): Consumer {
    return new Consumer(groupConsumerOptions(this.options));
  }

  private async run(): Promise<void> {
    const { groupId, topics, fromBeginning, log, prepare } = this.options;
    const signal = this.controller.signal;
    while (!signal.aborted) {
      let consumer: Consumer | null = null;
      let failure: Error;
      try {
        await prepare?.();
        if (signal.aborted) break;
        consumer = this.createConsumer();
        const crashed = new Promise<Error>((resolve) => {
          consumer?.on('error', (error: Error) => resolve(error));
          signal.addEventListener('abort', () => resolve(new AbortedError()), { once: true });
        });
        const { startFrom } = this.options;
        const stream = await consumer.consume({
          topics,
          ...(startFrom !== undefined && !this.positioned
            ? { mode: 'manual' as const, offsets: await offsetsAt(consumer, topics, startFrom) }
            : { mode: 'committed' as const, fallbackMode: fromBeginning ? 'earliest' : 'latest' }),
          autocommit: false,
        });
        failure = await Promise.race([crashed, this.read(consumer, stream)]);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
      }
      this.joinedNow = false;
      // A clean leave hands the partitions on at once; a static member keeps them for its next start.
      await consumer?.close(true).catch(() => {});
      if (signal.aborted) break;
      this.lastFailure = `failing: ${describeError(failure)}`;
      const delay = this.backoff.next();
      this.restarts++;
      log.warn(
        {
          dependency: 'kafka',
          groupId,
          attempt: this.backoff.failures,
          retryInMs: delay,
          err: describeError(failure),
        },
        `kafka consumer ${groupId} stopped; starting again in ${delay} ms`,
      );
      await sleep(delay, signal).catch(() => {});
    }
    this.joinedNow = false;
  }

  /**
   * Hands a fetch's batches over, and again (all of them) after a failure, up to BATCH_TRIES times
   * with a growing wait: a transient failure (a deadlock with another copy, a connection lost and made
   * again) is got over in place, where starting a new member would send the whole group through a
   * rebalance. Rejects with the last failure.
   */
  private async handOverTried(batches: ConsumedBatch[], handle: ConsumerHandle): Promise<void> {
    const { eachBatch, groupId, log } = this.options;
    const retry = new Backoff(this.retrySpacing);
    for (;;) {
      try {
        await Promise.all(batches.map((batch) => eachBatch(batch, handle)));
        return;
      } catch (error) {
        if (retry.failures >= BATCH_TRIES - 1 || this.controller.signal.aborted) throw error;
        const delay = retry.next();
        log.warn(
          { groupId, attempt: retry.failures, retryInMs: delay, err: describeError(error) },
          `a batch of ${groupId} failed; handing it over again in ${delay} ms`,
        );
        await sleep(delay, this.controller.signal);
      }
    }
  }

  /**
   * Reads the stream until it fails. The messages of one fetch response are pushed in one go, each
   * emitted as it is pushed; they are gathered until that run ends, then the stream is paused while
   * their batches are handled (so a fetch waits for them, as a handler that commits expects) and
   * resumed after.
   */
  private read(consumer: Consumer, stream: MessagesStream<Buffer, Buffer, Buffer, Buffer>): Promise<Error> {
    const epochs = new Map<string, number>();
    let commits: Promise<void> = Promise.resolve();
    const handle: ConsumerHandle = {
      commitOffsets: (offsets) => {
        const send = () =>
          consumer.commit({
            offsets: offsets.map(({ topic, partition, offset }) => ({
              topic,
              partition,
              offset: BigInt(offset),
              leaderEpoch: epochs.get(`${topic}:${partition}`) ?? -1,
            })),
          });
        const sent = commits.then(send, send);
        commits = sent.catch(() => {});
        return sent;
      },
    };
    return new Promise<Error>((resolve) => {
      let pending: Message<Buffer, Buffer, Buffer, Buffer>[] = [];
      const positioned = () => {
        this.joinedNow = true;
        this.positioned = true;
        this.backoff.reset();
        this.resolveJoined();
      };
      stream.on('offsets', positioned);
      stream.once('error', (error) => resolve(error));
      stream.once('close', () => resolve(new Error('the consumer stream closed')));
      const handOver = () => {
        const messages = pending;
        pending = [];
        const batches = new Map<string, ConsumedBatch>();
        for (const m of messages) {
          const key = `${m.topic}:${m.partition}`;
          epochs.set(key, m.leaderEpoch ?? -1);
          let batch = batches.get(key);
          if (!batch) {
            batch = { topic: m.topic, partition: m.partition, messages: [] };
            batches.set(key, batch);
          }
          batch.messages.push({
            offset: m.offset.toString(),
            key: m.key ?? null,
            value: m.value ?? null,
            timestamp: m.timestamp.toString(),
          });
        }
        stream.pause();
        this.handOverTried([...batches.values()], handle).then(
          () => {
            if (!stream.destroyed) stream.resume();
          },
          (error: unknown) => resolve(error instanceof Error ? error : new Error(String(error))),
        );
      };
      stream.on('data', (message) => {
        // The first message of a fetch: the run ends before the client's next fetch is scheduled
        // (process.nextTick after the last push), so this one comes first and pauses the stream.
        if (pending.length === 0) process.nextTick(handOver);
        pending.push(message);
      });
    });
  }
}

/**
 * Each partition's first offset at or after `at` (ms since the epoch), or its end where nothing is
 * that new yet.
 */
async function offsetsAt(
  consumer: Consumer,
  topics: string[],
  at: number,
): Promise<{ topic: string; partition: number; offset: bigint }[]> {
  const [since, ends] = [
    await consumer.listOffsets({ topics, timestamp: BigInt(at) }),
    await consumer.listOffsets({ topics, timestamp: -1n }),
  ];
  return topics.flatMap((topic) =>
    (ends.get(topic) ?? []).map((end, partition) => {
      const first = since.get(topic)?.[partition] ?? -1n;
      return { topic, partition, offset: first >= 0n && first < end ? first : end };
    }),
  );
}
