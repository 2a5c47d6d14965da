import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { Application } from '@careers/contracts/entities/application';
import { Job } from '@careers/contracts/entities/job';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@careers/contracts/idempotency';
import { authMessages, hiringMessages, jobFormMessages, jobMessages } from '@careers/contracts/messages';
import { earliestCurrentDate } from '@careers/contracts/requests/create-job';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { sendCommand } from '../testing.ts';
import { hiringTestbed } from './testing.ts';

const { call, running, query, signUp, postJob, eventsOf, eventCount } = hiringTestbed(
  testNamespace('job-routes'),
);

const DAY_MS = 24 * 60 * 60 * 1000;
/** The earliest "today" on Earth, and the day before it: over everywhere. */
const today = () => earliestCurrentDate(new Date());
const yesterday = () => earliestCurrentDate(new Date(Date.now() - DAY_MS));

const form = {
  title: '  Backend Engineer ',
  description: 'Event logs and projections.',
  requirements: ['TypeScript', ''],
  skills: [
    { name: 'Kafka', required: true, proficiency: 'Advanced' },
    { name: ' ', required: false, proficiency: 'Beginner' },
  ],
  company: { name: 'Acme', industry: 'Software', size: '11-50', website: 'https://acme.example' },
  location: { city: 'Berlin', state: '', country: 'Germany' },
  salary: { min: '70000', max: 90000 },
  benefits: [''],
};

