import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { Job } from '@careers/contracts/entities/job';
import { authMessages, hiringMessages, jobFormMessages, jobMessages } from '@careers/contracts/messages';
import { earliestCurrentDate } from '@careers/contracts/requests/create-job';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { hiringTestbed } from './testing.ts';

const { call, query, signUp, postJob, eventsOf, eventCount } = hiringTestbed(testNamespace('job-routes'));

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
