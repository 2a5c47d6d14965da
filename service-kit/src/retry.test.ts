import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { AbortedError, Backoff, backoffDelay, retryForever } from './retry.ts';

const log = createLogger('retry-test', 'silent');

describe('backoffDelay', () => {
  it('doubles from 250 ms and stops growing at 10 s', () => {
    const top = (attempt: number) => backoffDelay(attempt, undefined, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(top)).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });

  it('draws each delay between half and all of its step (jitter), never past the cap', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const ceiling = Math.min(10_000, 250 * 2 ** attempt);
      expect(backoffDelay(attempt, undefined, () => 0)).toBe(ceiling / 2);
      for (let i = 0; i < 50; i++) {
        const delay = backoffDelay(attempt);
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it('starts again from the first step after a reset', () => {
    const backoff = new Backoff({ initialMs: 10, maxMs: 40 }, () => 1);
    expect([backoff.next(), backoff.next(), backoff.next(), backoff.next()]).toEqual([10, 20, 40, 40]);
    backoff.reset();
    expect(backoff.next()).toBe(10);
  });
});

describe('retryForever', () => {
  it('tries again after each failure until the work succeeds, reporting every failure', async () => {
    let calls = 0;
    const failures: string[] = [];
    const result = await retryForever(
      async () => {
        calls++;
        if (calls < 4) throw new Error(`refused ${calls}`);
        return 'answered';
      },
      {
        dependency: 'postgres',
        action: 'migrations',
        log,
        backoff: { initialMs: 1, maxMs: 4 },
        onFailure: (error) => failures.push(error.message),
      },
    );
    expect(result).toBe('answered');
    expect(calls).toBe(4);
    expect(failures).toEqual(['refused 1', 'refused 2', 'refused 3']);
  });

  it('logs one warn line per attempt, naming the dependency and the next delay', async () => {
    const lines: { dependency: string; retryInMs: number; attempt: number }[] = [];
    const recording = {
      warn: (fields: { dependency: string; retryInMs: number; attempt: number }) => lines.push(fields),
    } as unknown as typeof log;
    let calls = 0;
    await retryForever(
      async () => {
        if (++calls < 3) throw new Error('ECONNREFUSED');
      },
      { dependency: 'kafka', action: 'create topics', log: recording, backoff: { initialMs: 2, maxMs: 2 } },
    );
    expect(lines.map(({ dependency, attempt }) => ({ dependency, attempt }))).toEqual([
      { dependency: 'kafka', attempt: 1 },
      { dependency: 'kafka', attempt: 2 },
    ]);
    for (const line of lines) expect(line.retryInMs).toBeGreaterThan(0);
  });

  it('stops waiting when its signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = retryForever(
      async () => {
        throw new Error('still away');
      },
      {
        dependency: 'redis',
        action: 'ping',
        log,
        signal: controller.signal,
        backoff: { initialMs: 60_000, maxMs: 60_000 },
      },
    );
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
