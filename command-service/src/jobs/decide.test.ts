import { hiringMessages, jobFormMessages } from '@careers/contracts/messages';
import { CreateJobRequest } from '@careers/contracts/requests/create-job';
import { describe, expect, it } from 'vitest';
import { given } from '../pipeline/testing.ts';
import {
  deadlinePassed,
  decideCloseJob,
  decidePostJob,
  evolveJob,
  foldJob,
  type JobState,
  unpostedJob,
} from './decide.ts';

/** 03:00 UTC: still 2026-04-01 at UTC-12, already 2026-04-02 in most of the world. */
const now = new Date('2026-04-02T03:00:00.000Z');
const poster = '11111111-1111-4111-8111-111111111111';
const someoneElse = '22222222-2222-4222-8222-222222222222';
const jobId = '33333333-3333-4333-8333-333333333333';

const request = CreateJobRequest.parse({
  title: 'Backend Engineer',
  description: 'Event logs and projections.',
  requirements: ['TypeScript', ''],
  skills: [{ name: 'Kafka', required: true, proficiency: 'Advanced' }],
  company: { name: 'Acme', industry: 'Software', size: '11-50', website: 'https://acme.example' },
  location: { city: 'Berlin', state: '', country: 'Germany' },
  salary: { min: 70000, max: 90000 },
  benefits: ['Remote Fridays'],
  applicationDeadline: '2026-04-30',
});

const listing = {
  title: 'Backend Engineer',
  jobType: 'Full-time',
  workLocation: 'Remote',
  location: { city: 'Berlin', state: '', country: 'Germany' },
  salary: { min: 70000, max: 90000, currency: 'USD' },
  company: { name: 'Acme', industry: 'Software', size: '11-50', website: 'https://acme.example' },
} as const;

const openJob: JobState = {
  id: jobId,
  employerId: poster,
  status: 'open',
  applicationDeadline: '2026-04-30',
  closedAt: null,
  listing,
  version: 1,
};

const post = (applicationDeadline: string | null) =>
  decidePostJob({ jobId, employerId: poster, request: { ...request, applicationDeadline }, now });

describe('post a job', () => {
  it('records JobPosted with the request as parsed, by any signed-in user', () => {
    const [event] = given(unpostedJob(jobId, poster, request))
      .when(() => decidePostJob({ jobId, employerId: poster, request, now }))
      .thenRecords([
        {
          type: 'JobPosted',
          data: {
            jobId,
            employerId: poster,
            title: 'Backend Engineer',
            description: 'Event logs and projections.',
            requirements: ['TypeScript'],
            jobType: 'Full-time',
            workLocation: 'Remote',
            experienceLevel: 'Mid Level',
            category: 'Technology',
            skills: [{ name: 'Kafka', required: true, proficiency: 'Advanced' }],
            location: listing.location,
            salary: listing.salary,
            company: listing.company,
            benefits: ['Remote Fridays'],
            applicationDeadline: '2026-04-30',
            postedAt: now.toISOString(),
          },
        },
      ]);
    expect(foldJob(unpostedJob(jobId, poster, request), event ? [event] : [])).toEqual(openJob);
  });

  it('takes no deadline, and a deadline that is still today somewhere on Earth', () => {
    given(null)
      .when(() => post(null))
      .thenRecords([expect.objectContaining({ type: 'JobPosted' })]);
    // At 03:00 UTC it is still 2026-04-01 at UTC-12: that day has not ended everywhere.
    for (const deadline of ['2026-04-01', '2026-04-02']) {
      const decision = post(deadline);
      expect(Array.isArray(decision) && decision[0]?.data.applicationDeadline).toBe(deadline);
    }
  });

  it('refuses a deadline that is over everywhere', () => {
    given(null)
      .when(() => post('2026-03-31'))
      .thenRefuses('invalid', jobFormMessages.deadlineInPast);
    given(null)
      .when(() => post('2025-12-31'))
      .thenRefuses('invalid', jobFormMessages.deadlineInPast);
  });
});

describe('a deadline day', () => {
  it('counts until it has ended at UTC-12', () => {
    expect(deadlinePassed(null, now)).toBe(false);
    expect(deadlinePassed('2026-04-01', new Date('2026-04-02T11:59:59.999Z'))).toBe(false);
    expect(deadlinePassed('2026-04-01', new Date('2026-04-02T12:00:00.000Z'))).toBe(true);
  });
});

describe('close a job', () => {
  it('records JobClosed when its poster closes it', () => {
    const [event] = given(openJob)
      .when((job) => decideCloseJob({ job, actorId: poster, now }))
      .thenRecords([{ type: 'JobClosed', data: { jobId, employerId: poster, closedAt: now.toISOString() } }]);
    expect(evolveJob(openJob, event as NonNullable<typeof event>)).toEqual({
      ...openJob,
      status: 'closed',
      closedAt: now.toISOString(),
      version: 2,
    });
  });

  it('records nothing when the job is closed already', () => {
    given({ ...openJob, status: 'closed' as const, closedAt: '2026-04-01T10:00:00.000Z', version: 2 })
      .when((job) => decideCloseJob({ job, actorId: poster, now }))
      .thenRecordsNothing();
  });

  it('refuses anyone but the poster, open or closed', () => {
    given(openJob)
      .when((job) => decideCloseJob({ job, actorId: someoneElse, now }))
      .thenRefuses('forbidden', hiringMessages.onlyPosterCloses);
    given({ ...openJob, status: 'closed' as const, closedAt: '2026-04-01T10:00:00.000Z' })
      .when((job) => decideCloseJob({ job, actorId: someoneElse, now }))
      .thenRefuses('forbidden', hiringMessages.onlyPosterCloses);
  });
});
