import type { Pool, Redis } from '@careers/service-kit';

/**
 * Tables whose rows are bookkeeping of the runner rather than a read model (`like_sets_to_move` says
 * whether a projector start has yet to move old like sets out of Redis: a schema slot a projector
 * started in before has it empty, a new one not).
 */
const BOOKKEEPING = new Set(['stream_checkpoints', 'dead_letters', 'schema_migrations', 'like_sets_to_move']);

/**
 * Tables ranked from the others off the event path (stored suggestion lists, when each was ranked,
 * whose wait): a rebuild clears them and the refresher ranks everyone again, so they are not compared.
 * A deleted account leaves them with its AccountDeleted (tested beside them).
 */
const DERIVED = new Set(['suggestion_lists', 'suggestion_list_state', 'suggestion_refreshes']);

/**
 * Tables that keep a figure of the others so it need not be worked out again (the bell's count per
 * person, known once counted): a rebuild leaves them to be counted anew, so they are not compared. Their
 * figures are held to the rows they come from beside them.
 */
const KEPT_FIGURES = new Set(['notification_unread_counts']);

/**
 * The mail sender's ledger (what was queued live, and sent or refused): a rebuild queues nothing and
 * keeps it, so it is not compared; query-service/src/mail/mail.int.test.ts holds it to the mail sent.
 */
const MAIL_LEDGER = new Set(['notification_mails', 'mail_refused_addresses']);

/** Keys whose values are fresh random versions (ResponseCache), not read-model state. */
const VERSION_KEYS = /^projections:/;

export interface ReadModelSnapshot {
  /** table -> its rows as JSON text, sorted. */
  tables: Record<string, string[]>;
  /** key (without the prefix) -> its value, in a comparable form. */
  keys: Record<string, unknown>;
}

/**
 * Every row of every read-model table of a schema and every Redis key under a prefix, in a form two
 * runs can be compared with (and searched: a test of erasure looks for a person in all of it).
 */
export async function readModelSnapshot(
  pool: Pool,
  schemaName: string,
  redis: Redis,
): Promise<ReadModelSnapshot> {
  const { rows: tableRows } = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'
      ORDER BY table_name`,
    [schemaName],
  );
  const tables: Record<string, string[]> = {};
  for (const { table_name } of tableRows) {
    if ([BOOKKEEPING, DERIVED, KEPT_FIGURES, MAIL_LEDGER].some((set) => set.has(table_name))) continue;
    const { rows } = await pool.query<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM "${schemaName}"."${table_name}" t ORDER BY 1`,
    );
    tables[table_name] = rows.map((r) => r.row);
  }
  const prefix = redis.options.keyPrefix ?? '';
  const keys: Record<string, unknown> = {};
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    for (const full of found) {
      const key = full.slice(prefix.length);
      if (VERSION_KEYS.test(key)) continue;
      const type = await redis.type(key);
      if (type === 'string') keys[key] = await redis.get(key);
      else if (type === 'set') keys[key] = (await redis.smembers(key)).sort();
      else if (type === 'zset') keys[key] = await redis.zrange(key, '0', '-1', 'WITHSCORES');
      else if (type === 'hash') keys[key] = await redis.hgetall(key);
      else if (type === 'list') keys[key] = await redis.lrange(key, 0, -1);
      else keys[key] = `<${type}>`;
    }
  } while (cursor !== '0');
  return {
    tables,
    keys: Object.fromEntries(Object.entries(keys).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** The rows and keys (with their values) whose text holds any of `needles`, case-insensitive. */
export function findIn(snapshot: ReadModelSnapshot, needles: readonly string[]): string[] {
  const lower = needles.map((n) => n.toLowerCase());
  const hits: string[] = [];
  for (const [table, rows] of Object.entries(snapshot.tables)) {
    for (const row of rows)
      if (lower.some((n) => row.toLowerCase().includes(n))) hits.push(`${table}: ${row}`);
  }
  for (const [key, value] of Object.entries(snapshot.keys)) {
    const text = `${key} ${JSON.stringify(value)}`.toLowerCase();
    if (lower.some((n) => text.includes(n))) hits.push(`redis ${key}: ${JSON.stringify(value)}`);
  }
  return hits;
}
