import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { type StreamType, topicFor } from '@careers/contracts/topics';
import {
  type Admin,
  type Consumer,
  type ConsumerRunConfig,
  type ISocketFactory,
  Kafka,
  logLevel,
  Partitioners,
  type Producer,
} from 'kafkajs';
// Every kafkajs client of a process that loads this module (the kit's entry, its testing helpers) gets
// the fixed request queue.
import './kafkajs-request-queue.ts';
import type { Logger } from './logger.ts';
import { AbortedError, Backoff, type BackoffSettings, describeError, sleep } from './retry.ts';

export type { Admin, Consumer, Producer };

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
 * kafkajs's own retries, per request and per connection: bounded on purpose. Waiting longer is the
 * callers' loops' job (the relay, `SupervisedConsumer`, start-up steps), which retry forever with
 * their own capped backoff and know what to report while they wait.
 */
const clientRetry = { initialRetryTime: 250, maxRetryTime: 10_000, retries: 5 };

/** Connects to the reachable address of an overridden broker, to the advertised one otherwise. */
function socketFactoryFor(overrides: string[]): ISocketFactory | undefined {
  if (overrides.length === 0) return undefined;
  const map = new Map(
    overrides.map((pair) => {
      const [advertised = '', reachable = ''] = pair.split('=');
      return [advertised, reachable] as const;
    }),
  );
  return ({ host, port, onConnect }) => {
    const target = map.get(`${host}:${port}`);
    const [toHost = host, toPort = String(port)] = target ? target.split(/:(?=\d+$)/) : [];
    const socket = connect({ host: toHost, port: Number(toPort) }, onConnect);
    socket.setKeepAlive(true, 60_000);
    return socket;
  };
}

export function createKafka(settings: KafkaSettings, clientId: string, log: Logger): Kafka {
  const toPino = (level: logLevel) =>
    level === logLevel.ERROR
      ? 'error'
      : level === logLevel.WARN
        ? 'warn'
        : level === logLevel.INFO
          ? 'info'
          : 'debug';
  return new Kafka({
    clientId,
    brokers: settings.KAFKA_BROKERS,
    logLevel: logLevel.WARN,
    retry: clientRetry,
    socketFactory: socketFactoryFor(settings.KAFKA_CONNECT_OVERRIDES ?? []),
    logCreator:
      () =>
      ({ namespace, level, log: entry }) => {
        const { message, ...rest } = entry;
        // A broker that is away makes kafkajs log every connection attempt and crash as an error; the
        // loops that retry forever log one warn line per backoff step instead, so these go to debug. So
        // does the warning that bounded retries may duplicate what an idempotent producer sends: the
        // relay sends again after a failure anyway, and consumers skip duplicates by stream version.
        const quiet =
          namespace === 'Connection' ||
          namespace === 'BrokerPool' ||
          /^Crash: |^Limiting retries for the idempotent producer/.test(message);
        log[quiet ? 'debug' : toPino(level)]({ kafka: rest }, message);
      },
  });
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
 * and returns once every partition of each has a leader.
 *
 * kafkajs's own wait for leaders (`waitForLeaders: true`) retries only while the broker says "leader
 * not available"; a broker whose metadata has not yet caught up with a topic it has just created
 * answers "this server does not host this topic-partition" for a moment, and kafkajs failed on it.
 * So the wait is ours: it asks again on any error until the deadline.
 */
export async function ensureTopics(
  kafka: Kafka,
  settings: KafkaSettings,
  names: string[],
  { leadersWaitMs = TOPIC_LEADERS_WAIT_MS } = {},
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = names.filter((name) => !existing.has(name));
    if (missing.length === 0) return;
    let createError: unknown;
    try {
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: settings.KAFKA_TOPIC_PARTITIONS,
          replicationFactor: 1,
          configEntries: [
            { name: 'retention.ms', value: '-1' },
            { name: 'cleanup.policy', value: 'delete' },
          ],
        })),
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
    await admin.disconnect();
  }
}

async function topicsHaveLeaders(admin: Admin, names: string[]): Promise<boolean> {
  const { topics } = await admin.fetchTopicMetadata({ topics: names });
  return (
    names.every((name) => topics.some((topic) => topic.name === name)) &&
    topics.every(
      (topic) => topic.partitions.length > 0 && topic.partitions.every((partition) => partition.leader >= 0),
    )
  );
}

/** Idempotent producer, acks=all, one request in flight: per-key order survives retries. */
export function createIdempotentProducer(kafka: Kafka): Producer {
  return kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: false,
  });
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
 * still form under load, as kafkajs fetches again only once the last fetch is handled; an idle consumer
 * still makes at most 40 fetches a second.
 */