describe('POST /api/jobs', () => {
  it('posts the job as parsed and answers it as the detail screen shows it', async () => {
    const grace = await signUp();
    const response = await call('POST', '/api/jobs', grace.sid, {
      ...form,
      applicationDeadline: today(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const job = Job.parse(response.json().data);
    expect(job).toMatchObject({
      title: 'Backend Engineer',
      requirements: ['TypeScript'],
      skills: [{ name: 'Kafka', required: true, proficiency: 'Advanced' }],
      benefits: [],
      jobType: 'Full-time',
      workLocation: 'Remote',
      experienceLevel: 'Mid Level',
      category: 'Technology',
      salary: { min: 70000, max: 90000, currency: 'USD' },
      applicationDeadline: today(),
      employer: { _id: grace.id, firstName: 'Grace', lastName: 'Hopper' },
      applications: [],
      status: 'open',
      closedAt: null,
      editedAt: null,
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${job._id}@1`]);
    const events = await eventsOf(job._id);
    expect(events.map((e) => e.type)).toEqual(['JobPosted']);
    expect(events[0]?.data).toMatchObject({ jobId: job._id, employerId: grace.id, postedAt: job.createdAt });
  });

  it('lets any account type post: a job seeker and an employer alike', async () => {
    const grace = await signUp();
    const ada = await signUp('Ada', 'employer');
    await postJob(grace.sid, form);
    await postJob(ada.sid, form);
  });

  it.each([
    [
      'a deadline over everywhere',
      () => ({ ...form, applicationDeadline: yesterday() }),
      jobFormMessages.deadlineInPast,
    ],
    ['a blank title', () => ({ ...form, title: '   ' }), jobFormMessages.titleRequired],
    ['a negative salary', () => ({ ...form, salary: { min: -1, max: 10 } }), jobFormMessages.salaryNegative],
    ['no salary', () => ({ ...form, salary: { min: '', max: '' } }), jobFormMessages.salaryRangeRequired],
    ['a blank city', () => ({ ...form, location: { city: ' ' } }), jobFormMessages.cityRequired],
    ['a bad job type', () => ({ ...form, jobType: 'Gig' }), jobFormMessages.jobTypeInvalid],
  ])('refuses %s with 400 and writes nothing', async (_what, body, message) => {
    const grace = await signUp();
    const before = await eventCount();
    const response = await call('POST', '/api/jobs', grace.sid, body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await eventCount()).toBe(before);
    expect(await query('SELECT id FROM {schema}.jobs WHERE employer_id = $1', [grace.id])).toEqual([]);
  });

  it('requires a session', async () => {
    const response = await call('POST', '/api/jobs', undefined, form);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authMessages.signInRequired });
  });
});

describe('POST /api/jobs/:id/close', () => {
  it('closes the job for its poster; closing again records nothing and answers the same state', async () => {
    const grace = await signUp();
    const job = await postJob(grace.sid, form);
    const closed = await call('POST', `/api/jobs/${job._id}/close`, grace.sid);
    expect(closed.statusCode, closed.body).toBe(200);
    const { data } = closed.json();
    expect(data).toEqual({ jobId: job._id, status: 'closed', closedAt: expect.any(String) });
    expect(consistencyTokenSubjects(closed.headers[CONSISTENCY_HEADER])).toEqual([`${job._id}@2`]);

    const again = await call('POST', `/api/jobs/${job._id}/close`, grace.sid);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data });
    expect(again.headers[CONSISTENCY_HEADER]).toBeUndefined();
    const events = await eventsOf(job._id);
    expect(events.map((e) => e.type)).toEqual(['JobPosted', 'JobClosed']);
    expect(events[1]?.data).toEqual({ jobId: job._id, employerId: grace.id, closedAt: data.closedAt });
  });

  it('closes once when the poster clicks twice at once', async () => {
    const grace = await signUp();
    const job = await postJob(grace.sid, form);
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', `/api/jobs/${job._id}/close`, grace.sid)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect((await eventsOf(job._id)).map((e) => e.type)).toEqual(['JobPosted', 'JobClosed']);
  });

  it('refuses anyone but the poster with 403, and writes nothing', async () => {
    const grace = await signUp();
    const alan = await signUp('Alan');
    const job = await postJob(grace.sid, form);
    const response = await call('POST', `/api/jobs/${job._id}/close`, alan.sid);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: hiringMessages.onlyPosterCloses });
    expect((await eventsOf(job._id)).map((e) => e.type)).toEqual(['JobPosted']);
  });

  it('answers 404 for an unknown or malformed job id, and 401 without a session', async () => {
    const grace = await signUp();
    for (const id of ['8d3b0a4e-5b7c-4d2e-9f10-1a2b3c4d5e6f', 'not-a-uuid']) {
      const response = await call('POST', `/api/jobs/${id}/close`, grace.sid);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: jobMessages.jobNotFound });
    }
    const job = await postJob(grace.sid, form);
    expect((await call('POST', `/api/jobs/${job._id}/close`)).statusCode).toBe(401);
  });
});

describe('PUT /api/jobs/:id', () => {
  /** The whole form again, as the Edit Job screen sends it: every field changed. */
  const editForm = {
    title: ' Staff Backend Engineer ',
    description: 'Lead the event logs.',
    requirements: ['Kafka', '  '],
    jobType: 'Contract',
    workLocation: 'Hybrid',
    experienceLevel: 'Senior Level',
    category: 'Finance',
    skills: [
      { name: 'Postgres', required: false, proficiency: 'Expert' },
      { name: '', required: true, proficiency: 'Beginner' },
    ],
    company: { name: 'Acme Labs', industry: 'Research', size: '51-200', website: '' },
    location: { city: 'Hamburg', state: 'HH', country: 'Germany' },
    salary: { min: 95000, max: '120000', currency: 'EUR' },
    benefits: ['Sabbatical', ''],
  };
  const editedCard = {
    title: 'Staff Backend Engineer',
    jobType: 'Contract',
    workLocation: 'Hybrid',
    location: { city: 'Hamburg', state: 'HH', country: 'Germany' },
    salary: { min: 95000, max: 120000, currency: 'EUR' },
    company: { name: 'Acme Labs', industry: 'Research', size: '51-200', website: '' },
  };
  const postedCard = {
    title: 'Backend Engineer',
    jobType: 'Full-time',
    workLocation: 'Remote',
    location: { city: 'Berlin', state: '', country: 'Germany' },
    salary: { min: 70000, max: 90000, currency: 'USD' },
    company: { name: 'Acme', industry: 'Software', size: '11-50', website: 'https://acme.example' },
  };

  const edit = (jobId: string, sid: string | undefined, body: unknown, key?: string) =>
    sendCommand(running().app, {
      method: 'PUT',
      url: `/api/jobs/${jobId}`,
      sid,
      body,
      headers: key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key },
    });
  const applyTo = (jobId: string, sid: string) =>
    call('POST', `/api/jobs/${jobId}/apply`, sid, { coverLetter: 'Hello', expectedSalary: null });
  const typesOf = async (streamId: string) => (await eventsOf(streamId)).map((e) => e.type);

  it('replaces the whole posting for its poster and answers the job as edited, shaped as a post', async () => {
    const grace = await signUp();
    const job = await postJob(grace.sid, form);
    const alan = await signUp('Alan');
    expect((await applyTo(job._id, alan.sid)).statusCode).toBe(201);

    const response = await edit(job._id, grace.sid, { ...editForm, applicationDeadline: today() });
    expect(response.statusCode, response.body).toBe(200);
    const edited = Job.parse(response.json().data);
    expect(edited).toEqual({
      _id: job._id,
      ...editedCard,
      description: 'Lead the event logs.',
      requirements: ['Kafka'],
      experienceLevel: 'Senior Level',
      category: 'Finance',
      skills: [{ name: 'Postgres', required: false, proficiency: 'Expert' }],
      benefits: ['Sabbatical'],
      applicationDeadline: today(),
      createdAt: job.createdAt,
      employer: { _id: grace.id, firstName: 'Grace', lastName: 'Hopper' },
      // Alan's application still stands.
      applications: [{}],
      status: 'open',
      closedAt: null,
      editedAt: expect.any(String),
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${job._id}@2`]);

    const events = await eventsOf(job._id);
    expect(events.map((e) => e.type)).toEqual(['JobPosted', 'JobEdited']);
    expect(events[1]?.data).toEqual({
      jobId: job._id,
      employerId: grace.id,
      ...editedCard,
      description: 'Lead the event logs.',
      requirements: ['Kafka'],
      experienceLevel: 'Senior Level',
      category: 'Finance',
      skills: [{ name: 'Postgres', required: false, proficiency: 'Expert' }],
      benefits: ['Sabbatical'],
      applicationDeadline: today(),
      editedAt: edited.editedAt,
    });
    expect(
      await query(
        'SELECT application_deadline::text AS deadline, listing, version FROM {schema}.jobs WHERE id = $1',
        [job._id],
      ),
    ).toEqual([{ deadline: today(), listing: editedCard, version: 2 }]);
  });

  it('records an edit that changes nothing too: the job was saved again, and says when', async () => {
    const grace = await signUp();
    const job = await postJob(grace.sid, form);
    const response = await edit(job._id, grace.sid, form);
    expect(response.statusCode, response.body).toBe(200);
    const { editedAt, ...again } = Job.parse(response.json().data);
    const { editedAt: never, ...posted } = job;
    expect([again, never]).toEqual([posted, null]);
    expect(editedAt).not.toBeNull();
    expect(await typesOf(job._id)).toEqual(['JobPosted', 'JobEdited']);
  });

  it('keeps the job an application was made to: before the edit the old card, after it the new', async () => {
    const grace = await signUp();
    const job = await postJob(grace.sid, form);
    const [alan, ada] = [await signUp('Alan'), await signUp('Ada')];
    const before = await applyTo(job._id, alan.sid);
    expect(before.statusCode, before.body).toBe(201);
    expect((await edit(job._id, grace.sid, editForm)).statusCode).toBe(200);
    const after = await applyTo(job._id, ada.sid);
    expect(after.statusCode, after.body).toBe(201);

    const [early, late] = [before, after].map((r) => Application.parse(r.json().data));
    const employer = { _id: grace.id, firstName: 'Grace', lastName: 'Hopper' };
    expect(early?.job).toEqual({ _id: job._id, ...postedCard, employer });
    expect(late?.job).toEqual({ _id: job._id, ...editedCard, employer });
    expect((await eventsOf(early?._id as string))[0]?.data).toMatchObject({ job: postedCard });
    expect((await eventsOf(late?._id as string))[0]?.data).toMatchObject({ job: editedCard });
  });

  it('orders applies racing an edit: each keeps the card of the last edit logged before it', async () => {
    const grace = await signUp();
    const job = await postJob(grace.sid, form);
    const applicants = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(`Fan${i}`)));
    const [edited, ...answers] = await Promise.all([
      edit(job._id, grace.sid, editForm),
      ...applicants.map((a) => applyTo(job._id, a.sid)),
    ]);
    expect(edited?.statusCode, edited?.body).toBe(200);
    expect(answers.map((a) => a.statusCode)).toEqual(applicants.map(() => 201));
    const rows = await query<{ position: string; type: string; job: unknown }>(
      `SELECT position, type, data->'job' AS job FROM {schema}.event_log
        WHERE (stream_id = $1 AND type = 'JobEdited')
           OR (type = 'ApplicationSubmitted' AND data->>'jobId' = $1)
        ORDER BY position`,
      [job._id],
    );
    const editAt = rows.findIndex((row) => row.type === 'JobEdited');
    expect(editAt).toBeGreaterThanOrEqual(0);
    rows.forEach((row, i) => {
      if (row.type === 'ApplicationSubmitted') expect(row.job).toEqual(i < editAt ? postedCard : editedCard);
    });
  });

  it('settles an edit racing a close in one order or the other, and the log agrees', async () => {
    for (let round = 0; round < 3; round++) {
      const grace = await signUp();
      const job = await postJob(grace.sid, form);
      const [edited, closed] = await Promise.all([
        edit(job._id, grace.sid, editForm),
        call('POST', `/api/jobs/${job._id}/close`, grace.sid),
      ]);
      expect(closed?.statusCode, closed?.body).toBe(200);
      const types = await typesOf(job._id);
      if (edited?.statusCode === 200) {
        // The edit first: the close closed the edited job.
        expect(types).toEqual(['JobPosted', 'JobEdited', 'JobClosed']);
      } else {
        expect([edited?.statusCode, edited?.json()]).toEqual([
          409,
          { message: hiringMessages.closedJobNotEditable },
        ]);
        expect(types).toEqual(['JobPosted', 'JobClosed']);
      }
      const [row] = await query<{ status: string; listing: unknown; version: number }>(
        'SELECT status, listing, version FROM {schema}.jobs WHERE id = $1',
        [job._id],
      );
      expect(row).toEqual({
        status: 'closed',
        listing: edited?.statusCode === 200 ? editedCard : postedCard,
        version: types.length,
      });
    }
  });

  it('records one edit for two tries with the same Idempotency-Key, and answers both the same', async () => {
    const grace = await signUp();
    const job = await postJob(grace.sid, form);
    const key = randomUUID();
    const first = await edit(job._id, grace.sid, editForm, key);
    const again = await edit(job._id, grace.sid, editForm, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(again.headers[CONSISTENCY_HEADER]).toBe(first.headers[CONSISTENCY_HEADER]);
    expect(await typesOf(job._id)).toEqual(['JobPosted', 'JobEdited']);
  });

  it('refuses anyone but the poster with 403, open or closed, and writes nothing', async () => {
    const grace = await signUp();
    const alan = await signUp('Alan');
    const job = await postJob(grace.sid, form);
    const refused = await edit(job._id, alan.sid, editForm);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: hiringMessages.onlyPosterEdits }]);
    expect((await call('POST', `/api/jobs/${job._id}/close`, grace.sid)).statusCode).toBe(200);
    const closed = await edit(job._id, alan.sid, editForm);
    expect([closed.statusCode, closed.json()]).toEqual([403, { message: hiringMessages.onlyPosterEdits }]);
    expect(await typesOf(job._id)).toEqual(['JobPosted', 'JobClosed']);
  });

  it('refuses to edit a closed job with 409, and writes nothing', async () => {
    const grace = await signUp();
    const job = await postJob(grace.sid, form);
    expect((await call('POST', `/api/jobs/${job._id}/close`, grace.sid)).statusCode).toBe(200);
    const before = await eventCount();
    const response = await edit(job._id, grace.sid, editForm);
    expect([response.statusCode, response.json()]).toEqual([
      409,
      { message: hiringMessages.closedJobNotEditable },
    ]);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    [
      'a deadline over everywhere',
      () => ({ ...editForm, applicationDeadline: yesterday() }),
      jobFormMessages.deadlineInPast,
    ],
    ['a blank title', () => ({ ...editForm, title: '   ' }), jobFormMessages.titleRequired],
    ['no salary', () => ({ ...editForm, salary: { min: '', max: '' } }), jobFormMessages.salaryRangeRequired],
    ['a blank city', () => ({ ...editForm, location: { city: ' ' } }), jobFormMessages.cityRequired],
    ['a bad job type', () => ({ ...editForm, jobType: 'Gig' }), jobFormMessages.jobTypeInvalid],
  ])("refuses %s with 400 and the form's words, and writes nothing", async (_what, body, message) => {
    const grace = await signUp();
    const job = await postJob(grace.sid, form);
    const before = await eventCount();
    const response = await edit(job._id, grace.sid, body());
    expect([response.statusCode, response.json()]).toEqual([400, { message }]);
    expect(await eventCount()).toBe(before);
    expect(await query('SELECT listing, version FROM {schema}.jobs WHERE id = $1', [job._id])).toEqual([
      { listing: postedCard, version: 1 },
    ]);
  });

  it('answers 404 for an unknown or malformed job id, and 401 without a session', async () => {
    const grace = await signUp();
    for (const id of ['8d3b0a4e-5b7c-4d2e-9f10-1a2b3c4d5e6f', 'not-a-uuid']) {
      const response = await edit(id, grace.sid, editForm);
      expect([response.statusCode, response.json()]).toEqual([404, { message: jobMessages.jobNotFound }]);
    }
    const job = await postJob(grace.sid, form);
    const signedOut = await edit(job._id, undefined, editForm);
    expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: authMessages.signInRequired }]);
    expect(await typesOf(job._id)).toEqual(['JobPosted']);
  });
});
