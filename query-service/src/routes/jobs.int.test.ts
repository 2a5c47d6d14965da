import { randomUUID } from 'node:crypto';
import { domainEvents } from '@careers/contracts/events/catalogue';
import { jobMessages, queryMessages } from '@careers/contracts/messages';
import {
  type ApplicationRelation,
  applicationAccessCases,
  canSeeApplication,
} from '@careers/contracts/policies/application-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEditedData, jobPostedData } from '../projectors/jobs/testing.ts';
import { type JobsBed, jobsFixtures } from './jobs-testing.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * The job query routes over the real projectors, Postgres and Redis sessions, through `app.inject`
 * (every 2xx checked against the route table). The applicants view and "My Applications" are held to
 * the one statement of who may see an application (`applicationAccessCases` in contracts).
 */

let bed: JobsBed;
beforeAll(async () => {
  bed = await queryAppTestbed('job-routes');
});
afterAll(async () => {
  await bed?.close();
});
const { event, later, signedIn, project, get, applied } = jobsFixtures(() => bed);

describe('who may see an application, against the application access table', () => {
  const who: Record<ApplicationRelation, string> = {
    applicant: 'its applicant',
    poster: "the job's poster",
    'someone else': 'someone else',
  };
  const cases = applicationAccessCases.map((c) => ({
    ...c,
    viewerIs: who[c.viewer],
    outcome: c.canSee ? 'sees it' : 'does not see it',
  }));

  it.for(cases)('$viewerIs $outcome', async ({ viewer, canSee }) => {
    const [poster, applicant, stranger] = await Promise.all([
      signedIn('Poster'),
      signedIn('Applicant'),
      signedIn('Stranger'),
    ]);
    const me = { applicant, poster, 'someone else': stranger }[viewer];
    const job = jobPostedData({ employerId: poster.id, postedAt: later() });
    const applicationId = randomUUID();
    await project([
      event('JobPosted', job.jobId, 1, job),
      applied(applicationId, job.jobId, applicant.id, poster.id),
    ]);
    const parties = { applicantId: applicant.id, employerId: poster.id };
    // The table and the function it documents agree, so the routes are held to both.
    expect(canSeeApplication(parties, me.id)).toBe(canSee);

    // The applicant sees it among their applications; the poster among the job's applicants.
    const mine = await get(me, '/api/jobs/my/applications');
    expect(mine.status).toBe(200);
    const inMine = mine.body.data.some((a: { _id: string }) => a._id === applicationId);
    const applicants = await get(me, `/api/jobs/${job.jobId}/applications`);
    const inApplicants =
      applicants.status === 200 && applicants.body.data.some((a: { _id: string }) => a._id === applicationId);
    expect(inMine || inApplicants).toBe(canSee);
    expect(inMine).toBe(viewer === 'applicant');
    // Only the poster has the applicants view; to anyone else it answers like a job that is not there.
    expect(applicants).toEqual(
      viewer === 'poster'
        ? { status: 200, body: { data: [expect.objectContaining({ _id: applicationId })] } }
        : { status: 404, body: { message: jobMessages.jobNotFound } },
    );

    // Everyone may read the job, which tells how many applied but not who.
    const detail = await get(me, `/api/jobs/${job.jobId}`);
    // Issue 55, finding 9: counted, and nothing of who applied.
    expect(detail.body.data.applications).toEqual([{}]);
    expect(JSON.stringify(detail.body)).not.toContain(applicationId);
    expect(JSON.stringify(detail.body)).not.toContain(applicant.id);
  });

  it("does not show a poster the applicants of someone else's job", async () => {
    const [poster, otherPoster, applicant] = await Promise.all([
      signedIn('Poster'),
      signedIn('Other'),
      signedIn('Applicant'),
    ]);
    const job = jobPostedData({ employerId: poster.id, postedAt: later() });
    await project([
      event('JobPosted', job.jobId, 1, job),
      applied(randomUUID(), job.jobId, applicant.id, poster.id),
    ]);
    expect(await get(otherPoster, `/api/jobs/${job.jobId}/applications`)).toEqual({
      status: 404,
      body: { message: jobMessages.jobNotFound },
    });
  });
});