export const EAGER_FETCH_MIN_BYTES = 1;
/**
 * The longest an eager consumer's fetch waits when nothing comes. An event ends the wait at once, so it
 * bounds only idle polling: at 25 ms every idle eager consumer sent the broker 40 fetches a second for
 * nothing; at 500 ms (Kafka's own default) two.
 */
export const EAGER_FETCH_MAX_WAIT_MS = 500;

/**
 * How much a fetch may bring from one partition when none is given: kafkajs's default (1 MiB). A whole
 * response may bring four times a partition's, and at least kafkajs's default 10 MiB.
 */
export const FETCH_MAX_BYTES_PER_PARTITION = 1024 * 1024;

/**
 * How long a member that stopped answering stays in its group: the broker's least
 * (`group.min.session.timeout.ms`, 6 s by default). A process killed and started again by its
 * supervisor in about a second gets its partitions back once its old member is dropped, so this is
 * the time live pushes and the read side wait after a kill (15 s before). A member's event loop would
 * have to stall this long, heartbeats included, to be dropped while alive.
 */
export const CONSUMER_SESSION_TIMEOUT_MS = 6_000;
/**
 * How often a member says it is alive: a third of the session timeout, as Kafka advises. A member
 * that died is noticed as soon, with a third of the heartbeat requests (kafkajs also heartbeats after
 * batches, at most this often).
 */
export const CONSUMER_HEARTBEAT_INTERVAL_MS = 2_000;

export function createConsumer(
  kafka: Kafka,
  groupId: string,
  fetch: { minBytes?: number; maxWaitMs?: number; maxBytesPerPartition?: number } = {},
): Consumer {
  const perPartition = fetch.maxBytesPerPartition ?? FETCH_MAX_BYTES_PER_PARTITION;
  return kafka.consumer({
    groupId,
    sessionTimeout: CONSUMER_SESSION_TIMEOUT_MS,
    heartbeatInterval: CONSUMER_HEARTBEAT_INTERVAL_MS,
    rebalanceTimeout: 10_000,
    maxWaitTimeInMs: fetch.maxWaitMs ?? FETCH_MAX_WAIT_MS,
    minBytes: fetch.minBytes ?? FETCH_MIN_BYTES,
    maxBytesPerPartition: perPartition,
    maxBytes: Math.max(10 * 1024 * 1024, 4 * perPartition),
    allowAutoTopicCreation: false,
    // kafkajs restarts a crashed consumer only after retriable errors, and then on its own schedule;
    // `SupervisedConsumer` restarts it after every crash instead, with the project's backoff.
    retry: { ...clientRetry, restartOnFailure: async () => false },
  });
}

/**
 * Commits how far a consumer read at most once per interval: for a consumer whose offsets only say
 * where it resumes after a restart (kafkajs otherwise commits after every batch, and an eager consumer
 * under load makes a batch, so an offset commit, of nearly every event). A batch after a quiet interval
 * is committed at once, as kafkajs would; the batches that follow within the interval are committed
 * together when it ends, so the committed offsets also catch up when traffic stops. Offsets a restarted
 * consumer's predecessor marked are dropped, not committed.
 */
export class IntervalOffsetCommitter {
  private readonly intervalMs: number;
  private readonly log: Logger;
  private readonly pending = new Map<string, { topic: string; partition: number; offset: string }>();
  private consumer: Consumer | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastCommitAt = Number.NEGATIVE_INFINITY;

  constructor(intervalMs: number, log: Logger) {
    this.intervalMs = intervalMs;
    this.log = log;
  }

