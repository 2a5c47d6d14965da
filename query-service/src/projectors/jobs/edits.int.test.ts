import { randomUUID } from 'node:crypto';
import { Job } from '@careers/contracts/entities/job';
import { parseDomainEvent } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { withTransaction } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed, testMessages } from '../testing.ts';
import { jobsProjector } from './project.ts';
import { JobQueries, listedJobsCount } from './queries.ts';
import { jobsIndex } from './search-index.ts';
import { jobEditedData, jobPostedData } from './testing.ts';

/**
 * A poster's edits of their jobs (JobEdited) against the real Postgres and search engine: the job's
 * row and search document replaced, the counts kept per choice moved (so every total is exact right
 * after an edit), a word half typed found in the new posting, a redelivery changing nothing, and a
 * rebuild (event by event, or as one batch) making the same rows and index.
 */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;
const { event, message, registered } = testMessages();

beforeAll(async () => {
  bed = await projectorTestbed('jobs-edits');
  jobs = new JobQueries(bed.pool, bed.schema);
});
afterAll(async () => {
  await bed?.close();
});

const skill = (name: string) => ({ name, required: true, proficiency: 'Advanced' as const });
const at = (day: number) => new Date(Date.UTC(2026, 2, day, 9)).toISOString();

const poster = randomUUID();
const reader = randomUUID();
const acme = { name: 'Acme Careers', industry: 'Software', size: '51-200' as const, website: '' };
const posted = jobPostedData({
  employerId: poster,
  title: 'Senior TypeScript Engineer',
  description: 'Build the event-driven backend.',
  requirements: ['5+ years with TypeScript'],
  jobType: 'Contract',
  workLocation: 'Hybrid',
  experienceLevel: 'Senior Level',
  skills: [skill('TypeScript')],
  location: { city: 'Austin', state: 'Texas', country: 'USA' },
  salary: { min: 100_000, max: 120_000, currency: 'USD' },
  company: acme,
  postedAt: at(1),
});
const { jobId } = posted;
// Another job of the same company and place, which the edit leaves where it is.
const sibling = jobPostedData({
  employerId: poster,
  title: 'Frontend Developer',
  jobType: 'Contract',
  workLocation: 'Hybrid',
  experienceLevel: 'Senior Level',
  location: { city: 'Austin', state: 'Texas', country: 'USA' },
  company: acme,
  postedAt: at(2),
});
// The edit changes the title, type, work location, level, place, skills, salary and company.
const edited = jobEditedData(posted, at(3), {
  title: 'Principal Quokka Wrangler',
  description: 'Wrangle the marsupials.',
  requirements: ['Patience with animals'],
  jobType: 'Full-time',
  workLocation: 'Remote',
  experienceLevel: 'Executive',
  category: 'Healthcare',
  skills: [skill('Kotlin'), skill('Zoology')],
  location: { city: 'Lisbon', state: '', country: 'Portugal' },
  salary: { min: 130_000, max: null, currency: 'EUR' },
  company: { name: 'Nimbus Labs', industry: 'Research', size: '11-50', website: 'https://nimbus.example' },
  benefits: ['Quokka selfies'],
  applicationDeadline: '2099-05-31',
});
// Edited again, back to the type it was posted with, in Berlin.
const editedAgain = jobEditedData(posted, at(5), {
  ...edited,
  title: 'Lead Quokka Wrangler',
  jobType: 'Contract',
  location: { city: 'Berlin', state: '', country: 'Germany' },
});

const history: EventEnvelope[] = [
  registered(poster, 'Grace', 'Hopper'),
  registered(reader, 'Rae', 'Reader'),
  event('SkillsUpdated', reader, 2, {
    userId: reader,
    skills: [{ name: 'kotlin', proficiency: 'Expert', experience: 3 }],
  }),
  event('JobPosted', jobId, 1, posted),
  event('JobPosted', sibling.jobId, 1, sibling),
  event('JobEdited', jobId, 2, edited),
  event('JobClosed', jobId, 3, { jobId, employerId: poster, closedAt: at(4) }),
  // The write side refuses to edit a closed job; one that came anyway is applied.
  event('JobEdited', jobId, 4, editedAgain),
];
const upTo = (type: string, version: number) =>
  history.findIndex((e) => e.streamId === jobId && e.type === type && e.streamVersion === version) + 1;

