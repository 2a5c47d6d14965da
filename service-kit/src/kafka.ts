import { randomUUID } from 'node:crypto';
import { type StreamType, topicFor } from '@careers/contracts/topics';
import {
  Admin,
  type BaseOptions,
  compatibilityPartitioner,
  Producer,
  stringSerializers,
} from '@platformatic/kafka';
import { connectContext } from './kafka-connect.ts';
import type { Logger } from './logger.ts';
import { type BackoffSettings, describeError, sleep } from './retry.ts';

export type { Admin, Producer };

export interface KafkaSettings {
  KAFKA_BROKERS: string[];
  KAFKA_TOPIC_PREFIX: string;
  KAFKA_TOPIC_PARTITIONS: number;
  /** `advertised=reachable` broker addresses (see config); absent or empty: connect as advertised. */
  KAFKA_CONNECT_OVERRIDES?: string[];
  /** This copy's name in groups that share partitions (static membership; see config). */
  KAFKA_GROUP_INSTANCE_ID?: string;
}

/**
 * How the loops that wait for Kafka (a group member started again, the relay) space their tries: from
 * 250 ms up to 2 s, not the 10 s of other dependencies. A try costs one refused connection; at 10 s a
 * consumer could sleep that long after the broker answered again (a projector and a gateway started
 * while Kafka was down read again 3.5 to 8.9 s after it answered, two fault runs), at 2 s it tries
 * again within 2 s.
 */
export const KAFKA_RETRY_BACKOFF: BackoffSettings = { initialMs: 250, maxMs: 2_000 };

/**
 * The client's own retries, per request: bounded on purpose. Waiting longer is the callers' loops' job
 * (the relay, `GroupConsumer`, start-up steps), which retry forever with their own capped backoff and
 * know what to report while they wait.
 */
const CLIENT_RETRIES = 3;
const CLIENT_RETRY_DELAY_MS = 250;

/**
 * How a process reaches Kafka (@platformatic/kafka): the brokers, its client id and the connect
 * overrides. Each producer, consumer and admin is a client of its own made from these.
 */
export interface Kafka {
  readonly clientId: string;
  readonly log: Logger;
  /** The options every client of this process is made with (`retries` 0: one attempt a request). */
  options(overrides?: { retries?: number }): BaseOptions;
  /** A new admin client; close it when done. */
  admin(overrides?: { retries?: number }): Admin;
}

export function createKafka(
  settings: Pick<KafkaSettings, 'KAFKA_BROKERS' | 'KAFKA_CONNECT_OVERRIDES'>,
  clientId: string,
  log: Logger,
): Kafka {
  const context = connectContext(settings.KAFKA_CONNECT_OVERRIDES);
  const options = (overrides: { retries?: number } = {}): BaseOptions => ({
    clientId,
    bootstrapBrokers: settings.KAFKA_BROKERS,
    ...(context ? { context } : {}),
    retries: overrides.retries ?? CLIENT_RETRIES,
    retryDelay: CLIENT_RETRY_DELAY_MS,
  });
  return { clientId, log, options, admin: (overrides) => new Admin(options(overrides)) };
}

/**
 * Every message in a client error, nested ones included: @platformatic/kafka answers a request that
 * failed for some of its items with an aggregate of per-item errors ("Deleting groups failed." around
 * "The group id does not exist.").
 */
export function kafkaErrorText(error: unknown): string {
  const parts: string[] = [];
  const walk = (e: unknown, depth: number) => {
    if (depth > 5 || e === null || typeof e !== 'object') return;
    const { message, errors, cause } = e as { message?: unknown; errors?: unknown; cause?: unknown };
    if (typeof message === 'string') parts.push(message);
    if (Array.isArray(errors)) for (const inner of errors) walk(inner, depth + 1);
    walk(cause, depth + 1);
  };
  walk(error, 0);
  return parts.join(' | ');
}

/** Runs `work` with a new admin client, closed after. */
export async function withAdmin<T>(
  kafka: Kafka,
  work: (admin: Admin) => Promise<T>,
  overrides: { retries?: number } = {},
): Promise<T> {
  const admin = kafka.admin(overrides);
  try {
    return await work(admin);
  } finally {
    await admin.close().catch(() => {});
  }
}

