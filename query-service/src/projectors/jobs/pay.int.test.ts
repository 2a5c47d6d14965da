import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { payOf } from './job-rows.ts';
import { JobQueries } from './queries.ts';
import { jobPostedData } from './testing.ts';

/**
 * A job's pay (migration 033): written by the jobs projector on the job's row and its search document,
 * by one rule (`payOf`).
 */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;

beforeAll(async () => {
  bed = await projectorTestbed('jobs-pay');
});
afterAll(async () => {
  await bed?.close();
});

const salaries = [
  { min: 85_000, max: 110_000, currency: 'USD' },
  { min: 90_000, max: null, currency: 'USD' },
  { min: null, max: 130_000, currency: 'USD' },
  { min: null, max: null, currency: 'USD' },
  // The currency is not looked at.
  { min: 9_000_000, max: 12_000_000, currency: 'JPY' },
  // Events take any figure: a fraction is rounded down, and a figure too large for the column capped.
  { min: 50_000.5, max: 70_000.75, currency: 'EUR' },
  { min: 4e9, max: null, currency: 'USD' },
];

describe('a job pay', () => {
  it('is the top of the range, or its minimum when it names no top, or none', () => {
    expect(salaries.map(payOf)).toEqual([110_000, 90_000, 130_000, null, 12_000_000, 70_000, 2_147_483_647]);
  });

  it('is written on the job, and the search engine keeps and orders by it', async () => {
    const posted = salaries.map((salary) => jobPostedData({ salary, title: 'Payroll Clerk' }));
    await bed.runner.applyMessages(
      posted.map((data) => bed.message(bed.event('JobPosted', data.jobId, 1, data))),
    );
    const { rows } = await bed.pool.query<{ id: string; pay: number | null }>(
      `SELECT id, pay FROM ${bed.schema}.jobs WHERE id = ANY($1)`,
      [posted.map((data) => data.jobId)],
    );
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(rows.sort(byId)).toEqual(
      posted.map((data) => ({ id: data.jobId, pay: payOf(data.salary) })).sort(byId),
    );
    // Highest pay first, the job without one last; at least a pay, none without one.
    const jobs = new JobQueries(bed.pool, bed.schema);
    const listed = async (query: object) =>
      (await jobs.search(JobListQuery.parse({ search: 'payroll', limit: 20, ...query }))).jobs.map((job) =>
        payOf(job.salary),
      );
    expect(await listed({ sort: 'salary' })).toEqual([
      2_147_483_647,
      12_000_000,
      130_000,
      110_000,
      90_000,
      70_000,
      null,
    ]);
    expect(await listed({ sort: 'salary', minSalary: 100_000 })).toEqual([
      2_147_483_647, 12_000_000, 130_000, 110_000,
    ]);
  });
});
