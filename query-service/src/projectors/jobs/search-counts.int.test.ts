import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { withTransaction } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { JobQueries } from './queries.ts';
import { jobPostedData } from './testing.ts';

/** GET /jobs totals on a board of thousands: counted from the kept counts and indexes, not by reading every job. */

describe('jobs counts on a board of thousands', () => {
  const SIZE = 4000;
  /** Every `PYTHON_EVERY`th copy asks for Python (the first job asks for no skill). */
  const PYTHON_EVERY = 12;
  /** Every `BERLIN_EVERY`th copy is in Berlin, as the first job is; the others in Lisbon. */
  const BERLIN_EVERY = 5;
  /** Every `UNPAID_EVERY`th copy names no salary; the others pay from 0 to 199,000 by their number. */
  const UNPAID_EVERY = 10;
  let big: Awaited<ReturnType<typeof projectorTestbed>>;
  let bigJobs: JobQueries;

  beforeAll(async () => {
    big = await projectorTestbed('jobs-counts');
    bigJobs = new JobQueries(big.pool, big.schema);
    // Posted half a minute ago, the copies a minute apart before it (4,000 minutes, almost three
    // days): the last day's jobs are those newer than 1,440 minutes, whenever in the next half
    // minute the test asks.
    const data = jobPostedData({ postedAt: new Date(Date.now() - 30_000).toISOString() });
    await big.runner.applyMessages([big.message(big.event('JobPosted', data.jobId, 1, data))]);
    // The projected job copied SIZE - 1 times, each a minute older, with its own id, skills and type:
    // a board whose statistics are those of a real one, made in one statement.
    const { rows } = await big.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = 'jobs' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      [big.config.DB_SCHEMA],
    );
    const made: Record<string, string> = {
      id: 'gen_random_uuid()::text',
      posted_at: `j.posted_at - n * interval '1 minute'`,
      skill_names: `CASE WHEN n % ${PYTHON_EVERY} = 0 THEN ARRAY['python'] ELSE ARRAY['go', 'rust'] END`,
      job_type: `(ARRAY['Full-time', 'Part-time', 'Contract', 'Internship'])[n % 4 + 1]`,
      location_text: `CASE WHEN n % ${BERLIN_EVERY} = 0 THEN j.location_text ELSE E'lisbon\\n\\nportugal' END`,
      pay: `CASE WHEN n % ${UNPAID_EVERY} = 0 THEN NULL ELSE n % 200 * 1000 END`,
    };
    const columns = rows.map((row) => row.column_name);
    // Committed synchronously: until its commit is flushed, VACUUM cannot mark the rows visible to
    // all, and the index-only scans the planner weighs would each visit the rows too.
    await withTransaction(
      big.pool,
      async (client) => {
        await client.query(
          `INSERT INTO ${big.schema}.jobs (${columns.join(', ')})
           SELECT ${columns.map((column) => made[column] ?? `j.${column}`).join(', ')}
             FROM ${big.schema}.jobs j, generate_series(1, ${SIZE - 1}) n`,
        );
        // The counts the projector keeps per job type, work location and experience level, and per
        // place too, the copies included.
        await client.query(
          `TRUNCATE ${big.schema}.job_counts, ${big.schema}.job_place_counts;
           INSERT INTO ${big.schema}.job_counts (job_type, work_location, experience_level, jobs)
           SELECT job_type, work_location, experience_level, count(*) FROM ${big.schema}.jobs GROUP BY 1, 2, 3;
           INSERT INTO ${big.schema}.job_place_counts (location_text, job_type, work_location, experience_level, jobs)
           SELECT location_text, job_type, work_location, experience_level, count(*)
             FROM ${big.schema}.jobs GROUP BY 1, 2, 3, 4`,
        );
      },
      'BEGIN; SET LOCAL synchronous_commit = on',
    );
    // VACUUM marks a page visible to all only once no other transaction (another test file's, running
    // beside this one) may still see its rows as new; until then the planner prices every index-only
    // scan as visiting the rows, and may count by reading the whole table instead. Again until it has.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await big.pool.query(`VACUUM (ANALYZE) ${big.schema}.jobs`);
      const { rows: visibility } = await big.pool.query<{ all: boolean }>(
        `SELECT relallvisible >= relpages AS all FROM pg_class WHERE oid = '${big.schema}.jobs'::regclass`,
      );
      if (visibility[0]?.all || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(async () => {
    await big?.close();
  });

  /** Rows the statement read from the jobs table and its indexes' entries, found or filtered out. */
  async function jobsRowsRead(query: Record<string, unknown>): Promise<number> {
    const { sql, params, settings } = bigJobs.listStatement(JobListQuery.parse(query));
    type Plan = { 'Relation Name'?: string; Plans?: Plan[] } & Record<string, unknown>;
    const plan = await withTransaction(
      big.pool,
      async (client) => {
        const { rows: explained } = await client.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
          params,
        );
        return explained[0]?.['QUERY PLAN'][0].Plan;
      },
      `BEGIN; ${settings}`,
    );
    const read = (node: Plan | undefined): number => {
      if (!node) return 0;
      const own =
        node['Relation Name'] === 'jobs'
          ? (Number(node['Actual Rows']) +
              Number(node['Rows Removed by Filter'] ?? 0) +
              Number(node['Rows Removed by Index Recheck'] ?? 0)) *
            Number(node['Actual Loops'])
          : 0;
      return own + (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
    };
    return read(plan);
  }

  it('counts a list of the choice filters alone from the kept counts, reading only the page', async () => {
    const counted = async (where: string) =>
      (
        await big.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${big.schema}.jobs WHERE ${where}`,
        )
      ).rows[0]?.n;
    expect((await bigJobs.search(JobListQuery.parse({}))).total).toBe(SIZE);
    const { total } = await bigJobs.search(JobListQuery.parse({ jobType: 'Part-time' }));
    expect(total).toBe(await counted(`job_type = 'Part-time'`));
    expect(total).toBeGreaterThan(900);
    // The page walks the newest jobs until it has ten Part-time ones (every fourth); the count reads
    // no job (it read an index entry per Part-time job, about a thousand).
    expect(await jobsRowsRead({ jobType: 'Part-time' })).toBeLessThan(100);
    expect(await jobsRowsRead({})).toBeLessThan(100);
  });

  it('counts a list with a location from the counts kept per place, reading only the page', async () => {
    const counted = async (where: string) =>
      (
        await big.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${big.schema}.jobs WHERE ${where}`,
        )
      ).rows[0]?.n;
    const inBerlin = await bigJobs.search(JobListQuery.parse({ location: 'Berlin' }));
    expect(inBerlin.total).toBe(await counted(`location_text LIKE '%berlin%'`));
    expect(inBerlin.total).toBe(Math.floor((SIZE - 1) / BERLIN_EVERY) + 1);
    expect(inBerlin.jobs).toHaveLength(10);
    const { total: here } = await bigJobs.search(
      JobListQuery.parse({ jobType: 'Part-time', location: 'berlin' }),
    );
    expect(here).toBe(await counted(`job_type = 'Part-time' AND location_text LIKE '%berlin%'`));
    expect(here).toBeGreaterThan(150);
    // A part of a place's name, in any case, as the list matches it.
    expect((await bigJobs.search(JobListQuery.parse({ location: 'ISBO' }))).total).toBe(
      await counted(`location_text LIKE '%isbo%'`),
    );
    // The count reads no job: it tested every job's places (all 4,000, then the page's).
    expect(await jobsRowsRead({ location: 'Berlin' })).toBeLessThan(100);
    // A place nobody is at: none counted, and the page finds none through the places' index, where it
    // walked every job newest first looking for ten.
    expect(await bigJobs.search(JobListQuery.parse({ location: 'Atlantis' }))).toEqual({
      jobs: [],
      total: 0,
    });
    expect(await jobsRowsRead({ location: 'Atlantis' })).toBeLessThan(100);
  });

  it('counts the jobs asking for a skill through the skills index, not by testing every job', async () => {
    const { total } = await bigJobs.search(JobListQuery.parse({ skills: ['Python'] }));
    expect(total).toBe(Math.floor((SIZE - 1) / PYTHON_EVERY));
    // The count reads the matches; the page walks the newest jobs until it has ten of them.
    expect(await jobsRowsRead({ skills: ['Python'] })).toBeLessThan(2 * total);
  });

  it('counts a list with a minimum salary or a date posted in the range of an index, not every job', async () => {
    const counted = async (where: string) =>
      (
        await big.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${big.schema}.jobs WHERE ${where}`,
        )
      ).rows[0]?.n;
    const lastDay = await bigJobs.search(JobListQuery.parse({ postedWithin: 1 }));
    expect(lastDay.total).toBe(await counted(`posted_at >= now() - interval '1 day'`));
    expect(lastDay.total).toBe(24 * 60);
    expect(lastDay.jobs).toHaveLength(10);
    const paid = await bigJobs.search(JobListQuery.parse({ minSalary: 150_000, sort: 'salary' }));
    expect(paid.total).toBe(await counted('pay >= 150000'));
    expect(paid.total).toBeGreaterThan(800);
    expect(paid.jobs).toHaveLength(10);
    // With the other filters: counted as the rows the page would list.
    for (const query of [
      { postedWithin: 1, jobType: 'Part-time' },
      { postedWithin: 1, location: 'berlin' },
      { minSalary: 100_000, location: 'lisbon', jobType: 'Contract' },
      { minSalary: 100_000, postedWithin: 1, skills: ['Python'] },
    ]) {
      const { total } = await bigJobs.search(JobListQuery.parse(query));
      const all = [];
      for (let page = 1; page <= Math.ceil(total / 50) + 1; page++) {
        all.push(...(await bigJobs.search(JobListQuery.parse({ ...query, limit: 50, page }))).jobs);
      }
      expect(new Set(all.map((job) => job._id)).size, JSON.stringify(query)).toBe(total);
      expect(total, JSON.stringify(query)).toBeGreaterThan(0);
    }
    // The count reads the day's entries of jobs_newest, or the well-paid ones of jobs_by_pay, and the
    // page the first ten of the same range (the whole board is 4,000).
    expect(await jobsRowsRead({ postedWithin: 1 })).toBeLessThan(24 * 60 + 100);
    expect(await jobsRowsRead({ minSalary: 150_000, sort: 'salary' })).toBeLessThan(paid.total + 100);
  });
});
