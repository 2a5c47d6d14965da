import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { migrateVault } from './personal-data.ts';
import { createPool } from './postgres.ts';
import { claimSchemaSlot, type SchemaSlot, searchEngineUrl, sweepTestSchemaSlots } from './test-schemas.ts';

const config = loadConfig(baseEnv, { ...process.env, NODE_ENV: 'test' });
const pool = createPool(config.DATABASE_URL, 2, 'test');
const client = new pg.Client({ connectionString: config.DATABASE_URL });

beforeAll(async () => {
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await pool.end();
});

const schemaExists = async (schema: string) =>
  (await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount === 1;
const rowsOf = async (table: string) => (await client.query(`SELECT * FROM ${table}`)).rows;

/** A slot with a vault as migrations leave it, holding a key, and a command schema of other migrations. */
async function filled(slot: SchemaSlot) {
  await migrateVault(pool, slot.vault);
  await client.query(
    `INSERT INTO "${slot.vault}".subject_keys (subject_id, wrapped_key) VALUES ('someone', '\\x00')`,
  );
  await client.query(`CREATE SCHEMA IF NOT EXISTS "${slot.command}"`);
  await client.query(`CREATE TABLE IF NOT EXISTS "${slot.command}".schema_migrations (id text PRIMARY KEY)`);
  await client.query(`INSERT INTO "${slot.command}".schema_migrations VALUES ('001_a_test_of_its_own.sql')`);
}

describe('test schema slots', () => {
  it('are given back empty, as the migrations leave them, and a schema of other migrations is dropped', async () => {
    const slot = claimSchemaSlot();
    if (!slot) throw new Error('no free slot');
    await filled(slot);
    await slot.release(client);
    expect(await schemaExists(slot.vault)).toBe(true);
    expect(await rowsOf(`"${slot.vault}".subject_keys`)).toEqual([]);
    // The migration records stay, so the next holder's migrate() has nothing to do.
    expect(await migrateVault(pool, slot.vault)).toEqual([]);
    expect(await schemaExists(slot.command)).toBe(false);
    await slot.release(client);
  });

  it('are not taken twice while held', () => {
    const first = claimSchemaSlot();
    const second = claimSchemaSlot();
    expect(first?.vault).toBeDefined();
    expect(second?.vault).not.toBe(first?.vault);
    return Promise.all([first?.discard(client), second?.discard(client)]);
  });

  it('are not given back while a relay of theirs still runs, and are once it stops', async () => {
    const slot = claimSchemaSlot();
    if (!slot) throw new Error('no free slot');
    const relay = new pg.Client({ connectionString: config.DATABASE_URL });
    await relay.connect();
    try {
      // The lock outbox-relay.ts takes, held by another session as a relay left running would.
      await relay.query('SELECT pg_try_advisory_lock(hashtext($1))', [`outbox-relay:${slot.command}`]);
      await expect(slot.release(client)).rejects.toThrow(/outbox relay still holds its lock/);
      const dir = join(
        import.meta.dirname,
        '../../.stack/test-schemas',
        `slot-${/t_pool(\d+)_/.exec(slot.vault)?.[1]}`,
      );
      expect(existsSync(dir)).toBe(true);
      await relay.query('SELECT pg_advisory_unlock_all()');
      await slot.release(client);
      expect(existsSync(dir)).toBe(false);
    } finally {
      await relay.end();
    }
  });

  it('held by a process that is gone, are emptied and freed by the sweep', async () => {
    const slot = claimSchemaSlot();
    if (!slot) throw new Error('no free slot');
    await filled(slot);
    // An index of the slot's read schema in the search engine, as a projector would have made.
    const index = `${searchEngineUrl()}/people/${slot.read}`;
    const made = await fetch(`${index}/documents`, {
      method: 'PUT',
      body: JSON.stringify({ delete: ['x'] }),
    });
    expect(made.status).toBe(200);
    expect((await fetch(index)).status).toBe(200);
    const dir = join(
      import.meta.dirname,
      '../../.stack/test-schemas',
      `slot-${/t_pool(\d+)_/.exec(slot.vault)?.[1]}`,
    );
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dir, 'pid'), String(gone));
    expect(await sweepTestSchemaSlots(client)).toBeGreaterThanOrEqual(1);
    expect(existsSync(dir)).toBe(false);
    expect((await fetch(index)).status).toBe(404);
    expect(await rowsOf(`"${slot.vault}".subject_keys`)).toEqual([]);
    expect(await schemaExists(slot.command)).toBe(false);
  });
});
