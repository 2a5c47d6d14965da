import { applyMessages, hiringMessages, jobFormMessages } from '@careers/contracts/messages';
import { CreateJobRequest } from '@careers/contracts/requests/create-job';
import { describe, expect, it } from 'vitest';
import { decideApply } from '../applications/decide.ts';
import { given } from '../pipeline/testing.ts';
import {
  deadlinePassed,
  decideCloseJob,
  decideEditJob,
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

describe('edit a job', () => {
  /** The whole form again: another title, place, salary, company, deadline, skills and lists. */
  const edited = CreateJobRequest.parse({
    title: 'Staff Backend Engineer',
    description: 'Lead the event logs.',
    requirements: ['Kafka', ' '],
    jobType: 'Contract',
    workLocation: 'Hybrid',
    experienceLevel: 'Senior Level',
    category: 'Finance',
    skills: [{ name: 'Postgres', required: false, proficiency: 'Expert' }, { name: '' }],
    company: { name: 'Acme Labs', industry: 'Research', size: '51-200', website: '' },
    location: { city: 'Hamburg', state: 'HH', country: 'Germany' },
    salary: { min: 95000, max: 120000, currency: 'EUR' },
    benefits: [],
    applicationDeadline: '2026-05-15',
  });
  const editedListing = {
    title: 'Staff Backend Engineer',
    jobType: 'Contract',
    workLocation: 'Hybrid',
    location: { city: 'Hamburg', state: 'HH', country: 'Germany' },
    salary: { min: 95000, max: 120000, currency: 'EUR' },
    company: { name: 'Acme Labs', industry: 'Research', size: '51-200', website: '' },
  } as const;
  const edit = (job: JobState, actorId = poster, changes: Partial<CreateJobRequest> = {}) =>
    decideEditJob({ job, actorId, request: { ...edited, ...changes }, now });
  const recorded = (decision: ReturnType<typeof decideEditJob>) => {
    if (!Array.isArray(decision)) throw decision;
    return decision;
  };
  const closedJob: JobState = {
    ...openJob,
    status: 'closed',
    closedAt: '2026-04-01T10:00:00.000Z',
    version: 2,
  };

  it("records JobEdited with the whole posting as parsed and when, for the job's poster", () => {
    const events = given(openJob)
      .when((job) => edit(job))
      .thenRecords([
        {
          type: 'JobEdited',
          data: {
            jobId,
            employerId: poster,
            title: 'Staff Backend Engineer',
            description: 'Lead the event logs.',
            requirements: ['Kafka'],
            jobType: 'Contract',
            workLocation: 'Hybrid',
            experienceLevel: 'Senior Level',
            category: 'Finance',
            skills: [{ name: 'Postgres', required: false, proficiency: 'Expert' }],
            location: editedListing.location,
            salary: editedListing.salary,
            company: editedListing.company,
            benefits: [],
            applicationDeadline: '2026-05-15',
            editedAt: now.toISOString(),
          },
        },
      ]);
    expect(foldJob(openJob, events)).toEqual({
      ...openJob,
      applicationDeadline: '2026-05-15',
      listing: editedListing,
      version: 2,
    });
  });

  it('records an edit that changes nothing, too (the poster saved the form)', () => {
    given(openJob)
      .when((job) => edit(job, poster, request))
      .thenRecords([
        expect.objectContaining({
          type: 'JobEdited',
          data: expect.objectContaining({ title: request.title, editedAt: now.toISOString() }),
        }),
      ]);
  });

  it('refuses anyone but the poster, open or closed', () => {
    for (const job of [openJob, closedJob]) {
      given(job)
        .when((j) => edit(j, someoneElse))
        .thenRefuses('forbidden', hiringMessages.onlyPosterEdits);
    }
  });

  it('refuses a closed job', () => {
    given(closedJob)
      .when((job) => edit(job))
      .thenRefuses('conflict', hiringMessages.closedJobNotEditable);
  });

  it('holds the deadline to the rule of posting: refused once over everywhere, not before', () => {
    given(openJob)
      .when((job) => edit(job, poster, { applicationDeadline: '2026-03-31' }))
      .thenRefuses('invalid', jobFormMessages.deadlineInPast);
    for (const applicationDeadline of [null, '2026-04-01']) {
      given(openJob)
        .when((job) => edit(job, poster, { applicationDeadline }))
        .thenRecords([expect.objectContaining({ data: expect.objectContaining({ applicationDeadline }) })]);
    }
  });

  it('leaves a job that a later apply snapshots as edited, and holds to the edited deadline', () => {
    const applicant = '44444444-4444-4444-8444-444444444444';
    const applicationId = '55555555-5555-4555-8555-555555555555';
    const applyAt = (job: JobState, at: Date) =>
      decideApply({
        job,
        applicationId,
        applicantId: applicant,
        alreadyApplied: false,
        request: { coverLetter: 'Hi', expectedSalary: null, resume: 'none' },
        resume: null,
        now: at,
      });
    const before = applyAt(openJob, now);
    expect(Array.isArray(before) && before[0]?.data).toMatchObject({ job: listing });

    const after = foldJob(openJob, recorded(edit(openJob)));
    const applied = applyAt(after, now);
    expect(Array.isArray(applied) && applied[0]?.data).toMatchObject({ job: editedListing });

    // The old deadline (2026-04-30) is over everywhere on 2026-05-02; the edited one (05-15) is not.
    const lateInApril = new Date('2026-05-02T12:00:00.000Z');
    given(openJob)
      .when((job) => applyAt(job, lateInApril))
      .thenRefuses('conflict', applyMessages.deadlinePassed);
    given(after)
      .when((job) => applyAt(job, lateInApril))
      .thenRecords([expect.objectContaining({ type: 'ApplicationSubmitted' })]);
    const shortened = foldJob(
      openJob,
      recorded(edit(openJob, poster, { applicationDeadline: '2026-04-10' })),
    );
    given(shortened)
      .when((job) => applyAt(job, new Date('2026-04-20T12:00:00.000Z')))
      .thenRefuses('conflict', applyMessages.deadlinePassed);
  });
});
