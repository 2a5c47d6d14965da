import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { Application } from '@careers/contracts/entities/application';
import { applyMessages, authMessages, hiringMessages, jobMessages } from '@careers/contracts/messages';
import { earliestCurrentDate } from '@careers/contracts/requests/create-job';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { hiringTestbed, jobForm } from '../jobs/testing.ts';

const { call, query, signUp, postJob, eventsOf, eventCount } = hiringTestbed(
  testNamespace('application-routes'),
);

const DAY_MS = 24 * 60 * 60 * 1000;

const postJobUntil = (sid: string, applicationDeadline: string) =>
  postJob(sid, { ...jobForm, applicationDeadline });

const letter = { coverLetter: 'I build event logs.', expectedSalary: '80000' };
const applyTo = (jobId: string, sid: string, body: unknown = { applicationData: letter }) =>
  call('POST', `/api/jobs/${jobId}/apply`, sid, body);
const move = (applicationId: string, sid: string, status: unknown) =>
  call('PUT', `/api/applications/${applicationId}/status`, sid, { status });
const withdraw = (applicationId: string, sid: string) =>
  call('POST', `/api/applications/${applicationId}/withdraw`, sid);

/** A job by a new poster, and a new applicant's application to it. */
async function applied() {
  const poster = await signUp('Grace');
  const applicant = await signUp('Alan');
  const job = await postJob(poster.sid);
  const response = await applyTo(job._id, applicant.sid);
  expect(response.statusCode, response.body).toBe(201);
  return { poster, applicant, job, applicationId: response.json().data._id as string };
}

const applicationsTo = (jobId: string) =>
  query('SELECT applicant_id, status FROM {schema}.applications WHERE job_id = $1', [jobId]);
/** The log positions of the ApplicationSubmitted events of a job's applications. */
async function submittedTo(jobId: string) {
  const rows = await query<{ position: string }>(
    `SELECT position FROM {schema}.event_log WHERE type = 'ApplicationSubmitted' AND data->>'jobId' = $1`,
    [jobId],
  );
  return rows.map((r) => Number(r.position));
}

