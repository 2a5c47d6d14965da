import { randomUUID } from 'node:crypto';
import { fileUrls } from '@careers/contracts/api/file-routes';
import { JobApplicant } from '@careers/contracts/entities/application';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueries } from '../jobs/queries.ts';
import { jobPostedData } from '../jobs/testing.ts';
import { projectorTestbed, testMessages } from '../testing.ts';
import { ApplicationQueries } from './queries.ts';

/**
 * Applications, their history and every count made from them. Job and application events travel on
 * different topics, so the same events are also applied to a second read schema with every
 * application first, the job next and the people last: the rows must come out the same.
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let inOrder: Bed;
let applicationsFirst: Bed;
const { event, message, registered } = testMessages();

beforeAll(async () => {
  [inOrder, applicationsFirst] = await Promise.all([
    projectorTestbed('applications-projector'),
    projectorTestbed('applications-first'),
  ]);
});
afterAll(async () => {
  await Promise.all([inOrder?.close(), applicationsFirst?.close()]);
});

const at = (day: number) => new Date(Date.UTC(2026, 2, day, 9)).toISOString();
const [eve, ann, ben, cy] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const names = { [eve]: 'Eve', [ann]: 'Ann', [ben]: 'Ben', [cy]: 'Cy' };
const posted = jobPostedData({ employerId: eve, title: 'Data Engineer', postedAt: at(1) });
const { jobId } = posted;
const [annApp, benApp, cyApp] = [randomUUID(), randomUUID(), randomUUID()];
const parties = (applicationId: string, applicantId: string) => ({
  applicationId,
  jobId,
  applicantId,
  employerId: eve,
});
// Ann applies with her resume (the application's own copy); the others have none.
const annResume = { resumeId: randomUUID(), filename: 'ann-resume.pdf', size: 183402 };
const annPicture = randomUUID();
const submitted = (applicationId: string, applicantId: string, day: number, expectedSalary: number | null) =>
  event('ApplicationSubmitted', applicationId, 1, {
    ...parties(applicationId, applicantId),
    coverLetter: `${names[applicantId]} would love this job.`,
    expectedSalary,
    ...(applicantId === ann ? { resume: annResume } : {}),
    appliedAt: at(day),
  });

const people = [
  ...Object.entries(names).map(([userId, firstName]) => registered(userId, firstName)),
  event('ProfilePictureUploaded', ann, 2, {
    userId: ann,
    pictureId: annPicture,
    size: 900,
    uploadedAt: at(1),
  }),
];
const job = [event('JobPosted', jobId, 1, posted)];
const applications = [
  submitted(annApp, ann, 2, 90000),
  event('ApplicationStatusChanged', annApp, 2, {
    ...parties(annApp, ann),
    from: 'pending',
    to: 'interview',
    changedAt: at(5),
  }),
  event('ApplicationStatusChanged', annApp, 3, {
    ...parties(annApp, ann),
    from: 'interview',
    to: 'accepted',
    changedAt: at(8),
  }),
  submitted(benApp, ben, 3, null),
  event('ApplicationWithdrawn', benApp, 2, { ...parties(benApp, ben), from: 'pending', withdrawnAt: at(6) }),
  submitted(cyApp, cy, 4, 70000),
];
const everything: EventEnvelope[] = [...people, ...job, ...applications];

async function rows(bed: Bed) {
  const read = async (table: string, order: string) =>
    (await bed.pool.query(`SELECT * FROM ${bed.schema}.${table} ORDER BY ${order}`)).rows;
  return {
    jobs: await read('jobs', 'id'),
    applications: await read('applications', 'id'),
    history: await read('application_status_history', 'application_id, stream_version'),
  };
}

describe('applications projector', () => {
  it('given applications, serves each with its history and counts them per job', async () => {
    await inOrder.runner.applyMessages(everything.map(message));
    const appsQ = new ApplicationQueries(inOrder.pool, inOrder.schema);
    const jobsQ = new JobQueries(inOrder.pool, inOrder.schema);

    // "{n} applied": the people who still stand as applicants, oldest first; Ben withdrew.
    expect((await jobsQ.findJob(jobId))?.applications).toEqual([{}, {}]);
    expect((await appsQ.countsByJob([jobId])).get(jobId)).toEqual({
      pending: 1,
      interview: 0,
      accepted: 1,
      rejected: 0,
      withdrawn: 1,
    });

    expect(await appsQ.ofApplicant(ann)).toEqual([
      {
        _id: annApp,
        jobId,
        status: 'accepted',
        appliedAt: at(2),
        coverLetter: 'Ann would love this job.',
        expectedSalary: 90000,
      },
    ]);

    const applicants = await appsQ.applicantsOf(jobId, eve);
    expect(applicants.map((a) => JobApplicant.parse(a))).toEqual(applicants);
    expect(applicants.map((a) => [a.applicant.firstName, a.status])).toEqual([
      ['Cy', 'pending'],
      ['Ben', 'withdrawn'],
      ['Ann', 'accepted'],
    ]);
    expect(applicants[2]).toMatchObject({
      _id: annApp,
      jobId,
      applicant: {
        _id: ann,
        firstName: 'Ann',
        lastName: 'Tester',
        jobTitle: '',
        profilePicture: {
          url: fileUrls.picture(annPicture, 'large'),
          avatarUrl: fileUrls.picture(annPicture, 'avatar'),
        },
      },
      expectedSalary: 90000,
      // The copy dates from the application.
      resume: {
        filename: 'ann-resume.pdf',
        url: fileUrls.resume(annResume.resumeId),
        size: 183402,
        uploadedAt: at(2),
      },
      history: [
        { status: 'pending', at: at(2) },
        { status: 'interview', at: at(5) },
        { status: 'accepted', at: at(8) },
      ],
    });
    expect(applicants[0]?.resume).toBeNull();
    // Who may read the copy is decided from the application's parties.
    expect(await appsQ.sentWithResume(annResume.resumeId)).toEqual([
      { applicantId: ann, employerId: eve, filename: 'ann-resume.pdf' },
    ]);
    expect(await appsQ.sentWithResume(randomUUID())).toEqual([]);
    expect(applicants[1]?.history).toEqual([
      { status: 'pending', at: at(3) },
      { status: 'withdrawn', at: at(6) },
    ]);
  });

  it('changes nothing when everything is redelivered, in order or reversed', async () => {
    const before = await rows(inOrder);
    const n = everything.length;
    expect(await inOrder.runner.applyMessages(everything.map(message))).toEqual({ applied: 0, skipped: n });
    expect(await inOrder.runner.applyMessages([...everything].reverse().map(message))).toEqual({
      applied: 0,
      skipped: n,
    });
    expect(await rows(inOrder)).toEqual(before);
  });

  it('comes to the same rows and counts when the applications arrive before their job and its people', async () => {
    const bed = applicationsFirst;
    const jobsQ = new JobQueries(bed.pool, bed.schema);
    await bed.runner.applyMessages(applications.map(message));
    // Nothing to show yet: the job is unknown here, so it has no poster to show applicants to.
    expect(await jobsQ.findJob(jobId)).toBeNull();
    expect(await jobsQ.summaries([jobId])).toEqual(new Map());

    await bed.runner.applyMessages(job.map(message));
    expect((await jobsQ.findJob(jobId))?.applications).toEqual([{}, {}]);
    await bed.runner.applyMessages(people.map(message));
    expect(await rows(bed)).toEqual(await rows(inOrder));
    expect(await new ApplicationQueries(bed.pool, bed.schema).countsByJob([jobId])).toEqual(
      await new ApplicationQueries(inOrder.pool, inOrder.schema).countsByJob([jobId]),
    );
  });

  it('rebuilds into the same rows', async () => {
    const before = await rows(inOrder);
    await inOrder.rebuildFrom(everything);
    expect(await rows(inOrder)).toEqual(before);
  });

  it('counts zero of every status for a job nobody applied to', async () => {
    const appsQ = new ApplicationQueries(inOrder.pool, inOrder.schema);
    expect((await appsQ.countsByJob([randomUUID()])).values().next().value).toEqual({
      pending: 0,
      interview: 0,
      accepted: 0,
      rejected: 0,
      withdrawn: 0,
    });
  });
});
