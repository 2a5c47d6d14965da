import { randomUUID } from 'node:crypto';
import {
  type DomainEvent,
  type DomainEventType,
  parseDomainEvent,
  sealedSubject,
} from '@careers/contracts/events/catalogue';
import { streamTypes } from '@careers/contracts/topics';
import {
  ensureTopics,
  groupName,
  ident,
  type KafkaSettings,
  type Logger,
  type PersonalDataVault,
  type Pool,
  type PoolClient,
  type Redis,
  SupervisedConsumer,
  topicName,
} from '@careers/service-kit';
import { describeError } from '@careers/service-kit/retry';
import type { Consumer, Kafka } from 'kafkajs';
import type { QueryResult } from 'pg';
import type { ProjectionContext, Projector, ReadModelVersion } from './projector.ts';
import { ReplayMemory } from './replay-memory.ts';
import { ScopedVersions } from './version-scopes.ts';

export const PROJECTOR_GROUP = 'query-projector';

export interface RawMessage {
  topic: string;
  partition: number;
  offset: string;
  value: Buffer | null;
}

export interface ProjectorRunnerOptions {
  pool: Pool;
  schema: string;
  redis: Redis;
  kafka: Kafka;
  kafkaSettings: KafkaSettings;
  log: Logger;
  projectors: readonly Projector[];
  /** Narrower versions, each moved only by batches that apply one of its events. */
  versions: readonly ReadModelVersion[];
  /** Opens sealed personal fields; a destroyed key gives the erased stand-ins. */
  vault: PersonalDataVault;
  groupId?: string;
}

/**
 * Partitions whose batches one transaction may take. Above the partitions a runner is assigned (every
 * aggregate topic's), so a whole fetch goes in one transaction rather than partition by partition.
 */
const PARTITIONS_GATHERED = 64;

/** Within the consumer's heartbeat interval (createConsumer), well inside its session timeout. */
const HEARTBEAT_WHILE_APPLYING_MS = 3000;

/**
 * Set with each batch's BEGIN, live and in a rebuild: a random page priced as the in-memory page it is,
 * as the job lists do. A batch finds its rows by key, and on a table that churns (a post's
 * grouped likes notification rewritten with each like) the planner otherwise prices a few dozen index
 * probes above reading the whole table, dead row versions and all: measured under the bench's likes,
 * the grouped likes' update read every notification (6.5 of its 8 ms) to update the 22 of its batch;
 * priced so, it reads them through the primary key (0.2 ms).
 */
const BATCH_SETTINGS = '; SET LOCAL random_page_cost = 1.1';

/** A rebuild's transaction that failed is tried again after this long, doubling up to the cap. */
const REPLAY_RETRY_MS = 100;
const REPLAY_RETRY_CAP_MS = 5000;

/** A batch's messages read into events (and those that are not events, for the dead letters). */
interface Decoded {
  events: DomainEvent[];
  dead: { message: RawMessage; reason: string }[];
}

const byTopic = (a: readonly RawMessage[], b: readonly RawMessage[]) =>
  (a[0]?.topic ?? '').localeCompare(b[0]?.topic ?? '') || (a[0]?.partition ?? 0) - (b[0]?.partition ?? 0);

/**
 * Commits, after their transaction, the offsets past the last message of every partition batch in it:
 * one request per consumer (there is one but across a restart) rather than one per partition.
 */
async function commitOffsetsOf(
  batches: readonly { messages: readonly RawMessage[]; consumer: Consumer | null }[],
): Promise<void> {
  const byConsumer = new Map<Consumer, Map<string, { topic: string; partition: number; offset: string }>>();
  for (const { messages, consumer } of batches) {
    const last = messages.at(-1);
    if (!consumer || !last) continue;
    const offsets = byConsumer.get(consumer) ?? new Map();
    const next = (BigInt(last.offset) + 1n).toString();
    const key = `${last.topic}\u0000${last.partition}`;
    const before = offsets.get(key);
    if (!before || BigInt(before.offset) < BigInt(next)) {
      offsets.set(key, { topic: last.topic, partition: last.partition, offset: next });
    }
    byConsumer.set(consumer, offsets);
  }
  for (const [consumer, offsets] of byConsumer) await consumer.commitOffsets([...offsets.values()]);
}