  /** After `consumer` handled a partition's batch: commit past its last message in time. */
  mark(consumer: Consumer, topic: string, partition: number, lastOffset: string): void {
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
  const admin = kafka.admin({ retry: { retries: 0 } });
  await admin.connect();
  try {
    await admin.describeCluster();
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

export interface SupervisedConsumerOptions {
  kafka: Kafka;
  groupId: string;
  topics: string[];
  fromBeginning: boolean;
  log: Logger;
  /** Work before each (re)start that needs Kafka too, such as creating the topics. */
  prepare?: () => Promise<void>;
  /** The run configuration for a new consumer (its handlers may use the consumer, e.g. to commit). */
  run: (consumer: Consumer) => ConsumerRunConfig;
  backoff?: BackoffSettings;
  /** The fewest bytes a fetch waits for (`FETCH_MIN_BYTES` unless given; see EAGER_FETCH_MIN_BYTES). */
  minBytes?: number;
  /** The longest a fetch waits for them (`FETCH_MAX_WAIT_MS` unless given; see EAGER_FETCH_MAX_WAIT_MS). */
  maxWaitMs?: number;
  /** The most a fetch brings from one partition (`FETCH_MAX_BYTES_PER_PARTITION` unless given). */
  maxBytesPerPartition?: number;
}

/**
 * A consumer that never gives up: it connects, subscribes and runs, and whenever that fails or the
 * consumer crashes (a broker away past kafkajs's retries, a handler failing past its retries, a
 * non-retriable protocol error), it waits a capped, jittered, growing delay and starts a new consumer in
 * the same group, which resumes from the group's committed offsets. One warn line per attempt.
 */
export class SupervisedConsumer {
  private readonly options: SupervisedConsumerOptions;
  private readonly controller = new AbortController();
  private readonly backoff: Backoff;
  private current: Consumer | null = null;
  private loop: Promise<void> | null = null;
  private joinedNow = false;
  private lastFailure = 'connecting';
  private resolveJoined!: () => void;
  private rejectJoined!: (error: Error) => void;
  /**
   * Resolves once the consumer has first joined its group and knows where it reads from (below, at
   * the join); rejects if stopped before it.
   */
  readonly firstJoin: Promise<void>;
  /** How many times a consumer was started again after a failure. */
  restarts = 0;

  constructor(options: SupervisedConsumerOptions) {
    this.options = options;
    this.backoff = new Backoff(options.backoff);
    this.firstJoin = new Promise<void>((resolve, reject) => {
      this.resolveJoined = resolve;
      this.rejectJoined = reject;
    });
    // Awaited by whoever wants it; a stop before the join is not an unhandled rejection.
    this.firstJoin.catch(() => {});
  }

  /** Whether a consumer of this process is a member of the group right now. */
  get joined(): boolean {
    return this.joinedNow;
  }

  /** Why the consumer is not joined (for readiness). */
  get state(): string {
    return this.joinedNow ? 'joined' : this.lastFailure;
  }

  get consumer(): Consumer | null {
    return this.current;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.controller.abort();
    this.rejectJoined(new AbortedError('consumer stopped before it joined its group'));
    await this.loop;
  }

  private async run(): Promise<void> {
    const { kafka, groupId, topics, fromBeginning, log, prepare } = this.options;
    const signal = this.controller.signal;
    while (!signal.aborted) {
      const consumer = createConsumer(kafka, groupId, {
        minBytes: this.options.minBytes,
        maxWaitMs: this.options.maxWaitMs,
        maxBytesPerPartition: this.options.maxBytesPerPartition,
      });
      this.current = consumer;
      const crashed = new Promise<Error>((resolve) => {
        consumer.on(consumer.events.CRASH, ({ payload }) => resolve(payload.error));
        signal.addEventListener('abort', () => resolve(new AbortedError()), { once: true });
      });
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        this.joinedNow = true;
        this.backoff.reset();
        // A member given no partitions fetches nothing: it is where it will be as soon as it joins.
        const assigned = Object.values(payload.memberAssignment).some((partitions) => partitions.length > 0);
        if (!assigned) this.resolveJoined();
      });
      // kafkajs resolves the partitions' starting offsets inside the first fetch after a join, not at
      // the join: for a new group that does not read from the beginning, the latest offsets, asked for
      // then. An event written between the join and that answer would be skipped by a consumer of
      // live updates. So the first join counts once the latest offsets have been answered, or (a group
      // resuming from committed offsets asks for none) once a fetch has come back.
      const positioned = () => {
        if (!this.joinedNow) return;
        this.resolveJoined();
        stopListening();
      };
      const listening = [
        consumer.on(consumer.events.REQUEST, ({ payload }) => {
          if (payload.apiName === 'ListOffsets') positioned();
        }),
        consumer.on(consumer.events.FETCH, positioned),
      ];
      const stopListening = () => {
        for (const remove of listening) remove();
      };
      consumer.on(consumer.events.DISCONNECT, () => {
        this.joinedNow = false;
      });
      let failure: Error;
      try {
        await prepare?.();
        if (signal.aborted) break;
        await consumer.connect();
        await consumer.subscribe({ topics, fromBeginning });
        await consumer.run(this.options.run(consumer));
        failure = await crashed;
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
      }
      this.joinedNow = false;
      await consumer.disconnect().catch(() => {});
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
    this.current = null;
  }
}
