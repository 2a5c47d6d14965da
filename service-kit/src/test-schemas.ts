import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { DEFAULT_SEARCH_ENGINE_URL } from './config.ts';

/**
 * Postgres schemas for the tests, used again from one test file to the next instead of made and
 * dropped each time. Each file of the integration tests used to migrate three schemas of its own (the
 * command side, the read side and the person-key vault) and drop them at its end: about 0.46 s of
 * Postgres CPU and 0.8 s of waiting per file, 130 times a run, most of Postgres' work in npm test.
 *
 * A slot is a set of three schemas (`t_pool<N>_cmd`, `_read`, `_vault`) held by one test namespace at
 * a time. It is taken synchronously (testNamespace is synchronous) by making its lock directory, and
 * given back by the namespace's cleanup once the schemas are emptied: every row deleted but the
 * migration records, every sequence back at its start, so the next file finds them as migrations
 * leave them and its services' migrate() has nothing to do. A schema whose migrations are not exactly
 * the current set (a file that migrated its own tables, or one written before a new migration) is
 * dropped instead, and made again by the next file's services.
 *
 * The search engine's indexes of the read schema are deleted before the slot is freed (the next holder
 * makes its own of the same name). The lock directory names the holder's pid. A slot whose holder died
 * (a killed run) is skipped, and emptied and freed by `sweepTestSchemaSlots` (npm test runs it first).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SLOTS_DIR = join(ROOT, '.stack/test-schemas');
/** More than any run holds at once (about ten): a run finding none free falls back to its own names. */
const MAX_SLOTS = 64;

export interface SchemaSlot {
  command: string;
  read: string;
  vault: string;
  /** Empties the schemas (or drops those that are not as the migrations leave them) and frees the slot. */
  release(client: pg.Client): Promise<void>;
  /** Drops the schemas and frees the slot (for a file that changed their tables). */
  discard(client: pg.Client): Promise<void>;
}

const migrationDirs = {
  cmd: join(ROOT, 'command-service/migrations'),
  read: join(ROOT, 'query-service/migrations'),
  vault: join(ROOT, 'service-kit/migrations/vault'),
} as const;
type Kind = keyof typeof migrationDirs;

let expected: Record<Kind, string> | undefined;
/** The migration ids each kind of schema holds once migrated, as migrate() records them. */
function expectedMigrations(): Record<Kind, string> {
  expected ??= Object.fromEntries(
    Object.entries(migrationDirs).map(([kind, dir]) => [
      kind,
      readdirSync(dir)
        .filter((file) => file.endsWith('.sql'))
        .sort()
        .join(','),
    ]),
  ) as Record<Kind, string>;
  return expected;
}