/** The topic of a stream type in this deployment (tests prefix topics so files run in parallel). */
export function topicName(
  settings: Pick<KafkaSettings, 'KAFKA_TOPIC_PREFIX'>,
  streamType: StreamType,
): string {
  return `${settings.KAFKA_TOPIC_PREFIX}${topicFor(streamType)}`;
}

export function groupName(settings: Pick<KafkaSettings, 'KAFKA_TOPIC_PREFIX'>, group: string): string {
  return `${settings.KAFKA_TOPIC_PREFIX}${group}`;
}

/**
 * The prefix of the groups of one process each (`processGroupId`): a consumer that reads every
 * partition itself, as each gateway does, so that no process waits on another's.
 */
export function processGroupPrefix(
  settings: Pick<KafkaSettings, 'KAFKA_TOPIC_PREFIX'>,
  group: string,
): string {
  return `${groupName(settings, group)}.`;
}

/** A group of this process alone, new with every start (see `processGroupPrefix`). */
export function processGroupId(settings: Pick<KafkaSettings, 'KAFKA_TOPIC_PREFIX'>, group: string): string {
  return `${processGroupPrefix(settings, group)}${randomUUID()}`;
}

/** How long `ensureTopics` waits for topics it created (or saw created) to have a leader. */
const TOPIC_LEADERS_WAIT_MS = 30_000;

/**
 * Creates missing topics with infinite retention (topics are the replayable record of the product),
 * and returns once every partition of each has a leader. A broker whose metadata has not yet caught up
 * with a topic it has just created answers "this server does not host this topic-partition" for a
 * moment; the wait asks again on any error until the deadline.
 */
export async function ensureTopics(
  kafka: Pick<Kafka, 'admin'>,
  settings: KafkaSettings,
  names: string[],
  { leadersWaitMs = TOPIC_LEADERS_WAIT_MS } = {},
): Promise<void> {
  const admin = kafka.admin();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = names.filter((name) => !existing.has(name));
    if (missing.length === 0) return;
    let createError: unknown;
    try {
      await admin.createTopics({
        topics: missing,
        partitions: settings.KAFKA_TOPIC_PARTITIONS,
        replicas: 1,
        configs: [
          { name: 'retention.ms', value: '-1' },
          { name: 'cleanup.policy', value: 'delete' },
        ],
      });
    } catch (error) {
      // Another process may have created some of them at the same moment: fine, as long as all
      // exist (and have leaders) shortly.
      createError = error;
    }
    const deadline = Date.now() + leadersWaitMs;
    for (;;) {
      const led = await topicsHaveLeaders(admin, missing).catch(() => false);
      if (led) return;
      if (Date.now() > deadline) {
        throw createError ?? new Error(`Timed out waiting for leaders of the topics ${missing.join(', ')}`);
      }
      await sleep(100);
    }
  } finally {
    await admin.close().catch(() => {});
  }
}

async function topicsHaveLeaders(admin: Admin, names: string[]): Promise<boolean> {
  const { topics } = await admin.metadata({ topics: names, forceUpdate: true });
  return names.every((name) => {
    const topic = topics.get(name);
    return (
      topic !== undefined &&
      topic.partitions.length > 0 &&
      topic.partitions.every((partition) => partition !== undefined && partition.leader >= 0)
    );
  });
}

/** Each topic's partition numbers, as the brokers' metadata has them. */
export async function topicPartitions(admin: Admin, topics: string[]): Promise<Map<string, number[]>> {
  if (topics.length === 0) return new Map();
  const { topics: metadata } = await admin.metadata({ topics, forceUpdate: true });
  return new Map(
    topics.map((name) => [
      name,
      Array.from({ length: metadata.get(name)?.partitionsCount ?? 0 }, (_, i) => i),
    ]),
  );
}

/**
 * Each partition's offset at `timestamp` (-1n: where it ends, the offset its next message will get;
 * -2n: where it starts), keyed `topic:partition`. Read committed by default, as the consumers read.
 */
