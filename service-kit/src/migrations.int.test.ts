import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { migrate } from './migrations.ts';
import { createPool } from './postgres.ts';
import { testNamespace } from './testing.ts';

const ns = testNamespace('migrations', { freshSchemas: true });
const config = loadConfig(baseEnv, ns.commandEnv);
const pool = createPool(config.DATABASE_URL, 4, 'test');
const schema = ns.commandEnv.DB_SCHEMA as string;

afterAll(async () => {
  await pool.end();
  await ns.cleanup();
});

describe('migrate', () => {
  const migrations = [
    { id: '001_a.sql', sql: 'CREATE TABLE {{schema}}.a (id int PRIMARY KEY)' },
    { id: '002_b.sql', sql: 'CREATE TABLE {{schema}}.b (id int PRIMARY KEY)' },
  ];

  it('applies each migration once, even when two processes start together', async () => {
    const [first, second] = await Promise.all([
      migrate(pool, schema, migrations),
      migrate(pool, schema, migrations),
    ]);
    expect([...first, ...second].sort()).toEqual(['001_a.sql', '002_b.sql']);
    expect(await migrate(pool, schema, migrations)).toEqual([]);
  });

  it('rolls a failing migration back and names it', async () => {
    const bad = [
      ...migrations,
      {
        id: '003_bad.sql',
        sql: 'CREATE TABLE {{schema}}.c (id int); SELECT no_such_column FROM {{schema}}.c',
      },
    ];
    await expect(migrate(pool, schema, bad)).rejects.toThrow(/003_bad.sql/);
    const { rows } = await pool.query('SELECT to_regclass($1) AS t', [`"${schema}".c`]);
    expect(rows[0].t).toBeNull();
  });
});
