import { readModelSnapshot } from './read-model-snapshot.ts';
import type { projectorTestbed } from './testing.ts';

/** What the batch tests share beside their histories (`batch-history.ts` and the others). */

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
