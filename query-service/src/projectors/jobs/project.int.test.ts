import { randomUUID } from 'node:crypto';
import { Job } from '@careers/contracts/entities/job';
import { parseDomainEvent } from '@careers/contracts/events/catalogue';
import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { withTransaction } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed, testMessages } from '../testing.ts';
import { jobsProjector } from './project.ts';
import { JobQueries } from './queries.ts';
import { ensureJobsIndex, jobDocuments, jobsIndex } from './search-index.ts';
import { jobPostedData } from './testing.ts';

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;
const { event, message, registered } = testMessages();

beforeAll(async () => {
  bed = await projectorTestbed('jobs-projector');
  jobs = new JobQueries(bed.pool, bed.schema);
});
afterAll(async () => {
  await bed?.close();
});

describe('jobs projector', () => {
  const employerId = randomUUID();
  const posted = jobPostedData({
    employerId,
    title: 'Senior TypeScript Engineer',
    description: 'Build the event-driven backend.\nOwn it in production.',
    requirements: ['5+ years with TypeScript'],
    jobType: 'Contract',
    workLocation: 'Hybrid',
    experienceLevel: 'Senior Level',
    skills: [
      { name: 'TypeScript', required: true, proficiency: 'Expert' },
      { name: 'PostgreSQL', required: false, proficiency: 'Intermediate' },
    ],
    location: { city: 'Austin', state: 'Texas', country: 'USA' },
    salary: { min: 120000, max: null, currency: 'USD' },
    company: { name: 'Acme Careers', industry: 'Software', size: '51-200', website: 'https://acme.example' },
    benefits: ['Remote Fridays'],
    applicationDeadline: '2026-04-30',
    postedAt: '2026-03-02T10:00:00.000Z',
  });
  const { jobId } = posted;
  const events = [
    registered(employerId, 'Grace', 'Hopper'),
    event('JobPosted', jobId, 1, posted),
    event('JobClosed', jobId, 2, { jobId, employerId, closedAt: '2026-03-20T17:00:00.000Z' }),
  ];

  it('given a posted job, serves it whole with its poster, open and with no applications', async () => {
    await bed.runner.applyMessages(events.slice(0, 2).map(message));
    const job = await jobs.findJob(jobId);
    expect(Job.parse(job)).toEqual(job);
    const { jobId: _, employerId: __, postedAt, ...fields } = posted;
    expect(job).toEqual({
      _id: jobId,
      ...fields,
      createdAt: postedAt,
      employer: { _id: employerId, firstName: 'Grace', lastName: 'Hopper' },
      applications: [],
      status: 'open',
      closedAt: null,
      editedAt: null,
    });
    expect(await jobs.posterOf(jobId)).toBe(employerId);
  });

  it('given the job is closed, keeps it with its status and closing time', async () => {
    await bed.runner.applyMessages([message(events[2])]);
    expect(await jobs.findJob(jobId)).toMatchObject({
      status: 'closed',
      closedAt: '2026-03-20T17:00:00.000Z',
    });
    expect((await jobs.postedBy(employerId)).map((job) => job._id)).toEqual([jobId]);
  });

  it('changes nothing when the whole stream is redelivered, in order or reversed', async () => {
    const before = await bed.pool.query(`SELECT * FROM ${bed.schema}.jobs WHERE id = $1`, [jobId]);
    expect(await bed.runner.applyMessages(events.map(message))).toEqual({ applied: 0, skipped: 3 });
    expect(await bed.runner.applyMessages([...events].reverse().map(message))).toEqual({
      applied: 0,
      skipped: 3,
    });
    const after = await bed.pool.query(`SELECT * FROM ${bed.schema}.jobs WHERE id = $1`, [jobId]);
    expect(after.rows).toEqual(before.rows);
  });

  it("writes the job's search document and counts with the job, once, even when the JobPosted is applied again", async () => {
    const index = jobsIndex(bed.runner.search, bed.schema);
    const found = async (search: string) =>
      (await jobs.search(JobListQuery.parse({ search }))).jobs.map((job) => job._id).includes(jobId);
    const documentsBefore = await index.documents();
    expect(documentsBefore).toBeGreaterThan(0);
    // By its title, its company (Acme), its description and requirements, and a word being typed.
    for (const search of ['senior engineer', 'acme', 'production', '"typescript engineer"', 'typescr']) {
      expect(await found(search)).toBe(true);
    }
    expect(await found('typescript -acme')).toBe(false);
    const counts = async () =>
      (
        await bed.pool.query(
          `SELECT jobs FROM ${bed.schema}.job_counts
            WHERE job_type = 'Contract' AND work_location = 'Hybrid' AND experience_level = 'Senior Level'`,
        )
      ).rows;
    const countsBefore = await counts();
    expect(countsBefore).toEqual([{ jobs: 1 }]);
    // Past the checkpoints (as a rebuild racing a live batch could): the job's conflict stops its counts,
    // and its document is written again as it was.
    const jobPosted = parseDomainEvent(events[1]);
    await withTransaction(bed.pool, (tx) =>
      jobsProjector.apply(jobPosted, {
        tx,
        schema: bed.schema,
        redis: bed.redis.multi(),
        search: bed.runner.search,
        afterCommit: () => {},
      }),
    );
    expect(await index.documents()).toBe(documentsBefore);
    expect(await found('senior engineer')).toBe(true);
    expect(await counts()).toEqual(countsBefore);
  });

  it('makes the index again from the jobs rows when the engine lost it or holds a different count', async () => {
    const index = jobsIndex(bed.runner.search, bed.schema);
    const { rows } = await bed.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${bed.schema}.jobs`);
    const all = rows[0]?.n ?? 0;
    expect(await ensureJobsIndex(bed.pool, bed.schema, bed.runner.search)).toBe(0);
    await index.remove();
    expect(await index.documents()).toBeNull();
    expect(await ensureJobsIndex(bed.pool, bed.schema, bed.runner.search)).toBe(all);
    expect(await index.documents()).toBe(all);
    expect(
      (await jobs.search(JobListQuery.parse({ search: 'senior engineer' }))).jobs.map((j) => j._id),
    ).toContain(jobId);
    // A document of a job the rows do not have (a batch written to the engine, then rolled back for good).
    const [document] = await withTransaction(bed.pool, (tx) => jobDocuments(tx, bed.schema, [jobId]));
    await index.write({ upsert: [{ ...document, id: randomUUID() }] });
    expect(await ensureJobsIndex(bed.pool, bed.schema, bed.runner.search)).toBe(all);
    expect(await index.documents()).toBe(all);
  });

  it('shows a job whose poster is not projected yet with empty names, then with theirs', async () => {
    const lateEmployer = randomUUID();
    const early = jobPostedData({ employerId: lateEmployer });
    await bed.runner.applyMessages([message(event('JobPosted', early.jobId, 1, early))]);
    expect((await jobs.findJob(early.jobId))?.employer).toEqual({
      _id: lateEmployer,
      firstName: '',
      lastName: '',
    });
    await bed.runner.applyMessages([message(registered(lateEmployer, 'Late', 'Comer'))]);
    expect((await jobs.findJob(early.jobId))?.employer).toMatchObject({
      firstName: 'Late',
      lastName: 'Comer',
    });
  });

  it("keeps a job's applications itself: early, redelivered, withdrawn, and none of a deleted applicant", async () => {
    const poster = randomUUID();
    const [ann, ben, cy, dee] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const job = jobPostedData({ employerId: poster });
    const at = (day: number) => new Date(Date.UTC(2026, 2, day, 9)).toISOString();
    const ids = { ann: randomUUID(), ben: randomUUID(), cy: randomUUID(), dee: randomUUID() };
    const parties = (applicationId: string, applicantId: string) => ({
      applicationId,
      jobId: job.jobId,
      applicantId,
      employerId: poster,
    });
    const submitted = (applicationId: string, applicantId: string, day: number) =>
      event('ApplicationSubmitted', applicationId, 1, {
        ...parties(applicationId, applicantId),
        coverLetter: 'Hello',
        expectedSalary: null,
        appliedAt: at(day),
      });
    // Dee's account is gone before her application arrives (another topic): it is never written.
    const deeGone = event('AccountDeleted', dee, 2, { userId: dee, deletedAt: at(1) });
    const applications = [
      submitted(ids.ann, ann, 2),
      event('ApplicationStatusChanged', ids.ann, 2, {
        ...parties(ids.ann, ann),
        from: 'pending',
        to: 'interview',
        changedAt: at(5),
      }),
      submitted(ids.ben, ben, 3),
      event('ApplicationWithdrawn', ids.ben, 2, {
        ...parties(ids.ben, ben),
        from: 'pending',
        withdrawnAt: at(6),
      }),
      submitted(ids.cy, cy, 4),
      submitted(ids.dee, dee, 5),
    ];
    const kept = async () =>
      (
        await bed.pool.query(
          `SELECT application_id, job_id, applicant_id, applied_at, status FROM ${bed.schema}.job_applications
            WHERE job_id = $1 ORDER BY application_id`,
          [job.jobId],
        )
      ).rows;
    // The applications before their job, one batch.
    await bed.runner.applyMessages([deeGone, ...applications].map(message));
    expect(await jobs.findJob(job.jobId)).toBeNull();
    await bed.runner.applyMessages([message(event('JobPosted', job.jobId, 1, job))]);
    expect((await jobs.findJob(job.jobId))?.applications).toEqual([{}, {}]);
    const before = await kept();
    expect(before.map((r) => [r.application_id, r.status]).sort()).toEqual(
      [
        [ids.ann, 'interview'],
        [ids.ben, 'withdrawn'],
        [ids.cy, 'pending'],
      ].sort(),
    );

    // Redelivered through the runner, and applied again past the checkpoints, alone and together.
    expect((await bed.runner.applyMessages([...applications].reverse().map(message))).applied).toBe(0);
    const again = applications.map((e) => parseDomainEvent(e));
    const ctx = (tx: Parameters<typeof jobsProjector.apply>[1]['tx']) => ({
      tx,
      schema: bed.schema,
      redis: bed.redis.multi(),
      search: bed.runner.search,
      afterCommit: () => {},
    });
    await withTransaction(bed.pool, async (tx) => {
      for (const e of again) await jobsProjector.apply(e, ctx(tx));
      await jobsProjector.applyBatch?.(again, ctx(tx));
    });
    expect(await kept()).toEqual(before);

    // Cy's account deleted: their application goes from the job's list.
    await bed.runner.applyMessages([
      message(event('AccountDeleted', cy, 2, { userId: cy, deletedAt: at(7) })),
    ]);
    expect((await jobs.findJob(job.jobId))?.applications).toEqual([{}]);

    // A rebuild from the same events leaves the same rows.
    const afterDeletion = await kept();
    await bed.rebuildFrom([
      deeGone,
      ...applications,
      event('JobPosted', job.jobId, 1, job),
      event('AccountDeleted', cy, 2, { userId: cy, deletedAt: at(7) }),
    ]);
    expect(await kept()).toEqual(afterDeletion);
  });

  it('answers null for an unknown job', async () => {
    expect(await jobs.findJob(randomUUID())).toBeNull();
    expect(await jobs.posterOf(randomUUID())).toBeNull();
  });
});
