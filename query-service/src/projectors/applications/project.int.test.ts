import { randomUUID } from 'node:crypto';
import { fileUrls } from '@careers/contracts/api/file-routes';
import { JobApplicant } from '@careers/contracts/entities/application';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueries } from '../jobs/queries.ts';
import { jobEditedData, jobPostedData } from '../jobs/testing.ts';
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
// Ann's application keeps the job as she applied to it; the others' events are from before jobs could
// be edited, and keep none.
const asApplied = {
  title: posted.title,
  jobType: posted.jobType,
  workLocation: posted.workLocation,
  location: posted.location,
  salary: posted.salary,
  company: posted.company,
};
const annPicture = randomUUID();
const submitted = (applicationId: string, applicantId: string, day: number, expectedSalary: number | null) =>
  event('ApplicationSubmitted', applicationId, 1, {
    ...parties(applicationId, applicantId),
    coverLetter: `${names[applicantId]} would love this job.`,
    expectedSalary,
    ...(applicantId === ann ? { resume: annResume, job: asApplied } : {}),
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
// The poster's edit of the job, after the applications (the test of the job as applied to applies it).
const edit = event(
  'JobEdited',
  jobId,
  2,
  jobEditedData(posted, at(9), { title: 'Staff Data Engineer', jobType: 'Contract' }),
);
const everything: EventEnvelope[] = [...people, ...job, ...applications];

/**
 * The events as `bed`'s log holds them: Ann's submission, which keeps the job, in its type's current
 * version (sealed with her key from that bed's vault: version 1 has no `job`); the others as written.
 */
const onto = (bed: Bed, events: readonly EventEnvelope[]) =>
  Promise.all(
    events.map((e) =>
      e.type === 'ApplicationSubmitted' && 'job' in (e.data as object) ? bed.sealed(e) : Promise.resolve(e),
    ),
  );

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
    await inOrder.runner.applyMessages((await onto(inOrder, everything)).map(message));
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
        jobAsApplied: asApplied,
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
    // An event that kept no job keeps none (SQL null, not a JSON null).
    expect((await appsQ.ofApplicant(cy))[0]?.jobAsApplied).toBeNull();
    const { rows: kept } = await inOrder.pool.query(
      `SELECT id, job IS NULL AS none FROM ${inOrder.schema}.applications WHERE job_id = $1 ORDER BY applied_at`,
      [jobId],
    );
    expect(kept).toEqual([
      { id: annApp, none: false },
      { id: benApp, none: true },
      { id: cyApp, none: true },
    ]);
  });

  it("keeps the job as applied to when its poster edits it, and the job's own rows follow the edit", async () => {
    const jobsQ = new JobQueries(inOrder.pool, inOrder.schema);
    const appsQ = new ApplicationQueries(inOrder.pool, inOrder.schema);
    await inOrder.runner.applyMessages([message(edit)]);
    expect((await appsQ.ofApplicant(ann))[0]?.jobAsApplied).toEqual(asApplied);
    expect((await jobsQ.summaries([jobId])).get(jobId)).toEqual({
      job: expect.objectContaining({ _id: jobId, title: 'Staff Data Engineer', jobType: 'Contract' }),
      editedAt: at(9),
    });
    // The applicants view and the counts are the applications', whatever the job now reads.
    expect((await appsQ.applicantsOf(jobId, eve)).map((a) => a.applicant.firstName)).toEqual([
      'Cy',
      'Ben',
      'Ann',
    ]);
    expect((await appsQ.countsByJob([jobId])).get(jobId)).toMatchObject({
      pending: 1,
      accepted: 1,
      withdrawn: 1,
    });
    // The tests below apply it with the rest.
    everything.push(edit);
  });

  it('changes nothing when everything is redelivered, in order or reversed', async () => {
    const before = await rows(inOrder);
    const n = everything.length;
    const sealed = await onto(inOrder, everything);
    expect(await inOrder.runner.applyMessages(sealed.map(message))).toEqual({ applied: 0, skipped: n });
    expect(await inOrder.runner.applyMessages([...sealed].reverse().map(message))).toEqual({
      applied: 0,
      skipped: n,
    });
    expect(await rows(inOrder)).toEqual(before);
  });

  it('comes to the same rows and counts when the applications arrive before their job and its people', async () => {
    const bed = applicationsFirst;
    const jobsQ = new JobQueries(bed.pool, bed.schema);
    await bed.runner.applyMessages((await onto(bed, applications)).map(message));
    // Nothing to show yet: the job is unknown here, so it has no poster to show applicants to.
    expect(await jobsQ.findJob(jobId)).toBeNull();
    expect(await jobsQ.summaries([jobId])).toEqual(new Map());

    await bed.runner.applyMessages([...job, edit].map(message));
    expect((await jobsQ.findJob(jobId))?.applications).toEqual([{}, {}]);
    await bed.runner.applyMessages(people.map(message));
    expect(await rows(bed)).toEqual(await rows(inOrder));
    expect(await new ApplicationQueries(bed.pool, bed.schema).countsByJob([jobId])).toEqual(
      await new ApplicationQueries(inOrder.pool, inOrder.schema).countsByJob([jobId]),
    );
  });

  it('rebuilds into the same rows', async () => {
    const before = await rows(inOrder);
    await inOrder.rebuildFrom(await onto(inOrder, everything));
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