export async function partitionOffsets(
  admin: Admin,
  partitions: Map<string, number[]>,
  timestamp: bigint,
): Promise<Map<string, bigint>> {
  const at = new Map<string, bigint>();
  if (partitions.size === 0) return at;
  const listed = await admin.listOffsets({
    isolationLevel: 1,
    topics: [...partitions].map(([name, indexes]) => ({
      name,
      partitions: indexes.map((partitionIndex) => ({ partitionIndex, timestamp })),
    })),
  });
  for (const topic of listed)
    for (const p of topic.partitions) at.set(`${topic.name}:${p.partitionIndex}`, p.offset);
  return at;
}

/**
 * The offsets `groupId` committed, keyed `topic:partition`; -1n where it committed none. Every partition
 * is asked for by number: asked for without them, the broker answers only those the group committed.
 */
export async function committedOffsets(
  admin: Admin,
  groupId: string,
  partitions: Map<string, number[]>,
): Promise<Map<string, bigint>> {
  const at = new Map<string, bigint>();
  if (partitions.size === 0) return at;
  const [group] = await admin.listConsumerGroupOffsets({
    groups: [
      { groupId, topics: [...partitions].map(([name, partitionIndexes]) => ({ name, partitionIndexes })) },
    ],
  });
  for (const topic of group?.topics ?? [])
    for (const p of topic.partitions) at.set(`${topic.name}:${p.partitionIndex}`, p.committedOffset);
  return at;
}

/** A message as the services write them: the stream id as its key, JSON as its value. */
export type TextProducer = Producer<string, string, string, string>;

/**
 * Idempotent producer, acks from every replica, one request in flight: per-key order survives
 * retries. Keys are placed as kafkajs and Java's clients place them (murmur2 with the sign bit masked,
 * `compatibilityPartitioner`), so a stream's events stay in the partition its earlier events are in.
 */
export function createIdempotentProducer(kafka: Kafka): TextProducer {
  return new Producer({
    ...kafka.options(),
    idempotent: true,
    acks: -1,
    maxInflights: 1,
    autocreateTopics: false,
    partitioner: compatibilityPartitioner,
    serializers: stringSerializers,
  });
}

/** The partition of `key` among `partitions`, as the producers place it (`compatibilityPartitioner`). */
export function partitionOf(key: string, partitions: number): number {
  return compatibilityPartitioner({ topic: '', key }, Buffer.from(key)) % partitions;
}

/**
 * How a consumer fetches by default. With the broker's default of answering a fetch as soon as one byte
 * is there, a consumer under load fetches (and then commits) once per tiny batch. Asking for at least
 * `FETCH_MIN_BYTES` makes the broker hold each fetch until that much arrived or `FETCH_MAX_WAIT_MS`
 * passed: at most 40 fetches a second per consumer, loaded or idle, each carrying whatever the last
 * 25 ms brought. That pays where a batch has a cost of its own: the projector's batch is a transaction
 * (15-20 ms whether it carries 4 events or 10); answered at once, its batches held half as many events,
 * its CPU per event doubled and Postgres's grew by a third, and likes became visible no sooner.
 */
export const FETCH_MAX_WAIT_MS = 25;
export const FETCH_MIN_BYTES = 64 * 1024;
/**
 * For a consumer whose batch costs next to nothing and whose readers wait for each event (the gateway's
 * pushes): the broker answers as soon as an event is appended, instead of after up to 25 ms. Batches
 * still form under load, as a consumer fetches again only once the last fetch is handled (GroupConsumer);
 * an idle consumer waits `EAGER_FETCH_MAX_WAIT_MS` a fetch.
 */
export const EAGER_FETCH_MIN_BYTES = 1;
/**
 * The longest an eager consumer's fetch waits when nothing comes. An event ends the wait at once, so it
 * bounds only idle polling: at 25 ms every idle eager consumer sent the broker 40 fetches a second for
 * nothing; at 500 ms (Kafka's own default) two.
 */
export const EAGER_FETCH_MAX_WAIT_MS = 500;

/**
 * How much a fetch may bring from one partition when none is given (1 MiB, Kafka's consumers' default). A
 * whole response may bring four times a partition's, and at least 10 MiB.
 */
export const FETCH_MAX_BYTES_PER_PARTITION = 1024 * 1024;

