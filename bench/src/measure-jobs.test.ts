import { PersonalDataVault } from '@careers/service-kit';
import { describe, expect, it } from 'vitest';
import type { ProductApi, Reply } from './api.ts';
import { readConfig } from './config.ts';
import { inTurn, measureJobs } from './measure-jobs.ts';
import { projectionFigures } from './write-jobs.ts';

const population = { users: [{ id: 'u1', cookie: 'sid=x' }], postIds: ['p1'] };
const meter = { processes: () => [], ticksPerSecond: 100 };
const apiAnswering = (reply: Reply) => ({ searchJobs: async () => reply }) as unknown as ProductApi;
const nothingStarts = {
  databaseUrl: 'postgres://nowhere',
  schemas: { command: 'c', query: 'q' },
  vault: new PersonalDataVault('a-bench-test-secret-of-32-characters', 'v'),
  startJsonBaseline: async () => {
    throw new Error('the baseline must not start');
  },
  assertAlive: () => {},
};

describe('measureJobs without a working jobs route', () => {
  it('reports the route as missing on 404, before writing any job', async () => {
    const result = await measureJobs(
      apiAnswering({ status: 404, headers: {}, body: '{"message":"Resource not found."}' }),
      population,
      nothingStarts,
      readConfig({}),
      meter,
      () => {},
    );
    expect(result).toEqual({ status: 'missing', reason: 'jobs route missing: GET /api/jobs answered 404' });
  });

  it('skips the phase with BENCH_JOBS=0', async () => {
    const result = await measureJobs(
      apiAnswering({ status: 500, headers: {}, body: '' }),
      population,
      nothingStarts,
      readConfig({ BENCH_JOBS: '0' }),
      meter,
      () => {},
    );
    expect(result).toEqual({ status: 'missing', reason: 'BENCH_JOBS=0' });
  });
});

describe('inTurn', () => {
  it('hands out the items in order, round and round', () => {
    const next = inTurn(['a', 'b', 'c']);
    expect(Array.from({ length: 7 }, next)).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
  });
});

describe('projectionFigures', () => {
  it('times the projection from the first append and the catch-up from the last commit', () => {
    expect(
      projectionFigures(50_000, { firstAppendAt: 1000, lastCommitAt: 21_000, allReadAt: 41_000 }),
    ).toEqual({
      jobs: 50_000,
      jobsPerTransaction: 1000,
      transactionsAtOnce: 3,
      writeSeconds: 20,
      writeRate: 2500,
      projectionSeconds: 40,
      eventsPerSecond: 1250,
      catchUpSeconds: 20,
    });
  });

  it('has no catch-up when the read side kept pace with the writes', () => {
    const figures = projectionFigures(10, { firstAppendAt: 0, lastCommitAt: 500, allReadAt: 500 });
    expect(figures.catchUpSeconds).toBe(0);
    expect(figures.eventsPerSecond).toBe(20);
  });
});
