import { createHash } from 'node:crypto';
import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'>;

// bigint (count(*), bigserial) comes back as a JS number: positions stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The settings every session of the services starts with: PGOPTIONS's, then JIT off (see below). */
function sessionOptions(): string {
  return [process.env.PGOPTIONS?.trim(), '-c jit=off'].filter(Boolean).join(' ');
}

/**
 * `pipeline`: a client sends a statement while earlier ones are still running instead of queueing it
 * (a caller that does not await one statement before the next saves the round trip between them).
 */
export function createPool(
  databaseUrl: string,
  max: number,
  applicationName: string,
  options: { pipeline?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    application_name: applicationName,
    pipeline: options.pipeline ?? false,
    // Every statement of the services is short and planned for a handful of rows, but an estimate
    // past jit_above_cost (a job's audience, a common search word) makes Postgres compile the plan to
    // machine code first, which costs more than running it (measured in the notifications' unread
    // counts and the job search). Off for the services' sessions, whatever the server's default.
    // Settings given the libpq way (PGOPTIONS) are kept beside it: an `options` given here replaces
    // the environment's.
    options: sessionOptions(),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one that loses it while checked out between two statements (Postgres restarting under a
  // transaction): pg emits 'error' on that client, which with no listener would end the process. The
  // statement in flight, or the next one, fails instead, and the client is released as broken.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/**
 * Holds what a client writes until the current turn of the event loop ends, then sends it in one write:
 * statements sent one after another without waiting for each other (a pipelining client's BEGIN and the
 * transaction's first statement, or its last statement and COMMIT) leave in one system call, not one
 * each. Each write to the loopback socket costs the sender about as much as a small statement costs
 * Postgres.
 */
export function writeTogether(client: pg.Client | pg.PoolClient): void {
  const stream = client.connection?.stream;
  if (!stream?.writable) return;
  stream.cork();
  process.nextTick(() => stream.uncork());
}

/**
 * Runs fn inside BEGIN/COMMIT on one client; rolls back and rethrows on any error. `begin` may add
 * settings for the transaction to its BEGIN (`BEGIN; SET LOCAL ...`): one round trip for both.
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Quotes an SQL identifier (schema names come from config, never from users). */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/** The longest name Postgres keeps for a prepared statement (NAMEDATALEN - 1 bytes). */
export const PREPARED_NAME_MAX = 63;

/**
 * A prepared statement's name as given when it fits, else its start and a hash of the whole: Postgres
 * cuts a longer name to 63 bytes, so two names alike in their first 63 would share one statement on a
 * connection (a long schema name, as the tests' namespaces have, ends a name like
 * `"t_connections_67cb7a0f_cmd".event_log:append:1:delete-connection` early).
 */
export function preparedName(name: string): string {
  if (Buffer.byteLength(name) <= PREPARED_NAME_MAX) return name;
  return `${name.slice(0, 20)}_${createHash('sha256').update(name).digest('hex').slice(0, 40)}`;
}