/**
 * The read schema's tables whose rows the write-ahead log does not keep: a rebuild writes those it clears
 * so while it replays them (rebuildProjections).
 */
export async function unloggedTables(db: Pick<Pool, 'query'>, schema: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relpersistence = 'u' ORDER BY 1`,
    [schema],
  );
  return rows.map((r) => r.name);
}

/** Each stream's newest event among `events`. */
function newestOfEachStream(events: readonly DomainEvent[]): Map<string, DomainEvent> {
  const newest = new Map<string, DomainEvent>();
  for (const event of events) {
    const seen = newest.get(event.streamId);
    if (!seen || seen.streamVersion < event.streamVersion) newest.set(event.streamId, event);
  }
  return newest;
}

/**
 * How much a rebuild's fetch brings from one partition (a live runner's: kafkajs's 1 MiB). A rebuild's
 * transaction takes every batch fetched while the one before it ran, and larger fetches made fewer,
 * larger transactions: replaying the bench's 1,000,000 events took 103 to 121 s at 1 MiB (seven runs),
 * 85 to 95 s at 4 MiB (four), 75 and 78 s at 8 MiB and 76 to 79 s at 16 MiB (three), the process's
 * peak memory 0.6, 0.8, 0.9 and 1.3 GB.
 */
const REPLAY_FETCH_BYTES_PER_PARTITION = 8 * 1024 * 1024;

/** How many streams' checkpoints one statement of `writeReplayedCheckpoints` writes. */
const REPLAYED_CHECKPOINTS_PER_STATEMENT = 10_000;

/** Changes whenever a batch changes any read model (see ResponseCache). */
export const PROJECTIONS_VERSION_KEY = 'projections:version';

/**
 * Consumes every aggregate topic and applies each batch to the read models in ONE Postgres transaction
 * together with the per-stream checkpoints; Kafka offsets are committed only after that commit. An event
 * at or below its stream's checkpoint is a redelivery and changes nothing. A rebuild keeps the
 * checkpoints itself (`replay`) and applies the projectors marked `replaysBehind` in a second
 * transaction per batch.
 */
export class ProjectorRunner {
  private readonly options: ProjectorRunnerOptions;
  private readonly byType = new Map<string, Projector[]>();
  private readonly versionKeysByType = new Map<string, string[]>();
  /** Types some projector takes in batches: they are applied in runs (see project). */
  private readonly batchable = new Set<string>();
  private readonly s: string;
  private supervisor: SupervisedConsumer | null = null;
  /** Partition batches waiting for the next transaction, and whether one is being applied. */
  private readonly gathered: {
    messages: RawMessage[];
    /** Their events, read as soon as they came (while an earlier transaction is applied). */
    decoded: Promise<Decoded>;
    /** The consumer that fetched them, which commits their offsets once they are applied. */
    consumer: Consumer | null;
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  /** The loop applying the gathered batches, while one runs. */
  private draining: Promise<void> | null = null;
  private stopping = false;
  private replaying = false;
  /**
   * A rebuild's checkpoints: each stream's newest event applied, kept here rather than written with
   * every batch (`replay`), and written once at the end (`writeReplayedCheckpoints`).
   */
  private readonly replayed = new Map<string, { type: string; version: number; position: number }>();
  /** A rebuild's memory (ReplayMemory), made by `replay`; undefined live. */
  private memory: ReplayMemory | undefined;
  /**
   * In a rebuild, the projectors each batch's own transaction applies, and those applied after it
   * commits, in a transaction of their own, while the next batch is applied (`replaysBehind`).
   */
  private readonly leading: readonly Projector[];
  private readonly behind: readonly Projector[];
  /** The transaction of the projectors behind for the last batch applied, until it committed. */
  private behindWork: Promise<void> = Promise.resolve();
  applied = 0;
  skipped = 0;
  /** When (`Date.now()`) a transaction that applied events first committed; null before. */
  firstAppliedAt: number | null = null;

  constructor(options: ProjectorRunnerOptions) {
    this.options = options;
    this.s = ident(options.schema);
    this.leading = options.projectors.filter((p) => !p.replaysBehind);
    this.behind = options.projectors.filter((p) => p.replaysBehind);
    for (const projector of options.projectors) {
      for (const type of projector.handles) {
        this.byType.set(type, [...(this.byType.get(type) ?? []), projector]);
      }
    }
    for (const [type, handlers] of this.byType) {
      if (handlers.some((p) => p.batched?.includes(type as DomainEventType) && p.applyBatch)) {
        this.batchable.add(type);
      }
    }
    for (const { key, changedBy } of options.versions) {
      for (const type of changedBy) {
        this.versionKeysByType.set(type, [...(this.versionKeysByType.get(type) ?? []), key]);
      }
    }
  }

  /** Every version key this runner moves. */
  versionKeys(): string[] {
    return [PROJECTIONS_VERSION_KEY, ...this.options.versions.map((v) => v.key)];
  }

  topics(): string[] {
    return streamTypes.map((type) => topicName(this.options.kafkaSettings, type));
  }

  /** This runner's consumer group (prefixed per deployment). */
  groupId(): string {
    return groupName(this.options.kafkaSettings, this.options.groupId ?? PROJECTOR_GROUP);
  }

  /** Whether the consumer is a member of its group now, or why not. */
  consumerState(): { joined: boolean; state: string; restarts: number } {
    const supervisor = this.supervisor;
    if (!supervisor) return { joined: false, state: 'not started', restarts: 0 };
    return { joined: supervisor.joined, state: supervisor.state, restarts: supervisor.restarts };
  }

  /**
   * Starts consuming and resolves once the consumer has joined its group. Kafka away, at start or
   * later, only delays that: the consumer is started again (with backoff) until it joins, and after
   * every crash, resuming from the committed offsets; a failing batch is retried the same way.
   */
  async start(): Promise<void> {
    if (this.supervisor) return this.supervisor.firstJoin;
    const { kafka, kafkaSettings, log } = this.options;
    const supervisor = new SupervisedConsumer({
      kafka,
      groupId: this.groupId(),
      topics: this.topics(),
      fromBeginning: true,
      ...(this.replaying ? { maxBytesPerPartition: REPLAY_FETCH_BYTES_PER_PARTITION } : {}),
      log,
      prepare: async () => {
        // Read models a rebuild left unlogged (it did not finish): a crash of Postgres would empty them
        // under offsets that say they are applied. Only a rebuild, run again, makes them whole.
        const unlogged = this.replaying ? [] : await unloggedTables(this.options.pool, this.options.schema);
        if (unlogged.length > 0) {
          throw new Error(
            `read models left unlogged by a rebuild that did not finish (${unlogged.join(', ')}): run projections:rebuild`,
          );
        }
        await ensureTopics(kafka, kafkaSettings, this.topics());
        // A runner that stopped between a commit and the version write after it (below) left
        // responses cached from before that commit valid; a new version now retires them.
        await this.moveVersions(this.versionKeys());
      },
      run: (consumer) => ({
        autoCommit: false,
        eachBatchAutoResolve: false,
        // Every partition of a fetch is handed over at once, and their batches are applied together in
        // one transaction (gather below): never two transactions at a time.
        partitionsConsumedConcurrently: PARTITIONS_GATHERED,
        eachBatch: async ({ batch, resolveOffset, heartbeat }) => {
          const last = batch.messages.at(-1);
          if (!last) return;
          const messages: RawMessage[] = batch.messages.map((m) => ({
            topic: batch.topic,
            partition: batch.partition,
            offset: m.offset,
            value: m.value,
          }));
          // The group hears from this member while the transaction is open, however long it takes
          // (kafkajs otherwise heartbeats only between batches, and the session would lapse).
          const beat = setInterval(() => void heartbeat().catch(() => {}), HEARTBEAT_WHILE_APPLYING_MS);
          try {
            // Resolves once the transaction holding these messages committed; the offsets of every
            // partition in it are committed to Kafka after that, in one request (drain).
            await this.gather(messages, consumer);
          } finally {
            clearInterval(beat);
          }
          for (const m of batch.messages) resolveOffset(m.offset);
          await heartbeat();
        },
      }),
    });
    this.supervisor = supervisor;
    supervisor.start();
    await supervisor.firstJoin;
    log.info({ topics: this.topics() }, 'projector runner consuming');
  }

  /**
   * Sets each key to a new version, and moves the scoped versions again (ScopedVersions), in one round
   * trip. A failure is logged, not thrown: the batch is committed, and a redelivery would be skipped
   * without moving anything; the next batch or start moves them again.
   */
  private async moveVersions(keys: string[], scoped?: ScopedVersions): Promise<void> {
    const pipeline = this.options.redis.pipeline();
    if (keys.length > 0) {
      const version = randomUUID();
      pipeline.mset(Object.fromEntries(keys.map((key) => [key, version])));
    }
    scoped?.write(pipeline);
    if (pipeline.length === 0) return;
    const fail = (error: Error) =>
      this.options.log.error({ keys, error: error.message }, 'version not moved');
    const results = await pipeline.exec().catch((error: Error) => {
      fail(error);
      return null;
    });
    const failed = results?.find(([error]) => error)?.[0];
    if (failed) fail(failed);
  }

  /**
   * Opens the batch's transaction and moves the checkpoint of every stream in it to its newest event,
   * where that is past the checkpoint, in one round trip (one simple-protocol string); returns each
   * stream's checkpoint from before. The rows are locked (FOR UPDATE, which reads them as committed
   * once a lock held elsewhere is let go), so a second runner handed the same streams waits for this
   * one and then reads what it wrote. Which events are fresh, and what a stream's checkpoint moves
   * to, depend only on those checkpoints and the events: as moving it after applying them, within the
   * same transaction, since no projector reads the checkpoints. A rebuild's runner is the only one (its
   * group had no member, and a live runner does not start on the read models it leaves unlogged): it
   * only opens the transaction, and takes the checkpoints from those it keeps (`replay`).
   */
  private async begin(client: PoolClient, events: readonly DomainEvent[]): Promise<Map<string, number>> {
    const newest = newestOfEachStream(events);
    const current = new Map<string, number>();
    // A rebuild's transactions say so to the database too, where a read model's triggers keep figures
    // that a rebuild leaves to be worked out anew (migration 017).
    const replaying = this.replaying ? `; SET LOCAL careers.replaying = 'on'` : '';
    const settings = `${BATCH_SETTINGS}${replaying}`;
    if (newest.size === 0 || this.replaying) {
      await client.query(`BEGIN${settings}`);
      // A rebuild's checkpoints are the ones its own committed batches left (see `replay`).
      if (this.replaying) {
        for (const id of newest.keys()) {
          const at = this.replayed.get(id);
          if (at) current.set(id, at.version);
        }
      }
      return current;
    }
    // Literals rather than parameters: a parameterised statement cannot share a round trip with BEGIN.
    const list = [...newest.values()];
    const texts = (values: string[]) =>
      `ARRAY[${values.map((v) => client.escapeLiteral(v)).join(',')}]::text[]`;
    const integers = (values: number[], type: 'int' | 'bigint') => {
      for (const v of values) if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
      return `ARRAY[${values.join(',')}]::${type}[]`;
    };
    const ids = texts(list.map((e) => e.streamId));
    const types = texts(list.map((e) => e.streamType));
    const versions = integers(
      list.map((e) => e.streamVersion),
      'int',
    );
    const positions = integers(
      list.map((e) => e.position),
      'bigint',
    );
    const results = (await client.query(
      `BEGIN${settings};
       WITH before AS (
         SELECT stream_id, stream_version FROM ${this.s}.stream_checkpoints
          WHERE stream_id = ANY(${ids}) ${this.replaying ? '' : 'FOR UPDATE'}
       ), moved AS (
         INSERT INTO ${this.s}.stream_checkpoints AS c (stream_id, stream_type, stream_version, position)
         SELECT * FROM unnest(${ids}, ${types}, ${versions}, ${positions})
         ON CONFLICT (stream_id) DO UPDATE
           SET stream_version = EXCLUDED.stream_version, position = EXCLUDED.position, applied_at = now()
           WHERE c.stream_version < EXCLUDED.stream_version
       )
       SELECT stream_id, stream_version FROM before`,
    )) as unknown as QueryResult<{ stream_id: string; stream_version: number }>[];
    for (const row of results.at(-1)?.rows ?? []) current.set(row.stream_id, row.stream_version);
    return current;
  }

  /**
   * From now on nobody is told of what a batch changes (the projectors' after-commit work is dropped;
   * versions still move): a rebuild replays history whose people were told of it as it happened. The
   * read models must have been cleared just before (rebuildProjections): the projectors keep a copy of
   * some of their rows from here on (ReplayMemory), starting from none.
   *
   * Nor are the checkpoints written with each batch: this runner keeps them, moved after each commit,
   * and skips a redelivery by them as it would by the table's. The table gets them once, at the end
   * (`writeReplayedCheckpoints`, rebuildProjections). Measured on the bench's replay of 300,000
   * events, their reads and upserts with each BEGIN were a seventh of the statements' time (3.1 of
   * 21.1 s, 31 ms a batch of about 3,000 events), each stream's row written anew in every batch that
   * touched it. Nothing is lost by keeping them here: a rebuild whose process ends before its end
   * leaves its read models unlogged, which the live runner does not start on, and is run again from
   * the start; and while a rebuild runs, a read carrying a consistency token waits its longest and then
   * answers with what there is, as it would from read models being filled again.
   */
  replay(): void {
    this.replaying = true;
    this.memory = new ReplayMemory();
  }

  /** A rebuild's memory (see `replay`), undefined live: for tests comparing it with the tables. */
  get replayMemory(): ReplayMemory | undefined {
    return this.memory;
  }

  /**
   * Writes the checkpoints a rebuild kept (see `replay`) in `tx`, where they are past the table's,
   * in statements of at most `REPLAYED_CHECKPOINTS_PER_STATEMENT` streams; returns how many it wrote.
   */
  async writeReplayedCheckpoints(tx: Pick<PoolClient, 'query'>): Promise<number> {
    const streams = [...this.replayed.entries()];
    for (let i = 0; i < streams.length; i += REPLAYED_CHECKPOINTS_PER_STATEMENT) {
      const chunk = streams.slice(i, i + REPLAYED_CHECKPOINTS_PER_STATEMENT);
      await tx.query(
        `INSERT INTO ${this.s}.stream_checkpoints AS c (stream_id, stream_type, stream_version, position)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::bigint[])
         ON CONFLICT (stream_id) DO UPDATE
           SET stream_version = EXCLUDED.stream_version, position = EXCLUDED.position, applied_at = now()
           WHERE c.stream_version < EXCLUDED.stream_version`,
        [
          chunk.map(([id]) => id),
          chunk.map(([, at]) => at.type),
          chunk.map(([, at]) => at.version),
          chunk.map(([, at]) => at.position),
        ],
      );
    }
    return streams.length;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    try {
      await this.supervisor?.stop();
      this.supervisor = null;
      // A rebuild's batches were handed back to kafkajs before they were applied: the one in hand ends,
      // and the transaction behind it.
      await this.draining;
      await this.behindWork;
    } finally {
      this.stopping = false;
    }
  }

  /**
   * Applies the batches of every partition handed over together in one transaction: the batches that
   * reach this in the same turn of the event loop (one fetch's, as kafkajs starts them at once) are
   * applied as one, each partition's messages kept together and in order, and those that come while a
   * transaction is open wait for the next. A stream lives in one partition, so its order holds; the
   * order between partitions is any, as it is between topics read at their own paces. A failure
   * fails every batch of the transaction, and each is delivered again.
   */
  private gather(messages: RawMessage[], consumer: Consumer | null): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const decoded = this.decode(messages);
      // Awaited when its transaction is applied; a failure fails that transaction, not this call.
      decoded.catch(() => {});
      this.gathered.push({ messages, decoded, consumer, resolve, reject });
      if (!this.draining) {
        this.draining = new Promise<void>((done) =>
          setImmediate(() => void this.drain().finally(() => done())),
        );
      }
    });
  }

  /**
   * Live, a batch's `eachBatch` ends once its transaction committed, and kafkajs fetches the next ones
   * only then. In a rebuild it ends once its transaction has been begun, so kafkajs fetches and this
   * process reads the next batches while Postgres applies these: their offsets are still committed
   * only after their commit, and a transaction that fails is tried again here with the same messages
   * (what a redelivery would bring) until it commits, so nothing after it is applied before it.
   */
  private async drain(): Promise<void> {
    while (this.gathered.length > 0) {
      const waiting = this.gathered.splice(0);
      // A topic's partitions next to each other, so its runs of batched types stay long.
      waiting.sort((a, b) => byTopic(a.messages, b.messages));
      const pipelined = this.replaying;
      if (pipelined) for (const w of waiting) w.resolve();
      let applied = false;
      let behind: DomainEvent[] | null = null;
      for (let attempt = 0; !applied; attempt++) {
        try {
          const decoded = await Promise.all(waiting.map((w) => w.decoded));
          ({ behind } = await this.applyDecoded({
            events: decoded.flatMap((d) => d.events),
            dead: decoded.flatMap((d) => d.dead),
          }));
          applied = true;
          if (!pipelined) for (const w of waiting) w.resolve();
        } catch (error) {
          if (!pipelined || this.stopping) {
            for (const w of waiting) w.reject(error);
            break;
          }
          const delay = Math.min(REPLAY_RETRY_MS * 2 ** attempt, REPLAY_RETRY_CAP_MS);
          this.options.log.warn(
            { err: describeError(error), retryInMs: delay },
            'replayed batch not applied; trying it again',
          );
          await new Promise((resolve) => setTimeout(resolve, delay));
          // Read again: what failed may have been reading them (the vault away).
          for (const w of waiting) {
            w.decoded = this.decode(w.messages);
            w.decoded.catch(() => {});
          }
        }
      }
      if (!applied && pipelined) {
        // Stopped with this transaction not applied: nothing after it may be, nor its offsets committed.
        for (const w of this.gathered.splice(0)) w.reject(new Error('projector runner stopped'));
        break;
      }
      // The offsets after the answer, so kafkajs fetches the next batches meanwhile. A commit that
      // fails is logged: the next one covers it, and what a restart takes again is skipped as redelivered.
      if (applied) {
        const commitOffsets = () =>
          commitOffsetsOf(waiting).catch((error: unknown) =>
            this.options.log.warn({ err: describeError(error) }, 'projector offsets not committed'),
          );
        if (behind === null) await commitOffsets();
        else {
          // A rebuild's projectors behind: one transaction at a time, in the batches' order, each while
          // the next batch is applied; the offsets once it committed, so the group's lag says when a
          // rebuild has applied everything.
          await this.behindWork;
          const events = behind;
          this.behindWork = this.applyBehind(events, true).then((done) =>
            done ? commitOffsets() : undefined,
          );
        }
      }
      // Batches that came meanwhile (a partition's next fetch, or one that came late) go next.
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.draining = null;
  }

  /**
   * Applies a batch of raw Kafka messages in one transaction (in a rebuild, the projectors behind then
   * in one of their own, see `replaysBehind`). Public so tests can redeliver batches.
   */
  async applyMessages(messages: RawMessage[]): Promise<{ applied: number; skipped: number }> {
    const { applied, skipped, behind } = await this.applyDecoded(await this.decode(messages));
    if (behind !== null) {
      await this.behindWork;
      await this.applyBehind(behind, false);
    }
    return { applied, skipped };
  }

  /** Reads messages into events, opening their sealed fields; what is not an event goes to `dead`. */
  private async decode(messages: readonly RawMessage[]): Promise<Decoded> {
    const { pool } = this.options;
    const events: DomainEvent[] = [];
    const dead: { message: RawMessage; reason: string }[] = [];
    const raw: { message: RawMessage; value: unknown }[] = [];
    const subjects = new Set<string>();
    for (const message of messages) {
      try {
        const value: unknown = JSON.parse(message.value?.toString('utf8') ?? 'null');
        raw.push({ message, value });
        const subject = sealedSubject(value as { type: string; data: unknown });
        if (subject) subjects.add(subject);
      } catch (error) {
        dead.push({ message, reason: (error as Error).message.slice(0, 2000) });
      }
    }
    // The keys of everyone the batch's sealed fields are about, in one query.
    const open = subjects.size > 0 ? await this.options.vault.opener(pool, subjects) : undefined;
    for (const { message, value } of raw) {
      try {
        events.push(parseDomainEvent(value, { open }));
      } catch (error) {
        dead.push({ message, reason: (error as Error).message.slice(0, 2000) });
      }
    }
    return { events, dead };
  }

  /**
   * Applies decoded messages in one transaction, with the checkpoints of their streams. In a rebuild
   * with projectors behind (`replaysBehind`), only the others: `behind` is then the events left to them
   * (those applied, redeliveries out), else null.
   */
  private async applyDecoded({
    events,
    dead,
  }: Decoded): Promise<{ applied: number; skipped: number; behind: DomainEvent[] | null }> {
    const { pool, redis, log } = this.options;
    const client = await pool.connect();
    const split = this.replaying && this.behind.length > 0;
    let applied = 0;
    let skipped = 0;
    const fresh: DomainEvent[] = [];
    const touched = new Set<string>();
    // Versions of single posts the batch changes (version-scopes.ts), moved by the same rule below.
    const scoped = new ScopedVersions();
    const afterCommit: ((redis: Redis) => Promise<void>)[] = [];
    try {
      const current = await this.begin(client, events);
      const multi = redis.multi();
      // Redeliveries out first: whether an event is one depends only on the checkpoints and the events
      // before it, never on what applying those did.
      for (const event of events) {
        const at = current.get(event.streamId) ?? 0;
        if (event.streamVersion <= at) {
          skipped++;
          continue;
        }
        fresh.push(event);
        for (const key of this.versionKeysByType.get(event.type) ?? []) touched.add(key);
        scoped.add(event);
        current.set(event.streamId, event.streamVersion);
        applied++;
      }
      await this.project(
        fresh,
        {
          tx: client,
          schema: this.s,
          redis: multi,
          replaying: this.replaying,
          memory: this.memory,
          afterCommit: (work) => {
            if (!this.replaying) afterCommit.push(work);
          },
        },
        split ? this.leading : this.options.projectors,
      );
      await scoped.dropDeleted(client, this.s);
      for (const { message, reason } of dead) {
        log.error(
          { topic: message.topic, partition: message.partition, offset: message.offset, reason },
          'dead letter',
        );
        await client.query(
          `INSERT INTO ${this.s}.dead_letters (topic, partition, kafka_offset, reason, payload) VALUES ($1, $2, $3, $4, $5)`,
          [message.topic, message.partition, message.offset, reason, message.value?.toString('utf8') ?? ''],
        );
      }
      // New versions of what changed: cached responses made from the old ones stop matching. They are
      // written before the commit, so a reader that waited for this batch's checkpoint reads a version
      // no response from before the batch was stored under. But between this write and the commit a
      // reader may read the new version and still see the old rows, and cache them under it: the same
      // keys are moved once more after the commit, and a request that waited for a consistency token
      // does not read the cache at all (registerCachedQuery), as it could come between the commit and
      // that second write.
      if (applied > 0) touched.add(PROJECTIONS_VERSION_KEY);
      const version = randomUUID();
      for (const key of touched) multi.set(key, version);
      scoped.write(multi);
      // Redis first, then the commit: if the commit fails the batch is redelivered and the idempotent
      // Redis writes are simply made again.
      const results = await multi.exec();
      const failed = results?.find(([error]) => error);
      if (failed?.[0]) throw failed[0];
      await client.query('COMMIT');
      if (this.replaying) {
        for (const event of newestOfEachStream(fresh).values()) {
          this.replayed.set(event.streamId, {
            type: event.streamType,
            version: event.streamVersion,
            position: event.position,
          });
        }
      }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      // What the projectors kept may hold rows this transaction never wrote.
      this.memory?.forget();
      throw error;
    } finally {
      client.release();
    }
    // The same versions moved once more, in one round trip, before anybody is told of the batch.
    await this.moveVersions([...touched], scoped);
    for (const work of afterCommit) {
      await work(redis).catch((error: Error) =>
        log.error({ error: error.message }, 'after-commit work failed'),
      );
    }
    this.applied += applied;
    this.skipped += skipped;
    if (applied > 0) this.firstAppliedAt ??= Date.now();
    return { applied, skipped, behind: split ? fresh : null };
  }

  /**
   * A rebuild's projectors behind (`replaysBehind`) apply `events`, those of a batch whose transaction
   * for the others committed, in a transaction of their own. With `retry` a failure is tried again (as
   * a rebuild's batch is, see `drain`) until it commits or the runner stops; it resolves to whether it
   * committed and never rejects. Without, a failure is thrown.
   *
   * Measured on the bench's replay of 300,000 events, the notifications were 4.8 of the 10.3 s spent in
   * statements; behind, they are applied while the next batch's others are.
   */
  private async applyBehind(events: readonly DomainEvent[], retry: boolean): Promise<boolean> {
    if (events.length === 0) return true;
    const { pool, redis, log } = this.options;
    for (let attempt = 0; ; attempt++) {
      let client: PoolClient | null = null;
      try {
        client = await pool.connect();
        await this.begin(client, []);
        const multi = redis.multi();
        await this.project(
          events,
          {
            tx: client,
            schema: this.s,
            redis: multi,
            replaying: true,
            memory: this.memory,
            afterCommit: () => {},
          },
          this.behind,
        );
        if (multi.length > 0) {
          const failed = (await multi.exec())?.find(([error]) => error);
          if (failed?.[0]) throw failed[0];
        }
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client?.query('ROLLBACK').catch(() => {});
        this.memory?.forget();
        if (!retry) throw error;
        if (this.stopping) {
          log.error({ err: describeError(error) }, 'replayed batch not applied by the projectors behind');
          return false;
        }
        const delay = Math.min(REPLAY_RETRY_MS * 2 ** attempt, REPLAY_RETRY_CAP_MS);
        log.warn(
          { err: describeError(error), retryInMs: delay },
          'replayed batch not applied by the projectors behind; trying it again',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      } finally {
        client?.release();
      }
    }
  }

  /**
   * Applies events in order. A run of consecutive events of one stream type, each of a type some
   * projector takes in batches (Projector.batched), goes projector by projector (registry order): each
   * takes the run's events it handles in one `applyBatch` call if it takes all their types in batches,
   * else one at a time, in order. Any other event goes to its projectors one at a time, in registry order.
   * Only `projectors` apply them (the runs are the same whichever they are).
   */
  private async project(
    events: readonly DomainEvent[],
    ctx: ProjectionContext,
    projectors: readonly Projector[],
  ): Promise<void> {
    const involved = new Set<Projector>();
    let i = 0;
    while (i < events.length) {
      const streamType = events[i]?.streamType;
      let end = i;
      while (
        end < events.length &&
        events[end]?.streamType === streamType &&
        this.batchable.has(events[end]?.type ?? '')
      )
        end++;
      if (end > i) {
        const run = events.slice(i, end);
        for (const projector of projectors) {
          const mine = run.filter((e) => projector.handles.includes(e.type));
          if (mine.length === 0) continue;
          involved.add(projector);
          if (projector.applyBatch && mine.every((e) => projector.batched?.includes(e.type))) {
            await projector.applyBatch(mine, ctx);
          } else {
            for (const event of mine) await projector.apply(event, ctx);
          }
        }
        i = end;
        continue;
      }
      const event = events[i] as DomainEvent;
      for (const projector of this.byType.get(event.type) ?? []) {
        if (!projectors.includes(projector)) continue;
        involved.add(projector);
        await projector.apply(event, ctx);
      }
      i++;
    }
    for (const projector of projectors) {
      if (involved.has(projector)) await projector.finish?.(ctx);
    }
  }
}
