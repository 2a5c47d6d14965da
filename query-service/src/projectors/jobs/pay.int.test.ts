import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadSchema } from '../../migrate.ts';
import { projectorTestbed } from '../testing.ts';
import { payOf } from './job-rows.ts';
import { jobPostedData } from './testing.ts';

/**
 * A job's pay (migration 033): written by the jobs projector on the jobs and search rows, and made by
 * the migration for the jobs projected before it, by the same rule (`payOf`).
 */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;

beforeAll(async () => {
  bed = await projectorTestbed('jobs-pay');
});
afterAll(async () => {
  await bed?.close();
});

const MIGRATION = '033_job_pay.sql';

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

  it('is written on the job and its search row, and made by migration 033 for the jobs before it', async () => {
    const posted = salaries.map((salary) => jobPostedData({ salary }));
    await bed.runner.applyMessages(
      posted.map((data) => bed.message(bed.event('JobPosted', data.jobId, 1, data))),
    );
    const pays = async () =>
      (
        await bed.pool.query<{ id: string; jobs: number | null; search: number | null }>(
          `SELECT j.id, j.pay AS jobs, s.pay AS search
             FROM ${bed.schema}.jobs j JOIN ${bed.schema}.job_search s ON s.id = j.id`,
        )
      ).rows;
    const expected = posted.map((data) => ({
      id: data.jobId,
      jobs: payOf(data.salary),
      search: payOf(data.salary),
    }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect((await pays()).sort(byId)).toEqual(expected.sort(byId));
    const indexes = async () =>
      (
        await bed.pool.query<{ definition: string }>(
          `SELECT indexdef AS definition FROM pg_indexes
            WHERE schemaname = $1 AND tablename IN ('jobs', 'job_search') ORDER BY indexname`,
          [bed.config.DB_SCHEMA],
        )
      ).rows;
    const indexesAfter = await indexes();

    // As the read models stood before the migration: no pay, the newest-first index without it, and
    // no index of the search rows' dates.
    await bed.pool.query(
      `ALTER TABLE ${bed.schema}.jobs DROP COLUMN pay;
       ALTER TABLE ${bed.schema}.job_search DROP COLUMN pay;
       DROP INDEX ${bed.schema}.job_search_posted_at;
       CREATE INDEX jobs_newest ON ${bed.schema}.jobs (posted_at DESC, id DESC)
         INCLUDE (job_type, work_location, experience_level, skill_names, location_text)`,
    );
    await bed.pool.query(`DELETE FROM ${bed.schema}.schema_migrations WHERE id = $1`, [MIGRATION]);
    expect(await migrateReadSchema(bed.pool, bed.config.DB_SCHEMA)).toEqual([MIGRATION]);
    expect((await pays()).sort(byId)).toEqual(expected);
    expect(await indexes()).toEqual(indexesAfter);
  });
});
