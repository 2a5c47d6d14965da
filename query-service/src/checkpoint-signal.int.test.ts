import { randomUUID } from 'node:crypto';
import { createLogger, type Pool } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckpointSignal } from './checkpoint-signal.ts';
import { waitForProjection } from './consistency.ts';
import { projectorTestbed } from './projectors/testing.ts';

/**
 * The projector's commits wake the reads that wait on a consistency token: each batch NOTIFYs at its
 * commit, the signal listens, and a wait reads the checkpoints again at once instead of polling.
 */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let signal: CheckpointSignal;
const name = `checkpoint-signal-test-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  bed = await projectorTestbed('checkpoint-signal');
  signal = new CheckpointSignal({
    databaseUrl: bed.config.DATABASE_URL,
    schema: bed.config.DB_SCHEMA,
    log: createLogger('test', 'silent'),
    name,
  });
  signal.start();
  await until(() => signal.listening);
});
afterAll(async () => {
  await signal?.stop();
  await bed?.close();
});

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The bed's pool, counting the statements a wait sends. */
function counting(): { pool: Pool; reads: () => number } {
  let n = 0;
  const pool = {
    query: (...args: unknown[]) => {
      n++;
      return (bed.pool.query as (...a: unknown[]) => unknown)(...args);
    },
  } as unknown as Pool;
  return { pool, reads: () => n };
}

/** A wait for a new person's stream, and that person registered (their stream's first event) after `afterMs`. */
async function waitThenProject(afterMs: number, withSignal: CheckpointSignal | undefined) {
  const userId = randomUUID();
  const { pool, reads } = counting();
  const waited = waitForProjection(
    pool,
    bed.config.DB_SCHEMA,
    [{ streamId: userId, streamVersion: 1 }],
    5000,
    withSignal,
  ).then((caughtUp) => ({ caughtUp, at: performance.now() }));
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  await bed.runner.applyMessages([bed.message(bed.registered(userId, 'Signal'))]);
  const committedAt = performance.now();
  const { caughtUp, at } = await waited;
  return { caughtUp, lagMs: at - committedAt, reads: reads() };
}

describe('the checkpoint signal', () => {
  it('answers a wait at the commit, with a read at the start, one a poll and one at the wake', async () => {
    const { caughtUp, lagMs, reads } = await waitThenProject(300, signal);
    expect(caughtUp).toBe(true);
    // Polling alone would have read about ten times in 300 ms (5 ms, doubling up to 50 ms); the signal's
    // own poll (every 250 ms) would answer about 200 ms after this commit.
    expect(reads).toBeLessThanOrEqual(4);
    expect(lagMs).toBeLessThan(120);
  });

  it('polls as before without a signal', async () => {
    const { caughtUp, reads } = await waitThenProject(400, undefined);
    expect(caughtUp).toBe(true);
    expect(reads).toBeGreaterThan(6);
  });

  it('listens again after its connection is cut, and wakes the waits meanwhile', async () => {
    const { rows } = await bed.pool.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1',
      [name],
    );
    expect(rows.map((r) => r.ended)).toEqual([true]);
    await until(() => !signal.listening);
    await until(() => signal.listening);
    const { caughtUp, lagMs, reads } = await waitThenProject(300, signal);
    expect(caughtUp).toBe(true);
    expect(reads).toBeLessThanOrEqual(4);
    expect(lagMs).toBeLessThan(120);
  });
});