const search = async (query: Record<string, unknown>) => {
  const { jobs: found, total } = await jobs.search(JobListQuery.parse(query));
  return { ids: found.map((job) => job._id), total };
};
/** Every job of the schema counted as a query would count it, to hold the kept counts to. */
const counted = async (where = 'true') =>
  (await bed.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${bed.schema}.jobs WHERE ${where}`))
    .rows[0]?.n;

/** The kept counts, and the jobs' own values grouped as the migrations that made them counted them. */
async function keptCounts() {
  const rows = async (sql: string) => (await bed.pool.query(sql)).rows;
  return {
    choices: await rows(
      `SELECT job_type, work_location, experience_level, jobs FROM ${bed.schema}.job_counts ORDER BY 1, 2, 3`,
    ),
    choicesOfJobs: await rows(
      `SELECT job_type, work_location, experience_level, count(*)::int AS jobs FROM ${bed.schema}.jobs
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
  };
}

async function expectExactCounts() {
  const kept = await keptCounts();
  expect(kept.choices).toEqual(kept.choicesOfJobs);
  // The dashboard's total and the unfiltered list's: every listed job.
  const { rows } = await bed.pool.query<{ n: number }>(`SELECT (${listedJobsCount(bed.schema)}) AS n`);
  expect(rows[0]?.n).toBe(await counted());
  expect((await search({})).total).toBe(await counted());
}

/** Everything the jobs model keeps of jobs, as comparable text. */
async function jobRows() {
  const rows = async (sql: string) => (await bed.pool.query(sql)).rows;
  return {
    jobs: await rows(`SELECT to_jsonb(j)::text AS row FROM ${bed.schema}.jobs j ORDER BY id`),
    // What the search engine holds: as many documents, found by the same words (in any order: jobs
    // whose scores and dates are equal have none of their own).
    indexed: await jobsIndex(bed.runner.search, bed.schema).documents(),
    found: await Promise.all(
      ['quokka', 'typescript', 'nimbus OR acme', 'zoolo'].map(async (text) => {
        const { ids, total } = await search({ search: text });
        return { ids: [...ids].sort(), total };
      }),
    ),
    ...(await keptCounts()),
  };
}