/**
 * How long a member that stopped answering stays in its group: the broker's least
 * (`group.min.session.timeout.ms`, 6 s by default). A process killed and started again by its
 * supervisor in about a second under the same `groupInstanceId` (static membership: the projector's
 * copies) takes its partitions back at once; one without waits for its old member to be dropped. A
 * member would have to stop heartbeating this long (the client heartbeats on a timer of its own,
 * whatever a batch takes) to be dropped while alive.
 */
export const CONSUMER_SESSION_TIMEOUT_MS = 6_000;
/**
 * How often a member says it is alive: a third of the session timeout, as Kafka advises. A member
 * that died is noticed as soon, with a third of the heartbeat requests.
 */
export const CONSUMER_HEARTBEAT_INTERVAL_MS = 2_000;

/**
 * Commits how far a consumer read at most once per interval: for a consumer whose offsets only say
 * where it resumes after a restart (committed after every batch, an eager consumer under load makes a
 * batch, so an offset commit, of nearly every event). A batch after a quiet interval is committed at
 * once; the batches that follow within the interval are committed
 * together when it ends, so the committed offsets also catch up when traffic stops. Offsets a restarted
 * consumer's predecessor marked are dropped, not committed.
 */
export class IntervalOffsetCommitter {
  private readonly intervalMs: number;
  private readonly log: Logger;
  private readonly pending = new Map<string, { topic: string; partition: number; offset: string }>();
  private consumer: ConsumerHandle | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastCommitAt = Number.NEGATIVE_INFINITY;

  constructor(intervalMs: number, log: Logger) {
    this.intervalMs = intervalMs;
    this.log = log;
  }

  /** After `consumer` handled a partition's batch: commit past its last message in time. */
  mark(consumer: ConsumerHandle, topic: string, partition: number, lastOffset: string): void {
    if (this.consumer !== consumer) {
      this.pending.clear();
      this.consumer = consumer;
    }
    const offset = (BigInt(lastOffset) + 1n).toString();
    const key = `${topic}\u0000${partition}`;
    const before = this.pending.get(key);
    if (!before || BigInt(before.offset) < BigInt(offset))
      this.pending.set(key, { topic, partition, offset });
    if (!this.timer) {
      const wait = Math.max(0, this.lastCommitAt + this.intervalMs - Date.now());
      this.timer = setTimeout(() => void this.flush(), wait);
      this.timer.unref();
    }
  }

  /**
   * Commits what was marked now (also before the consumer stops). A failure is logged and the offsets
   * are committed an interval later (at worst, after a restart, the events after the last commit come
   * again).
   */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const consumer = this.consumer;
    const offsets = [...this.pending.values()];
    this.pending.clear();
    if (!consumer || offsets.length === 0) return;
    this.lastCommitAt = Date.now();
    await consumer.commitOffsets(offsets).catch((error: unknown) => {
      this.log.debug({ err: describeError(error) }, 'offsets not committed; tried again in an interval');
      // Sent again with the next commit, or alone after an interval: when traffic stops right after a
      // failed commit (a connection reset, a rebalance), nothing else would ever commit past it. Not
      // once the consumer was restarted: its successor may not own those partitions.
      if (this.consumer !== consumer) return;
      for (const failed of offsets) {
        const key = `${failed.topic}\u0000${failed.partition}`;
        const newer = this.pending.get(key);
        if (!newer || BigInt(newer.offset) < BigInt(failed.offset)) this.pending.set(key, failed);
      }
      if (!this.timer) {
        this.timer = setTimeout(() => void this.flush(), this.intervalMs);
        this.timer.unref();
      }
    });
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}

/** Answers when a broker answers; one attempt (readiness asks again soon, and must not pile up retries). */
export async function pingKafka(kafka: Kafka): Promise<void> {
  await withAdmin(kafka, (admin) => admin.metadata({ topics: [], forceUpdate: true }), { retries: 0 });
}

/** Offsets to commit: `offset` is the next one to read. */
export interface OffsetToCommit {
  topic: string;
  partition: number;
  offset: string;
}

/** What a batch's handler may do with the consumer that fetched it (see `GroupConsumer`). */
export interface ConsumerHandle {
  /** Commits the offsets, one request; commits of one handle are sent one after the other. */
  commitOffsets(offsets: readonly OffsetToCommit[]): Promise<void>;
}
