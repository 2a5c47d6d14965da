import { readModelSnapshot } from './read-model-snapshot.ts';
import type { projectorTestbed } from './testing.ts';

/** What the batch tests share beside their histories (`batch-history.ts` and the others). */

/**
 * Each history test applies a few hundred events one at a time and again in batches, redelivered in
 * order and reversed: about 6 s on an idle machine, 20 to 31 s beside the rest of npm test on two
 * busy cores, where the project's 30 s timeout failed two of them in one run. They compute, they do
 * not wait on anything that could hang, so their limit is the machine's, not a hint of a fault.
 */
export const HISTORY_TEST_OPTIONS = { timeout: 120_000 };

export type BatchBed = Awaited<ReturnType<typeof projectorTestbed>>;

export const snapshotOf = (bed: BatchBed) => readModelSnapshot(bed.pool, bed.config.DB_SCHEMA, bed.redis);
/** Every stream's checkpoint (the snapshot leaves the bookkeeping out). */
export const checkpointsOf = async (bed: BatchBed) =>
  (
    await bed.pool.query(
      `SELECT stream_id, stream_type, stream_version, position FROM ${bed.schema}.stream_checkpoints
        ORDER BY stream_id`,
    )
  ).rows;