describe('jobs edited by their posters', () => {
  it('given a posted job, finds it by what it was posted with', async () => {
    await bed.runner.applyMessages(history.slice(0, upTo('JobPosted', 1) + 1).map(message));
    expect((await jobs.findJob(jobId))?.editedAt).toBeNull();
    expect(await search({ search: 'typescript' })).toEqual({ ids: [jobId], total: 1 });
    expect((await search({ jobType: 'Contract' })).total).toBe(2);
    expect((await search({ location: 'austin' })).total).toBe(2);
    expect((await search({ location: 'lisbon' })).total).toBe(0);
    expect(await jobs.recommendedFor(reader, 5)).toEqual([]);
    await expectExactCounts();
  });

  it('replaces the whole posting on an edit, keeping its poster, date, status and applications', async () => {
    const before = await jobs.findJob(jobId);
    await bed.runner.applyMessages([message(history[upTo('JobEdited', 2) - 1])]);
    const job = await jobs.findJob(jobId);
    expect(Job.parse(job)).toEqual(job);
    const { jobId: _, employerId: __, editedAt, ...fields } = edited;
    expect(job).toEqual({
      ...before,
      ...fields,
      editedAt,
      createdAt: posted.postedAt,
      employer: { _id: poster, firstName: 'Grace', lastName: 'Hopper' },
      status: 'open',
      closedAt: null,
    });
    // Its search document, as the JobPosted of the same posting would have written it.
    expect(
      await search({ search: 'wrangler', minSalary: 130_000, workLocation: 'Remote', skills: 'zoology' }),
    ).toEqual({
      ids: [jobId],
      total: 1,
    });
    expect(await search({ search: 'wrangler', location: 'austin' })).toEqual({ ids: [], total: 0 });
  });

  it('finds the job by its new text and filters, and no longer by the old', async () => {
    expect(await search({ search: 'quokka' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ search: 'nimbus' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ search: 'kotlin' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ search: 'marsupials' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ search: 'typescript' })).toEqual({ ids: [], total: 0 });
    expect(await search({ search: 'senior engineer' })).toEqual({ ids: [], total: 0 });
    // The typeahead's titles, and a word half typed.
    expect((await jobs.titleMatches('principal quo', 5)).map((j) => j._id)).toEqual([jobId]);
    expect((await jobs.titleMatches('senior', 5)).map((j) => j._id)).toEqual([]);
    // Its new type, work location, level, place and pay, with exact totals.
    expect(await search({ jobType: 'Full-time' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ jobType: 'Contract' })).toEqual({ ids: [sibling.jobId], total: 1 });
    expect(await search({ workLocation: 'Remote', experienceLevel: 'Executive' })).toEqual({
      ids: [jobId],
      total: 1,
    });
    expect(await search({ location: 'lisbon' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ location: 'austin' })).toEqual({ ids: [sibling.jobId], total: 1 });
    expect(await search({ location: 'portugal', jobType: 'Full-time' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ location: 'austin', jobType: 'Full-time' })).toEqual({ ids: [], total: 0 });
    expect(await search({ skills: 'kotlin' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ skills: 'typescript' })).toEqual({ ids: [], total: 0 });
    expect(await search({ minSalary: 125_000 })).toEqual({ ids: [jobId], total: 1 });
    expect((await search({ search: 'quokka', jobType: 'Contract' })).total).toBe(0);
    expect((await search({ search: 'quokka', location: 'lisbon' })).total).toBe(1);
    await expectExactCounts();
  });

  it('completes a word half typed from the new posting, not the old', async () => {
    expect(await search({ search: 'zoolo' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ search: 'wrangl' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ search: 'typescr' })).toEqual({ ids: [], total: 0 });
  });

  it('moves the job to its new company, and recommends it by its new skills', async () => {
    const nimbus = await jobs.company('nimbus-labs', 10);
    expect(nimbus).toMatchObject({ name: 'Nimbus Labs', slug: 'nimbus-labs', openJobs: 1 });
    expect(nimbus?.jobs.map((j) => j._id)).toEqual([jobId]);
    const acmePage = await jobs.company('acme-careers', 10);
    expect(acmePage).toMatchObject({ name: 'Acme Careers', openJobs: 1 });
    expect(acmePage?.jobs.map((j) => j._id)).toEqual([sibling.jobId]);
    expect((await jobs.companies('nimbus', 5)).map((c) => c.slug)).toEqual(['nimbus-labs']);
    expect((await jobs.recommendedFor(reader, 5)).map((j) => j._id)).toEqual([jobId]);
  });

  it('changes nothing when an edit is redelivered, through the runner or past its checkpoint', async () => {
    const before = await jobRows();
    const edit = history[upTo('JobEdited', 2) - 1] as EventEnvelope;
    expect(await bed.runner.applyMessages([message(edit)])).toEqual({ applied: 0, skipped: 1 });
    expect(await jobRows()).toEqual(before);
    // Applied again past the checkpoint (as a rebuild racing a live batch could), alone and in a run
    // with itself: it moves the counts from its values to the same values.
    const again = parseDomainEvent(edit);
    const ctx = (tx: Parameters<typeof jobsProjector.apply>[1]['tx']) => ({
      tx,
      schema: bed.schema,
      redis: bed.redis.multi(),
      search: bed.runner.search,
      afterCommit: () => {},
    });
    await withTransaction(bed.pool, async (tx) => {
      await jobsProjector.apply(again, ctx(tx));
      await jobsProjector.applyBatch?.([again, again], ctx(tx));
    });
    expect(await jobRows()).toEqual(before);
  });

  it('applies an edit of a closed job that came anyway, keeping it closed, and moves its counts', async () => {
    await bed.runner.applyMessages(history.slice(upTo('JobEdited', 2)).map(message));
    const job = await jobs.findJob(jobId);
    expect(job).toMatchObject({
      title: 'Lead Quokka Wrangler',
      jobType: 'Contract',
      location: { city: 'Berlin', state: '', country: 'Germany' },
      status: 'closed',
      closedAt: at(4),
      editedAt: at(5),
    });
    expect(await search({ location: 'lisbon' })).toEqual({ ids: [], total: 0 });
    expect(await search({ location: 'berlin' })).toEqual({ ids: [jobId], total: 1 });
    expect(await search({ jobType: 'Contract' })).toEqual({ ids: [sibling.jobId, jobId], total: 2 });
    expect(await search({ jobType: 'Full-time' })).toEqual({ ids: [], total: 0 });
    await expectExactCounts();
    // Closed, it is recommended to nobody; its company counts it no more among the open jobs.
    expect(await jobs.recommendedFor(reader, 5)).toEqual([]);
    expect(await jobs.company('nimbus-labs', 10)).toMatchObject({ openJobs: 0, jobs: [] });
  });

  it('rebuilds into the same rows, event by event and as one batch', async () => {
    const before = await jobRows();
    await bed.rebuildFrom(history);
    expect(await jobRows()).toEqual(before);
    // The job events are one run then: both jobs posted, the job edited, closed and edited again.
    await bed.rebuildFrom(history, history.length);
    expect(await jobRows()).toEqual(before);
  });
});
