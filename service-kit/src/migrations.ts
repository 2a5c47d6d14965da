import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ident, type Pool } from './postgres.ts';

export interface Migration {
  id: string;
  sql: string;
}

/** Reads `NNN_name.sql` files in name order. `{{schema}}` in a file stands for the quoted schema name. */
export async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(files.map(async (file) => ({ id: file, sql: await readFile(join(dir, file), 'utf8') })));
}

/**
 * Applies the migrations not yet recorded in `<schema>.schema_migrations`, each in its own transaction,
 * under an advisory lock so that two processes starting together do not race.
 */
export async function migrate(pool: Pool, schema: string, migrations: Migration[]): Promise<string[]> {
  const s = ident(schema);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ id: string }>(`SELECT id FROM ${s}.schema_migrations`)).rows.map((r) => r.id),
    );
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql.replaceAll('{{schema}}', s));
        await client.query(`INSERT INTO ${s}.schema_migrations (id) VALUES ($1)`, [migration.id]);
        await client.query('COMMIT');
        applied.push(migration.id);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.id} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => {});
    client.release();
  }
  return applied;
}
