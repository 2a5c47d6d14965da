import { streamTypes } from '@careers/contracts/topics';
import {
  ident,
  type Logger,
  type PersonalDataVault,
  type Pool,
  type PoolClient,
  type Redis,
} from '@careers/service-kit';
import { GroupConsumer } from '@careers/service-kit/group-consumer';
import {
  ensureTopics,
  groupName,
  type Kafka,
  type KafkaSettings,
  topicName,
} from '@careers/service-kit/kafka';
import { SearchEngine } from '../search-engine.ts';
import type { Projector, ReadModelVersion } from './projector.ts';
import type { ReplayMemory } from './replay-memory.ts';
import { BatchApplier, PROJECTIONS_VERSION_KEY } from './runner-batches.ts';
import { unloggedTables, writeReplayedCheckpoints } from './runner-checkpoints.ts';
import { BatchGatherer } from './runner-gather.ts';
import { type Decoded, decodeMessages, type RawMessage } from './runner-messages.ts';

export { PROJECTIONS_VERSION_KEY } from './runner-batches.ts';
export { unloggedTables } from './runner-checkpoints.ts';
export type { RawMessage } from './runner-messages.ts';

export const PROJECTOR_GROUP = 'query-projector';

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
  /** The search engine the read models' indexes are in (SEARCH_ENGINE_URL's unless given). */
  search?: SearchEngine;
}

/**
 * How much a rebuild's fetch brings from one partition (a live runner's: 1 MiB). A rebuild's
 * transaction takes every batch fetched while the one before it ran, and larger fetches made fewer,
 * larger transactions: replaying the bench's 1,000,000 events took 103 to 121 s at 1 MiB (seven runs),
 * 85 to 95 s at 4 MiB (four), 75 and 78 s at 8 MiB and 76 to 79 s at 16 MiB (three), the process's
 * peak memory 0.6, 0.8, 0.9 and 1.3 GB.
 */
const REPLAY_FETCH_BYTES_PER_PARTITION = 8 * 1024 * 1024;

/**
 * Consumes every aggregate topic and applies each batch to the read models in ONE Postgres transaction
 * together with the per-stream checkpoints; Kafka offsets are committed only after that commit. An event
 * at or below its stream's checkpoint is a redelivery and changes nothing. A rebuild keeps the
 * checkpoints itself (`replay`) and applies the projectors marked `replaysBehind` in a second
 * transaction per batch.
 */
export class ProjectorRunner {
  private readonly options: ProjectorRunnerOptions;
  private readonly applier: BatchApplier;
  /** The search engine the read models' indexes are in. */
  readonly search: SearchEngine;
  private supervisor: GroupConsumer | null = null;
  private readonly gatherer: BatchGatherer;

  constructor(options: ProjectorRunnerOptions) {
    this.options = options;
    this.search = options.search ?? SearchEngine.fromEnv();
    this.applier = new BatchApplier({ ...options, search: this.search });
    this.gatherer = new BatchGatherer(this.applier, (messages) => this.decode(messages), options.log);
  }

  /** Events applied, and redeliveries skipped, since this runner started. */
  get applied(): number {
    return this.applier.applied;
  }

  get skipped(): number {
    return this.applier.skipped;
  }

  /** When (`Date.now()`) a transaction that applied events first committed; null before. */
  get firstAppliedAt(): number | null {
    return this.applier.firstAppliedAt;
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
    const supervisor = new GroupConsumer({
      kafka,
      groupId: this.groupId(),
      ...(kafkaSettings.KAFKA_GROUP_INSTANCE_ID
        ? { groupInstanceId: kafkaSettings.KAFKA_GROUP_INSTANCE_ID }
        : {}),
      topics: this.topics(),
      fromBeginning: true,
      ...(this.applier.replaying ? { maxBytesPerPartition: REPLAY_FETCH_BYTES_PER_PARTITION } : {}),
      log,
      prepare: async () => {
        // Read models a rebuild left unlogged (it did not finish): a crash of Postgres would empty them
        // under offsets that say they are applied. Only a rebuild, run again, makes them whole.
        const unlogged = this.applier.replaying
          ? []
          : await unloggedTables(this.options.pool, this.options.schema);
        if (unlogged.length > 0) {
          throw new Error(
            `read models left unlogged by a rebuild that did not finish (${unlogged.join(', ')}): run projections:rebuild`,
          );
        }
        await ensureTopics(kafka, kafkaSettings, this.topics());
        // A runner that stopped between a commit and the version write after it (below) left
        // responses cached from before that commit valid; a new version now retires them.
        await this.applier.moveVersions(this.versionKeys());
      },
      // Every partition of a fetch is handed over at once, and their batches are applied together in
      // one transaction (gather below): never two transactions at a time. Each resolves once the
      // transaction holding its messages committed (in a rebuild: once it has begun); the offsets of
      // every partition in it are committed to Kafka after that, in one request (drain).
      eachBatch: (batch, consumer) =>
        this.gatherer.gather(
          batch.messages.map((m) => ({
            topic: batch.topic,
            partition: batch.partition,
            offset: m.offset,
            value: m.value,
          })),
          consumer,
        ),
    });
    this.supervisor = supervisor;
    supervisor.start();
    await supervisor.firstJoin;
    log.info({ topics: this.topics() }, 'projector runner consuming');
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
    this.applier.replay();
  }

  /** A rebuild's memory (see `replay`), undefined live: for tests comparing it with the tables. */
  get replayMemory(): ReplayMemory | undefined {
    return this.applier.memory;
  }

  /**
   * Writes the checkpoints a rebuild kept (see `replay`) in `tx`, where they are past the table's;
   * returns how many it wrote.
   */
  writeReplayedCheckpoints(tx: Pick<PoolClient, 'query'>): Promise<number> {
    return writeReplayedCheckpoints(tx, ident(this.options.schema), this.applier.replayed);
  }

  async stop(): Promise<void> {
    await this.gatherer.stop(async () => {
      await this.supervisor?.stop();
      this.supervisor = null;
    });
  }

  /**
   * Applies a batch of raw Kafka messages in one transaction (in a rebuild, the projectors behind then
   * in one of their own, see `replaysBehind`). Public so tests can redeliver batches.
   */
  async applyMessages(messages: RawMessage[]): Promise<{ applied: number; skipped: number }> {
    const { applied, skipped, behind } = await this.applier.applyDecoded(await this.decode(messages));
    if (behind !== null) await this.gatherer.applyBehind(behind);
    return { applied, skipped };
  }

  /** Reads messages into events, opening their sealed fields; what is not an event goes to `dead`. */
  private decode(messages: readonly RawMessage[]): Promise<Decoded> {
    return decodeMessages(messages, this.options.pool, this.options.vault);
  }
}
