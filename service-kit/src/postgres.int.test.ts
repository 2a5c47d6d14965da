import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { createPool, type PoolClient, writeTogether } from './postgres.ts';

const config = loadConfig(baseEnv, { NODE_ENV: 'test' });
const pool = createPool(config.DATABASE_URL, 1, 'test', { pipeline: true });

afterAll(async () => {
  await pool.end();
});

/** How many writes the client's socket makes while `send` sends its statements. */
async function writesWhile(send: (client: PoolClient) => Promise<unknown>) {
  const client = await pool.connect();
  const stream = client.connection.stream as unknown as {
    _write: (...args: unknown[]) => void;
    _writev?: (...args: unknown[]) => void;
  };
  const write = stream._write;
  const writev = stream._writev;
  let writes = 0;
  stream._write = function (this: unknown, ...args: unknown[]) {
    writes++;
    return write.apply(this, args);
  };
  if (writev) {
    stream._writev = function (this: unknown, ...args: unknown[]) {
      writes++;
      return writev.apply(this, args);
    };
  }
  try {
    await send(client);
  } finally {
    stream._write = write;
    if (writev) stream._writev = writev;
    client.release();
  }
  return writes;
}

describe('writeTogether', () => {
  it('sends statements issued in one turn of the event loop in one write, and their answers stay apart', async () => {
    const apart = await writesWhile(async (client) => {
      await Promise.all([client.query('BEGIN'), client.query('SELECT 1 AS one'), client.query('COMMIT')]);
    });
    const together = await writesWhile(async (client) => {
      writeTogether(client);
      const [, selected, committed] = await Promise.all([
        client.query('BEGIN'),
        client.query({ name: 'write-together-test', text: 'SELECT $1::int AS one', values: [1] }),
        client.query('COMMIT'),
      ]);
      expect(selected.rows).toEqual([{ one: 1 }]);
      expect(committed.command).toBe('COMMIT');
    });
    expect(apart).toBe(3);
    expect(together).toBe(1);
  });
});

describe('createPool', () => {
  it('opens sessions with JIT compilation off, whatever the server says', async () => {
    const { rows } = await pool.query<{ jit: string }>('SHOW jit');
    expect(rows[0]?.jit).toBe('off');
  });

  it('keeps the settings given the libpq way, in PGOPTIONS, beside its own', async () => {
    const before = process.env.PGOPTIONS;
    process.env.PGOPTIONS = '-c random_page_cost=1.1';
    const withOptions = createPool(config.DATABASE_URL, 1, 'test');
    try {
      const { rows } = await withOptions.query<{ cost: string; jit: string }>(
        `SELECT current_setting('random_page_cost') AS cost, current_setting('jit') AS jit`,
      );
      expect(rows[0]).toEqual({ cost: '1.1', jit: 'off' });
    } finally {
      if (before === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = before;
      await withOptions.end();
    }
  });
});