describe('the job query routes', () => {
  it('answer 401 without a session', async () => {
    for (const url of [
      '/api/jobs',
      `/api/jobs/${randomUUID()}`,
      '/api/jobs/my/posted',
      '/api/jobs/my/applications',
    ]) {
      expect((await get(null, url)).status).toBe(401);
    }
  });

  it('answer 404 "Job not found" for an unknown or malformed job id', async () => {
    const someone = await signedIn('Someone');
    for (const url of [
      `/api/jobs/${randomUUID()}`,
      '/api/jobs/not-a-uuid',
      `/api/jobs/${randomUUID()}/applications`,
      '/api/jobs/not-a-uuid/applications',
    ]) {
      expect(await get(someone, url)).toEqual({ status: 404, body: { message: jobMessages.jobNotFound } });
    }
  });

  it('answer 400 with the message for a malformed query', async () => {
    const someone = await signedIn('Someone');
    expect(await get(someone, '/api/jobs?limit=0')).toEqual({
      status: 400,
      body: { message: queryMessages.limitInvalid },
    });
    expect(await get(someone, '/api/jobs?jobType=Sometimes')).toMatchObject({ status: 400 });
    for (const [url, message] of [
      ['/api/jobs?minSalary=lots', queryMessages.minSalaryInvalid],
      ['/api/jobs?minSalary=-1', queryMessages.minSalaryInvalid],
      ['/api/jobs?minSalary=80000.5', queryMessages.minSalaryInvalid],
      ['/api/jobs?minSalary=100000001', queryMessages.minSalaryInvalid],
      ['/api/jobs?postedWithin=2', queryMessages.postedWithinInvalid],
      ['/api/jobs?postedWithin=week', queryMessages.postedWithinInvalid],
      ['/api/jobs?postedWithin=-7', queryMessages.postedWithinInvalid],
      ['/api/jobs?sort=price', queryMessages.sortInvalid],
      ['/api/jobs?sort=SALARY', queryMessages.sortInvalid],
    ] as const) {
      expect(await get(someone, url), url).toEqual({ status: 400, body: { message } });
    }
    // Blank means not set, as for the other filters; the values in range are taken.
    for (const url of [
      '/api/jobs?minSalary=&postedWithin=&sort=',
      '/api/jobs?minSalary=0&postedWithin=1&sort=relevance',
      '/api/jobs?minSalary=100000000&postedWithin=30&sort=salary&search=engineer',
    ]) {
      expect((await get(someone, url)).status, url).toBe(200);
    }
  });

  it("serve a poster's jobs newest first with their applications counted per status", async () => {
    const [poster, ann, ben] = await Promise.all([signedIn('Poster'), signedIn('Ann'), signedIn('Ben')]);
    const older = jobPostedData({ employerId: poster.id, title: 'Older', postedAt: later() });
    const newer = jobPostedData({ employerId: poster.id, title: 'Newer', postedAt: later() });
    const [annApp, benApp] = [randomUUID(), randomUUID()];
    await project([
      event('JobPosted', older.jobId, 1, older),
      event('JobPosted', newer.jobId, 1, newer),
      applied(annApp, older.jobId, ann.id, poster.id),
      applied(benApp, older.jobId, ben.id, poster.id),
      event('ApplicationStatusChanged', annApp, 2, {
        applicationId: annApp,
        jobId: older.jobId,
        applicantId: ann.id,
        employerId: poster.id,
        from: 'pending',
        to: 'rejected',
        changedAt: later(),
      }),
    ]);
    const { status, body } = await get(poster, '/api/jobs/my/posted');
    expect(status).toBe(200);
    expect(
      body.data.map((job: { title: string; applicationCounts: object }) => [
        job.title,
        job.applicationCounts,
      ]),
    ).toEqual([
      ['Newer', { pending: 0, interview: 0, accepted: 0, rejected: 0, withdrawn: 0 }],
      ['Older', { pending: 1, interview: 0, accepted: 0, rejected: 1, withdrawn: 0 }],
    ]);
    expect((await get(ann, '/api/jobs/my/posted')).body).toEqual({ data: [] });
  });

  it("serve a person's applications newest first with each job's summary", async () => {
    const [poster, ann] = await Promise.all([signedIn('Poster'), signedIn('Ann')]);
    const first = jobPostedData({ employerId: poster.id, title: 'First', postedAt: later() });
    const second = jobPostedData({ employerId: poster.id, title: 'Second', postedAt: later() });
    const notYetProjected = jobPostedData({ employerId: poster.id, title: 'Later', postedAt: later() });
    const ids = [randomUUID(), randomUUID(), randomUUID()] as const;
    await project([
      event('JobPosted', first.jobId, 1, first),
      event('JobPosted', second.jobId, 1, second),
      applied(ids[0], first.jobId, ann.id, poster.id),
      applied(ids[1], second.jobId, ann.id, poster.id),
      applied(ids[2], notYetProjected.jobId, ann.id, poster.id),
    ]);
    const mine = await get(ann, '/api/jobs/my/applications');
    expect(mine.body.data.map((a: { job: { title: string } }) => a.job.title)).toEqual(['Second', 'First']);
    expect(mine.body.data[0]).toEqual({
      _id: ids[1],
      job: {
        _id: second.jobId,
        title: 'Second',
        jobType: second.jobType,
        workLocation: second.workLocation,
        location: second.location,
        salary: second.salary,
        company: second.company,
        employer: { _id: poster.id, firstName: 'Poster', lastName: 'Tester' },
      },
      jobEditedSince: false,
      status: 'pending',
      appliedAt: expect.any(String),
      coverLetter: 'Hello',
      expectedSalary: null,
    });
    // The third shows once its job arrives from the jobs topic.
    await project([event('JobPosted', notYetProjected.jobId, 1, notYetProjected)]);
    expect((await get(ann, '/api/jobs/my/applications')).body.data).toHaveLength(3);
  });

  it('serve each application with the job as applied to, its poster as now, and whether it was edited since', async () => {
    const [poster, ann, ben, cy] = await Promise.all([
      signedIn('Poster'),
      signedIn('Ann'),
      signedIn('Ben'),
      signedIn('Cy'),
    ]);
    const posted = jobPostedData({
      employerId: poster.id,
      title: 'Koala Keeper',
      jobType: 'Part-time',
      location: { city: 'Perth', state: 'WA', country: 'Australia' },
      postedAt: later(),
    });
    const { jobId } = posted;
    const card = (d: typeof posted | ReturnType<typeof jobEditedData>) => ({
      title: d.title,
      jobType: d.jobType,
      workLocation: d.workLocation,
      location: d.location,
      salary: d.salary,
      company: d.company,
    });
    // As the write side writes a submission now: with the job as it read then (sealed, version 2).
    const submitted = async (
      applicationId: string,
      applicant: { id: string },
      job: ReturnType<typeof card>,
    ) =>
      bed.sealed(
        event('ApplicationSubmitted', applicationId, 1, {
          applicationId,
          jobId,
          applicantId: applicant.id,
          employerId: poster.id,
          coverLetter: 'Hello',
          expectedSalary: null,
          job,
          appliedAt: later(),
        }),
      );
    const ids = { ann: randomUUID(), ben: randomUUID(), cy: randomUUID() };
    const mine = async (who: { sid: string }) => {
      const { status, body } = await get(who, '/api/jobs/my/applications');
      expect(status).toBe(200);
      return body.data[0] as { _id: string; job: Record<string, unknown>; jobEditedSince: boolean };
    };
    // Ann applies with the job as posted; Ben's event is from before jobs could be edited (no job kept).
    await project([
      event('JobPosted', jobId, 1, posted),
      await submitted(ids.ann, ann, card(posted)),
      applied(ids.ben, jobId, ben.id, poster.id),
    ]);
    const poster1 = { _id: poster.id, firstName: 'Poster', lastName: 'Tester' };
    expect(await mine(ann)).toMatchObject({
      _id: ids.ann,
      job: { _id: jobId, ...card(posted), employer: poster1 },
      jobEditedSince: false,
    });
    expect(await mine(ben)).toMatchObject({ job: { _id: jobId, ...card(posted) }, jobEditedSince: false });

    // The poster edits the job, and changes their name.
    const edited = jobEditedData(posted, later(), {
      title: 'Head Koala Keeper',
      jobType: 'Full-time',
      location: { city: 'Sydney', state: 'NSW', country: 'Australia' },
      salary: { min: 90_000, max: 99_000, currency: 'AUD' },
      company: { name: 'Eucalyptus Inc', industry: 'Zoo', size: '11-50', website: '' },
    });
    await project([
      event('JobEdited', jobId, 2, edited),
      event('ProfileUpdated', poster.id, 2, {
        ...domainEvents.ProfileUpdated.example,
        userId: poster.id,
        firstName: 'Renamed',
      }),
    ]);
    const poster2 = {
      ...poster1,
      firstName: 'Renamed',
      lastName: domainEvents.ProfileUpdated.example.lastName,
    };
    // Ann's card is the job as she applied to it, its poster as now, marked edited since.
    expect(await mine(ann)).toEqual({
      _id: ids.ann,
      job: { _id: jobId, ...card(posted), employer: poster2 },
      jobEditedSince: true,
      status: 'pending',
      appliedAt: expect.any(String),
      coverLetter: 'Hello',
      expectedSalary: null,
    });
    // Ben's kept no job: the job as it is now, edited after he applied.
    expect(await mine(ben)).toMatchObject({
      job: { _id: jobId, ...card(edited), employer: poster2 },
      jobEditedSince: true,
    });
    // Cy applies after the edit, to the job as it now reads: not edited since.
    await project([await submitted(ids.cy, cy, card(edited))]);
    expect(await mine(cy)).toMatchObject({ job: { _id: jobId, ...card(edited) }, jobEditedSince: false });

    // The job's own page and the poster's lists read it as now; the applicants view lists all three.
    const page = await get(ann, `/api/jobs/${jobId}`);
    expect(page.body.data).toMatchObject({
      ...card(edited),
      editedAt: edited.editedAt,
      createdAt: posted.postedAt,
    });
    const postedJobs = await get(poster, '/api/jobs/my/posted');
    expect(postedJobs.body.data).toEqual([
      expect.objectContaining({
        _id: jobId,
        title: 'Head Koala Keeper',
        editedAt: edited.editedAt,
        applicationCounts: { pending: 3, interview: 0, accepted: 0, rejected: 0, withdrawn: 0 },
      }),
    ]);
    const applicants = await get(poster, `/api/jobs/${jobId}/applications`);
    expect(applicants.body.data.map((a: { _id: string }) => a._id)).toEqual([ids.cy, ids.ben, ids.ann]);
    // The dashboard counts every listed job, the edited one once.
    const { rows } = await bed.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${bed.schema}.jobs`);
    expect((await get(ann, '/api/dashboard/stats')).body.data.totalJobs).toBe(rows[0]?.n);
  });

  it('serve the list with its pagination', async () => {
    const someone = await signedIn('Someone');
    const { status, body } = await get(someone, '/api/jobs?limit=2&page=2');
    expect(status).toBe(200);
    expect(body.pagination).toEqual({
      currentPage: 2,
      totalPages: Math.ceil(body.pagination.totalJobs / 2),
      totalJobs: expect.any(Number),
      hasNext: body.pagination.totalJobs > 4,
      hasPrev: true,
    });
    expect(body.data).toHaveLength(2);
  });
});