describe('POST /api/jobs/:id/apply', () => {
  it('submits a pending application and answers it as My Applications shows it', async () => {
    const grace = await signUp('Grace');
    const alan = await signUp('Alan');
    const job = await postJob(grace.sid);
    const response = await applyTo(job._id, alan.sid);
    expect(response.statusCode, response.body).toBe(201);
    const application = Application.parse(response.json().data);
    expect(application).toEqual({
      _id: application._id,
      job: {
        _id: job._id,
        title: 'Backend Engineer',
        jobType: 'Full-time',
        workLocation: 'Remote',
        location: { city: 'Berlin', state: '', country: 'Germany' },
        salary: { min: 70000, max: 90000, currency: 'USD' },
        company: { name: 'Acme', industry: 'Software', size: null, website: '' },
        employer: { _id: grace.id, firstName: 'Grace', lastName: 'Hopper' },
      },
      jobEditedSince: false,
      status: 'pending',
      appliedAt: expect.any(String),
      coverLetter: 'I build event logs.',
      expectedSalary: 80000,
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${application._id}@1`]);
    expect(await eventsOf(application._id)).toEqual([
      {
        type: 'ApplicationSubmitted',
        data: {
          applicationId: application._id,
          jobId: job._id,
          applicantId: alan.id,
          employerId: grace.id,
          coverLetter: 'I build event logs.',
          expectedSalary: 80000,
          // Alan has no resume.
          resume: null,
          // The job's card as Alan applied to it.
          job: {
            title: 'Backend Engineer',
            jobType: 'Full-time',
            workLocation: 'Remote',
            location: { city: 'Berlin', state: '', country: 'Germany' },
            salary: { min: 70000, max: 90000, currency: 'USD' },
            company: { name: 'Acme', industry: 'Software', size: null, website: '' },
          },
          appliedAt: application.appliedAt,
        },
      },
    ]);
    // Applying changes no job: its stream stays as posted.
    expect((await eventsOf(job._id)).map((e) => e.type)).toEqual(['JobPosted']);
  });

  it('takes the flat body too, with no expected salary', async () => {
    const grace = await signUp('Grace');
    const alan = await signUp('Alan');
    const job = await postJob(grace.sid);
    const response = await applyTo(job._id, alan.sid, { coverLetter: 'Hello', expectedSalary: '' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ coverLetter: 'Hello', expectedSalary: null });
  });

  it('parses the expected salary as an integer: 95000.7 is kept as 95000', async () => {
    const grace = await signUp('Grace');
    const alan = await signUp('Alan');
    const job = await postJob(grace.sid);
    const response = await applyTo(job._id, alan.sid, { coverLetter: 'Hello', expectedSalary: 95000.7 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ expectedSalary: 95000 });
  });

  it('takes one application when the same person applies twice at once', async () => {
    const grace = await signUp('Grace');
    const alan = await signUp('Alan');
    const job = await postJob(grace.sid);
    const answers = await Promise.all([applyTo(job._id, alan.sid), applyTo(job._id, alan.sid)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toEqual({ message: applyMessages.alreadyApplied });
    expect(await applicationsTo(job._id)).toEqual([{ applicant_id: alan.id, status: 'pending' }]);
    expect(await submittedTo(job._id)).toHaveLength(1);
  });

  it('refuses a second application later, and writes nothing', async () => {
    const { applicant, job } = await applied();
    const before = await eventCount();
    const again = await applyTo(job._id, applicant.sid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: applyMessages.alreadyApplied });
    expect(await eventCount()).toBe(before);
  });

  it("refuses one's own job with 400, and writes nothing", async () => {
    const grace = await signUp('Grace');
    const job = await postJob(grace.sid);
    const response = await applyTo(job._id, grace.sid);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: hiringMessages.cannotApplyToOwnJob });
    expect(await applicationsTo(job._id)).toEqual([]);
    expect(await submittedTo(job._id)).toEqual([]);
  });

  it('refuses a closed job with 409: close, then apply', async () => {
    const grace = await signUp('Grace');
    const alan = await signUp('Alan');
    const job = await postJob(grace.sid);
    expect((await call('POST', `/api/jobs/${job._id}/close`, grace.sid)).statusCode).toBe(200);
    const response = await applyTo(job._id, alan.sid);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: hiringMessages.jobClosed });
    expect(await applicationsTo(job._id)).toEqual([]);
    expect(await submittedTo(job._id)).toEqual([]);
  });

  it('lets no apply through after a close that raced with it', async () => {
    const grace = await signUp('Grace');
    const job = await postJob(grace.sid);
    const applicants = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(`Fan${i}`)));
    const [closed, ...answers] = await Promise.all([
      call('POST', `/api/jobs/${job._id}/close`, grace.sid),
      ...applicants.map((a) => applyTo(job._id, a.sid)),
    ]);
    expect(closed?.statusCode).toBe(200);
    for (const answer of answers) {
      if (answer.statusCode !== 201) {
        expect([answer.statusCode, answer.json()]).toEqual([409, { message: hiringMessages.jobClosed }]);
      }
    }
    const accepted = answers.filter((a) => a.statusCode === 201).length;
    expect(await applicationsTo(job._id)).toHaveLength(accepted);
    // Every application that got in was recorded before the job closed.
    const [closing] = await query<{ position: string }>(
      `SELECT position FROM {schema}.event_log WHERE stream_id = $1 AND type = 'JobClosed'`,
      [job._id],
    );
    const closedAt = Number(closing?.position);
    const submitted = await submittedTo(job._id);
    expect(submitted).toHaveLength(accepted);
    expect(submitted.every((position) => position < closedAt)).toBe(true);
  });

  it('takes applications on the deadline day, and refuses them once it is over', async () => {
    const grace = await signUp('Grace');
    const alan = await signUp('Alan');
    const today = earliestCurrentDate(new Date());
    const job = await postJobUntil(grace.sid, today);
    expect((await applyTo(job._id, alan.sid)).statusCode).toBe(201);

    // A deadline cannot be posted in the past: let the days go by in the write-side row instead.
    const late = await postJobUntil(grace.sid, today);
    const yesterday = earliestCurrentDate(new Date(Date.now() - DAY_MS));
    await query('UPDATE {schema}.jobs SET application_deadline = $2 WHERE id = $1', [late._id, yesterday]);
    const response = await applyTo(late._id, alan.sid);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: applyMessages.deadlinePassed });
    expect(await applicationsTo(late._id)).toEqual([]);
  });

  it.each([
    [{ applicationData: { coverLetter: '   ' } }, applyMessages.coverLetterRequired],
    [{ coverLetter: '' }, applyMessages.coverLetterRequired],
    [{ coverLetter: 'Hi', expectedSalary: -5 }, applyMessages.expectedSalaryNegative],
    [{ coverLetter: 'Hi', expectedSalary: 'a lot' }, applyMessages.expectedSalaryInvalid],
  ])('refuses %j with 400 and writes nothing', async (body, message) => {
    const grace = await signUp('Grace');
    const alan = await signUp('Alan');
    const job = await postJob(grace.sid);
    const before = await eventCount();
    const response = await applyTo(job._id, alan.sid, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await eventCount()).toBe(before);
    expect(await applicationsTo(job._id)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed job, and 401 without a session', async () => {
    const alan = await signUp('Alan');
    for (const id of ['8d3b0a4e-5b7c-4d2e-9f10-1a2b3c4d5e6f', 'not-a-uuid']) {
      const response = await applyTo(id, alan.sid);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: jobMessages.jobNotFound });
    }
    const response = await call('POST', '/api/jobs/8d3b0a4e-5b7c-4d2e-9f10-1a2b3c4d5e6f/apply', undefined, {
      coverLetter: 'Hi',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authMessages.signInRequired });
  });
});

describe('PUT /api/applications/:id/status', () => {
  it('lets the poster move pending to interview to accepted; accepted is final', async () => {
    const { poster, job, applicationId, applicant } = await applied();
    const interview = await move(applicationId, poster.sid, 'interview');
    expect(interview.statusCode, interview.body).toBe(200);
    expect(interview.json()).toEqual({ data: { applicationId, jobId: job._id, status: 'interview' } });
    expect(consistencyTokenSubjects(interview.headers[CONSISTENCY_HEADER])).toEqual([`${applicationId}@2`]);
    const accepted = await move(applicationId, poster.sid, 'accepted');
    expect(accepted.json()).toEqual({ data: { applicationId, jobId: job._id, status: 'accepted' } });

    const after = await move(applicationId, poster.sid, 'rejected');
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ message: hiringMessages.cannotMove('accepted', 'rejected') });

    const events = await eventsOf(applicationId);
    expect(events.map((e) => e.type)).toEqual([
      'ApplicationSubmitted',
      'ApplicationStatusChanged',
      'ApplicationStatusChanged',
    ]);
    expect(events[2]?.data).toEqual({
      applicationId,
      jobId: job._id,
      applicantId: applicant.id,
      employerId: poster.id,
      from: 'interview',
      to: 'accepted',
      changedAt: expect.any(String),
    });
    expect(await applicationsTo(job._id)).toEqual([{ applicant_id: applicant.id, status: 'accepted' }]);
  });

  it('refuses the applicant with 403 and anyone else with 404, and writes nothing', async () => {
    const { applicant, applicationId } = await applied();
    const stranger = await signUp('Ada');
    const byApplicant = await move(applicationId, applicant.sid, 'accepted');
    expect(byApplicant.statusCode).toBe(403);
    expect(byApplicant.json()).toEqual({ message: hiringMessages.onlyPosterMoves });
    const byStranger = await move(applicationId, stranger.sid, 'accepted');
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ message: hiringMessages.applicationNotFound });
    expect((await eventsOf(applicationId)).map((e) => e.type)).toEqual(['ApplicationSubmitted']);
  });

  it.each([['pending'], ['withdrawn'], ['hired'], [''], [null]])(
    'refuses the status %j with 400 and writes nothing',
    async (status) => {
      const { poster, applicationId } = await applied();
      const response = await move(applicationId, poster.sid, status);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: hiringMessages.statusInvalid });
      expect((await eventsOf(applicationId)).map((e) => e.type)).toEqual(['ApplicationSubmitted']);
    },
  );

  it('answers 404 for an unknown or malformed application', async () => {
    const grace = await signUp('Grace');
    for (const id of ['8d3b0a4e-5b7c-4d2e-9f10-1a2b3c4d5e6f', 'not-a-uuid']) {
      const response = await move(id, grace.sid, 'interview');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: hiringMessages.applicationNotFound });
    }
  });

  it("moves a closed job's applications still: closing ends applying, not hiring", async () => {
    const { poster, job, applicationId } = await applied();
    expect((await call('POST', `/api/jobs/${job._id}/close`, poster.sid)).statusCode).toBe(200);
    expect((await move(applicationId, poster.sid, 'rejected')).statusCode).toBe(200);
  });
});

describe('POST /api/applications/:id/withdraw', () => {
  it('lets the applicant withdraw a pending application, once', async () => {
    const { applicant, poster, job, applicationId } = await applied();
    const response = await withdraw(applicationId, applicant.sid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { applicationId, jobId: job._id, status: 'withdrawn' } });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${applicationId}@2`]);
    const again = await withdraw(applicationId, applicant.sid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: hiringMessages.cannotWithdraw('withdrawn') });
    const events = await eventsOf(applicationId);
    expect(events.map((e) => e.type)).toEqual(['ApplicationSubmitted', 'ApplicationWithdrawn']);
    expect(events[1]?.data).toEqual({
      applicationId,
      jobId: job._id,
      applicantId: applicant.id,
      employerId: poster.id,
      from: 'pending',
      withdrawnAt: expect.any(String),
    });
    // A withdrawn application still counts as the person's one application to the job.
    expect((await applyTo(job._id, applicant.sid)).statusCode).toBe(409);
  });

  it('withdraws from interview, not from accepted or rejected', async () => {
    const first = await applied();
    await move(first.applicationId, first.poster.sid, 'interview');
    expect((await withdraw(first.applicationId, first.applicant.sid)).statusCode).toBe(200);
    for (const final of ['accepted', 'rejected'] as const) {
      const { poster, applicant, applicationId } = await applied();
      await move(applicationId, poster.sid, final);
      const response = await withdraw(applicationId, applicant.sid);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: hiringMessages.cannotWithdraw(final) });
    }
  });

  it('refuses the poster with 403 and anyone else with 404, and writes nothing', async () => {
    const { poster, applicationId } = await applied();
    const stranger = await signUp('Ada');
    const byPoster = await withdraw(applicationId, poster.sid);
    expect(byPoster.statusCode).toBe(403);
    expect(byPoster.json()).toEqual({ message: hiringMessages.onlyApplicantWithdraws });
    const byStranger = await withdraw(applicationId, stranger.sid);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ message: hiringMessages.applicationNotFound });
    expect((await eventsOf(applicationId)).map((e) => e.type)).toEqual(['ApplicationSubmitted']);
  });

  it('settles a rejection and a withdrawal at the same moment: one of them, never both', async () => {
    const { poster, applicant, applicationId } = await applied();
    const [rejected, withdrawn] = await Promise.all([
      move(applicationId, poster.sid, 'rejected'),
      withdraw(applicationId, applicant.sid),
    ]);
    expect([rejected?.statusCode, withdrawn?.statusCode].sort()).toEqual([200, 409]);
    const types = (await eventsOf(applicationId)).map((e) => e.type);
    expect(types).toHaveLength(2);
    const rows = await query('SELECT status FROM {schema}.applications WHERE id = $1', [applicationId]);
    expect(rows[0]?.status).toBe(rejected?.statusCode === 200 ? 'rejected' : 'withdrawn');
  });
});