const schemasOf = (n: number) => ({
  cmd: `t_pool${n}_cmd`,
  read: `t_pool${n}_read`,
  vault: `t_pool${n}_vault`,
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(dir: string): number | undefined {
  try {
    return Number(readFileSync(join(dir, 'pid'), 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

/** Takes a free slot, or undefined when all are held. */
export function claimSchemaSlot(): SchemaSlot | undefined {
  mkdirSync(SLOTS_DIR, { recursive: true });
  for (let n = 0; n < MAX_SLOTS; n += 1) {
    const dir = join(SLOTS_DIR, `slot-${n}`);
    try {
      mkdirSync(dir);
    } catch {
      continue;
    }
    writeFileSync(join(dir, 'pid'), String(process.pid));
    return slot(n, dir);
  }
  return undefined;
}

function slot(n: number, dir: string): SchemaSlot {
  const names = schemasOf(n);
  const free = () => rmSync(dir, { recursive: true, force: true });
  return {
    command: names.cmd,
    read: names.read,
    vault: names.vault,
    async release(client) {
      const holders = await relayLockHolders(client, names.cmd);
      if (holders.length > 0) {
        // A relay of this namespace still runs: it would publish the next holder's events to this
        // namespace's topics and keep the next holder's relay from becoming active. The slot stays
        // taken until this process ends (the sweep frees it then), and the file is told.
        throw new Error(
          `${names.cmd}: an outbox relay still holds its lock (backend ${holders.join(', ')}): close the services before the namespace's cleanup`,
        );
      }
      for (const kind of Object.keys(names) as Kind[]) await emptyOrDrop(client, names[kind], kind);
      free();
    },
    async discard(client) {
      for (const schema of Object.values(names))
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      free();
    },
  };
}

/**
 * The backends holding the outbox relay's advisory lock of a command schema (outbox-relay.ts takes
 * `pg_try_advisory_lock(hashtext('outbox-relay:' || schema))`; pg_locks shows a bigint key as its high
 * and low halves).
 */
async function relayLockHolders(client: pg.Client, schema: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_locks, LATERAL (SELECT hashtext($1)::bigint AS key) k
      WHERE locktype = 'advisory' AND granted AND objsubid = 1
        AND classid::bigint = ((k.key >> 32) & 4294967295) AND objid::bigint = (k.key & 4294967295)`,
    [`outbox-relay:${schema}`],
  );
  return rows.map((row) => row.pid);
}

/**
 * Deletes every row of the schema but its migration records and restarts its sequences, in one
 * transaction, when its migrations are exactly the current ones; otherwise drops it. Triggers (the
 * event log's append-only guard, foreign keys, the bell's counters) are off for the deletes, as a
 * replica applies changes.
 */
async function emptyOrDrop(client: pg.Client, schema: string, kind: Kind): Promise<void> {
  const table = `"${schema}".schema_migrations`;
  const present = await client.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [
    table,
  ]);
  const ids = present.rows[0]?.present
    ? (
        await client.query<{ ids: string | null }>(
          `SELECT string_agg(id, ',' ORDER BY id) AS ids FROM ${table}`,
        )
      ).rows[0]?.ids
    : undefined;
  if (ids !== expectedMigrations()[kind]) {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    return;
  }
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    const tables = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE schemaname = $1 AND tablename <> 'schema_migrations'`,
      [schema],
    );
    const sequences = await client.query<{ name: string; start: string }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name, start_value::text AS start FROM pg_sequences
        WHERE schemaname = $1`,
      [schema],
    );
    const statements = [
      ...tables.rows.map((t) => `DELETE FROM ${t.name}`),
      ...sequences.rows.map(
        (s) => `SELECT setval('${s.name.replaceAll("'", "''")}', ${Number(s.start)}, false)`,
      ),
    ];
    if (statements.length > 0) await client.query(statements.join(';\n'));
    await client.query('COMMIT');
  } catch {
    await client.query('ROLLBACK').catch(() => {});
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}

/** The search engine the tests' services use. */
export function searchEngineUrl(): string {
  return (process.env.SEARCH_ENGINE_URL ?? DEFAULT_SEARCH_ENGINE_URL).replace(/\/$/, '');
}

/** Deletes the search engine's indexes of a read schema (query-service/src/search-engine.ts names them so). */
export async function deleteSearchIndexes(readSchema: string): Promise<void> {
  const engine = searchEngineUrl();
  for (const kind of ['jobs', 'people']) {
    await fetch(`${engine}/${kind}/${readSchema}`, { method: 'DELETE' }).catch(() => {});
  }
}

/**
 * Frees the slots whose holder is gone (a run killed before its clean-up), emptying or dropping their
 * schemas first. Slots held by a live process are left alone, so this may run beside other tests.
 */
export async function sweepTestSchemaSlots(client: pg.Client): Promise<number> {
  let entries: string[];
  try {
    entries = readdirSync(SLOTS_DIR);
  } catch {
    return 0;
  }
  let swept = 0;
  for (const entry of entries) {
    const match = /^slot-(\d+)$/.exec(entry);
    if (!match) continue;
    const dir = join(SLOTS_DIR, entry);
    const pid = holderOf(dir);
    // A slot being taken this very moment has its directory but no pid yet.
    const made = statSync(dir, { throwIfNoEntry: false })?.mtimeMs;
    // Freed by its holder since the listing.
    if (made === undefined) continue;
    if (pid === undefined && Date.now() - made < 60_000) continue;
    if (pid !== undefined && alive(pid)) continue;
    // One sweep per slot at a time; the slot stays taken (its directory) while its schemas are emptied.
    const sweeping = `${dir}.sweeping`;
    try {
      mkdirSync(sweeping);
    } catch {
      continue;
    }
    try {
      // Another sweep may have freed it, and someone taken it since.
      if (holderOf(dir) !== pid || statSync(dir, { throwIfNoEntry: false }) === undefined) continue;
      writeFileSync(join(dir, 'pid'), String(process.pid));
      const names = schemasOf(Number(match[1]));
      await deleteSearchIndexes(names.read);
      for (const kind of Object.keys(names) as Kind[]) await emptyOrDrop(client, names[kind], kind);
      rmSync(dir, { recursive: true, force: true });
      swept += 1;
    } finally {
      rmSync(sweeping, { recursive: true, force: true });
    }
  }
  return swept;
}
