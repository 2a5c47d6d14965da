import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { ident, type Logger, type Pool, type PoolClient, type Redis } from '@careers/service-kit';
import { describeError } from '@careers/service-kit/retry';
import type { SearchEngine } from '../search-engine.ts';
import type { Projector, ReadModelVersion } from './projector.ts';
import { ReplayMemory } from './replay-memory.ts';
import { beginBatch, newestOfEachStream, type ReplayedCheckpoints } from './runner-checkpoints.ts';
import { EventDispatch } from './runner-dispatch.ts';
import type { Decoded } from './runner-messages.ts';
import { ScopedVersions } from './version-scopes.ts';

/** Changes whenever a batch changes any read model (see ResponseCache). */
export const PROJECTIONS_VERSION_KEY = 'projections:version';

/** A rebuild's transaction that failed is tried again after this long, doubling up to the cap. */
export const REPLAY_RETRY_MS = 100;
export const REPLAY_RETRY_CAP_MS = 5000;

export interface BatchApplierOptions {
  pool: Pool;
  schema: string;
  redis: Redis;
  log: Logger;
  projectors: readonly Projector[];
  /** Narrower versions, each moved only by batches that apply one of its events. */
  versions: readonly ReadModelVersion[];
  /** The search engine the read models' indexes are in. */
  search: SearchEngine;
}

/**
 * Applies decoded batches to the read models: each in ONE Postgres transaction together with the
 * per-stream checkpoints, the Redis writes just before its commit, the versions moved again and the
 * projectors' after-commit work after it. In a rebuild (`replay`) it keeps the checkpoints itself and
 * applies the projectors marked `replaysBehind` in a second transaction per batch (`applyBehind`).
 */
export class BatchApplier {
  private readonly options: BatchApplierOptions;
  private readonly dispatch: EventDispatch;
  private readonly versionKeysByType = new Map<string, string[]>();
  private readonly s: string;
  replaying = false;
  /**
   * A rebuild's checkpoints: each stream's newest event applied, kept here rather than written with
   * every batch (ProjectorRunner.replay), and written once at the end (`writeReplayedCheckpoints`).
   */
  readonly replayed: ReplayedCheckpoints = new Map();
  /** A rebuild's memory (ReplayMemory), made by `replay`; undefined live. */
  memory: ReplayMemory | undefined;
  /**
   * In a rebuild, the projectors each batch's own transaction applies, and those applied after it
   * commits, in a transaction of their own, while the next batch is applied (`replaysBehind`).
   */
  private readonly leading: readonly Projector[];
  private readonly behind: readonly Projector[];
  applied = 0;
  skipped = 0;
  /** When (`Date.now()`) a transaction that applied events first committed; null before. */
  firstAppliedAt: number | null = null;

  constructor(options: BatchApplierOptions) {
    this.options = options;
    this.s = ident(options.schema);
    this.dispatch = new EventDispatch(options.projectors);
    this.leading = options.projectors.filter((p) => !p.replaysBehind);
    this.behind = options.projectors.filter((p) => p.replaysBehind);
    for (const { key, changedBy } of options.versions) {
      for (const type of changedBy) {
        this.versionKeysByType.set(type, [...(this.versionKeysByType.get(type) ?? []), key]);
      }
    }
  }

  /** From now on, a rebuild's batches (see ProjectorRunner.replay). */
  replay(): void {
    this.replaying = true;
    this.memory = new ReplayMemory();
  }

  /**
   * Sets each key to a new version, and moves the scoped versions again (ScopedVersions), in one round
   * trip. A failure is logged, not thrown: the batch is committed, and a redelivery would be skipped
   * without moving anything; the next batch or start moves them again.
   */
  async moveVersions(keys: string[], scoped?: ScopedVersions): Promise<void> {
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
   * Applies decoded messages in one transaction, with the checkpoints of their streams. In a rebuild
   * with projectors behind (`replaysBehind`), only the others: `behind` is then the events left to them
   * (those applied, redeliveries out), else null.
   */
  async applyDecoded({
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
      const current = await beginBatch(client, events, this.s, this.replaying ? this.replayed : null);
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
      await this.dispatch.project(
        fresh,
        {
          tx: client,
          schema: this.s,
          redis: multi,
          replaying: this.replaying,
          memory: this.memory,
          search: this.options.search,
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
   * a rebuild's batch is, see ProjectorRunner's `drain`) until it commits or the runner stops; it resolves to whether it
   * committed and never rejects. Without, a failure is thrown.
   *
   * Measured on the bench's replay of 300,000 events, the notifications were 4.8 of the 10.3 s spent in
   * statements; behind, they are applied while the next batch's others are.
   */
  async applyBehind(
    events: readonly DomainEvent[],
    retry: boolean,
    stopping: () => boolean = () => false,
  ): Promise<boolean> {
    if (events.length === 0) return true;
    const { pool, redis, log } = this.options;
    for (let attempt = 0; ; attempt++) {
      let client: PoolClient | null = null;
      try {
        client = await pool.connect();
        await beginBatch(client, [], this.s, this.replayed);
        const multi = redis.multi();
        await this.dispatch.project(
          events,
          {
            tx: client,
            schema: this.s,
            redis: multi,
            replaying: true,
            memory: this.memory,
            search: this.options.search,
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
        if (stopping()) {
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
}
