import type { DomainEvent } from '@careers/contracts/events/catalogue';
import type { Pool, PoolClient } from '@careers/service-kit';
import type { QueryResult } from 'pg';
import { CHECKPOINT_CHANNEL } from '../checkpoint-signal.ts';

/**
 * The per-stream checkpoints the projector runner keeps with every batch (`stream_checkpoints`): an
 * event at or below its stream's checkpoint is a redelivery. A rebuild keeps them in memory instead
 * (`ReplayedCheckpoints`) and writes them once at the end.
 */

/**
 * Set with each batch's BEGIN, live and in a rebuild: a random page priced as the in-memory page it is,
 * as the job lists do. A batch finds its rows by key, and on a table that churns (a post's
 * grouped likes notification rewritten with each like) the planner otherwise prices a few dozen index
 * probes above reading the whole table, dead row versions and all: measured under the bench's likes,
 * the grouped likes' update read every notification (6.5 of its 8 ms) to update the 22 of its batch;
 * priced so, it reads them through the primary key (0.2 ms).
 */
const BATCH_SETTINGS = '; SET LOCAL random_page_cost = 1.1';

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
export function newestOfEachStream(events: readonly DomainEvent[]): Map<string, DomainEvent> {
  const newest = new Map<string, DomainEvent>();
  for (const event of events) {
    const seen = newest.get(event.streamId);
    if (!seen || seen.streamVersion < event.streamVersion) newest.set(event.streamId, event);
  }
  return newest;
}

/** How many streams' checkpoints one statement of `writeReplayedCheckpoints` writes. */
const REPLAYED_CHECKPOINTS_PER_STATEMENT = 10_000;

/** A rebuild's checkpoints: each stream's newest event applied (see ProjectorRunner.replay). */
export type ReplayedCheckpoints = Map<string, { type: string; version: number; position: number }>;

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
export async function beginBatch(
  client: PoolClient,
  events: readonly DomainEvent[],
  s: string,
  replayed: ReplayedCheckpoints | null,
): Promise<Map<string, number>> {
  const replaying = replayed !== null;
  const newest = newestOfEachStream(events);
  const current = new Map<string, number>();
  // A rebuild's transactions say so to the database too, where a read model's triggers keep figures
  // that a rebuild leaves to be worked out anew (migration 017).
  const settings = `${BATCH_SETTINGS}${replaying ? `; SET LOCAL careers.replaying = 'on'` : ''}`;
  if (newest.size === 0 || replayed !== null) {
    await client.query(`BEGIN${settings}`);
    // A rebuild's checkpoints are the ones its own committed batches left (see `replay`).
    if (replayed !== null) {
      for (const id of newest.keys()) {
        const at = replayed.get(id);
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
  // Told to the query-service's waiting reads at the commit (never for a batch rolled back), in the
  // same round trip (checkpoint-signal.ts).
  const notify = `SELECT pg_notify(${client.escapeLiteral(CHECKPOINT_CHANNEL)}, ${client.escapeLiteral(s.replace(/^"|"$/g, ''))});`;
  const results = (await client.query(
    `BEGIN${settings};
     ${notify}
     WITH before AS (
       SELECT stream_id, stream_version FROM ${s}.stream_checkpoints
        WHERE stream_id = ANY(${ids}) ${replaying ? '' : 'FOR UPDATE'}
     ), moved AS (
       INSERT INTO ${s}.stream_checkpoints AS c (stream_id, stream_type, stream_version, position)
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
 * Writes the checkpoints a rebuild kept (see `replay`) in `tx`, where they are past the table's,
 * in statements of at most `REPLAYED_CHECKPOINTS_PER_STATEMENT` streams; returns how many it wrote.
 */
export async function writeReplayedCheckpoints(
  tx: Pick<PoolClient, 'query'>,
  s: string,
  replayed: ReplayedCheckpoints,
): Promise<number> {
  const streams = [...replayed.entries()];
  for (let i = 0; i < streams.length; i += REPLAYED_CHECKPOINTS_PER_STATEMENT) {
    const chunk = streams.slice(i, i + REPLAYED_CHECKPOINTS_PER_STATEMENT);
    await tx.query(
      `INSERT INTO ${s}.stream_checkpoints AS c (stream_id, stream_type, stream_version, position)
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
