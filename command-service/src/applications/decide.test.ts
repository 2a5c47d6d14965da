import { applicationStatuses, employerApplicationStatuses } from '@careers/contracts/constants';
import { applyMessages, hiringMessages } from '@careers/contracts/messages';
import { canMoveTo, canWithdrawFrom } from '@careers/contracts/policies/application-access';
import { describe, expect, it } from 'vitest';
import type { JobState } from '../jobs/decide.ts';
import { given } from '../pipeline/testing.ts';
import {
  type ApplicationState,
  decideApply,
  decideMoveApplication,
  decideWithdrawApplication,
  foldApplication,
  unsubmittedApplication,
} from './decide.ts';

/** 03:00 UTC: still 2026-04-01 at UTC-12. */
const now = new Date('2026-04-02T03:00:00.000Z');
const poster = '11111111-1111-4111-8111-111111111111';
const applicant = '22222222-2222-4222-8222-222222222222';
const someoneElse = '44444444-4444-4444-8444-444444444444';
const jobId = '33333333-3333-4333-8333-333333333333';
const applicationId = '55555555-5555-4555-8555-555555555555';
const resumeCopyId = '66666666-6666-4666-8666-666666666666';

const job: JobState = {
  id: jobId,
  employerId: poster,
  status: 'open',
  applicationDeadline: '2026-04-30',
  closedAt: null,
  listing: {
    title: 'Backend Engineer',
    jobType: 'Full-time',
    workLocation: 'Remote',
    location: { city: 'Berlin', state: '', country: 'Germany' },
    salary: { min: 70000, max: 90000, currency: 'USD' },
    company: { name: 'Acme', industry: 'Software', size: null, website: '' },
  },
  version: 1,
};

const request = { coverLetter: 'I build event logs.', expectedSalary: 80000, resume: 'profile' as const };
const parties = { applicationId, jobId, applicantId: applicant, employerId: poster };

const application = (status: ApplicationState['status']): ApplicationState => ({
  id: applicationId,
  jobId,
  applicantId: applicant,
  employerId: poster,
  status,
  resumeId: null,
  version: 3,
});

const apply = (overrides: Partial<Parameters<typeof decideApply>[0]> = {}) =>
  decideApply({
    job,
    applicationId,
    applicantId: applicant,
    alreadyApplied: false,
    request,
    resume: null,
    now,
    ...overrides,
  });

describe('apply to a job', () => {
  it('records ApplicationSubmitted with both parties; the application starts pending', () => {
    const events = given(job)
      .when(() => apply())
      .thenRecords([
        {
          type: 'ApplicationSubmitted',
          data: { ...parties, ...request, resume: null, job: job.listing, appliedAt: now.toISOString() },
        },
      ]);
    expect(foldApplication(unsubmittedApplication(applicationId, job, applicant), events)).toEqual({
      id: applicationId,
      jobId,
      applicantId: applicant,
      employerId: poster,
      status: 'pending',
      resumeId: null,
      version: 1,
    });
  });

  it("keeps the applicant's resume copy with the application", () => {
    const resume = { resumeId: resumeCopyId, filename: 'ada-cv.pdf', size: 18342 };
    const events = given(job)
      .when(() => apply({ resume }))
      .thenRecords([
        {
          type: 'ApplicationSubmitted',
          data: { ...parties, ...request, resume, job: job.listing, appliedAt: now.toISOString() },
        },
      ]);
    expect(foldApplication(unsubmittedApplication(applicationId, job, applicant), events)).toMatchObject({
      resumeId: resumeCopyId,
      status: 'pending',
    });
  });

  it("keeps the resume uploaded for the application, under the upload's id", () => {
    const uploaded = { resumeId: resumeCopyId, filename: 'cv-for-acme.pdf', size: 2048 };
    const uploadRequest = { ...request, resume: { uploadId: resumeCopyId } };
    given(job)
      .when(() => apply({ request: uploadRequest, resume: uploaded }))
      .thenRecords([
        {
          type: 'ApplicationSubmitted',
          data: {
            ...parties,
            coverLetter: request.coverLetter,
            expectedSalary: request.expectedSalary,
            resume: uploaded,
            job: job.listing,
            appliedAt: now.toISOString(),
          },
        },
      ]);
  });

  it('refuses an upload that was not there to take, after the refusals about the job', () => {
    const uploadRequest = { ...request, resume: { uploadId: resumeCopyId } };
    given(job)
      .when(() => apply({ request: uploadRequest, resumeUploadMissing: true }))
      .thenRefuses('invalid', applyMessages.resumeUploadNotFound);
    given(job)
      .when(() => apply({ request: uploadRequest, resumeUploadMissing: true, alreadyApplied: true }))
      .thenRefuses('conflict', applyMessages.alreadyApplied);
  });

  it('takes an application with no expected salary, to a job with no deadline', () => {
    given({ ...job, applicationDeadline: null })
      .when((j) => apply({ job: j, request: { coverLetter: 'Hi', expectedSalary: null, resume: 'none' } }))
      .thenRecords([
        {
          type: 'ApplicationSubmitted',
          data: {
            ...parties,
            coverLetter: 'Hi',
            expectedSalary: null,
            resume: null,
            job: job.listing,
            appliedAt: now.toISOString(),
          },
        },
      ]);
  });

  it('refuses the job its applicant posted', () => {
    given(job)
      .when((j) => apply({ job: j, applicantId: poster }))
      .thenRefuses('invalid', hiringMessages.cannotApplyToOwnJob);
  });

  it('refuses a closed job', () => {
    given({ ...job, status: 'closed' as const, closedAt: '2026-04-01T09:00:00.000Z' })
      .when((j) => apply({ job: j }))
      .thenRefuses('conflict', hiringMessages.jobClosed);
  });

  it('takes applications on the deadline day, and refuses them once it is over everywhere', () => {
    // At 03:00 UTC the 1st of April still runs at UTC-12.
    given({ ...job, applicationDeadline: '2026-04-01' })
      .when((j) => apply({ job: j }))
      .thenRecords([expect.objectContaining({ type: 'ApplicationSubmitted' })]);
    given({ ...job, applicationDeadline: '2026-03-31' })
      .when((j) => apply({ job: j }))
      .thenRefuses('conflict', applyMessages.deadlinePassed);
    given({ ...job, applicationDeadline: '2026-04-01' })
      .when((j) => apply({ job: j, now: new Date('2026-04-02T12:00:00.000Z') }))
      .thenRefuses('conflict', applyMessages.deadlinePassed);
  });

  it('refuses a second application by the same person', () => {
    given(job)
      .when(() => apply({ alreadyApplied: true }))
      .thenRefuses('conflict', applyMessages.alreadyApplied);
  });

  it('tells a closed job before a passed deadline, and both before "already applied"', () => {
    const closedLate = {
      ...job,
      status: 'closed' as const,
      closedAt: now.toISOString(),
      applicationDeadline: '2026-01-01',
    };
    given(closedLate)
      .when((j) => apply({ job: j, alreadyApplied: true }))
      .thenRefuses('conflict', hiringMessages.jobClosed);
    given({ ...job, applicationDeadline: '2026-01-01' })
      .when((j) => apply({ job: j, alreadyApplied: true }))
      .thenRefuses('conflict', applyMessages.deadlinePassed);
  });
});

describe('move an application', () => {
  it('records ApplicationStatusChanged for the poster along every allowed move', () => {
    for (const from of applicationStatuses) {
      for (const to of employerApplicationStatuses) {
        const decision = given(application(from)).when((a) =>
          decideMoveApplication({ application: a, actorId: poster, to, now }),
        );
        if (canMoveTo(from, to)) {
          const events = decision.thenRecords([
            {
              type: 'ApplicationStatusChanged',
              data: { ...parties, from, to, changedAt: now.toISOString() },
            },
          ]);
          expect(foldApplication(application(from), events)).toMatchObject({ status: to, version: 4 });
        } else {
          decision.thenRefuses('conflict', hiringMessages.cannotMove(from, to));
        }
      }
    }
  });

  it('pending to interview, then accepted; accepted is final', () => {
    given(application('pending'))
      .when((a) => decideMoveApplication({ application: a, actorId: poster, to: 'interview', now }))
      .thenRecords([
        {
          type: 'ApplicationStatusChanged',
          data: { ...parties, from: 'pending', to: 'interview', changedAt: now.toISOString() },
        },
      ]);
    given(application('accepted'))
      .when((a) => decideMoveApplication({ application: a, actorId: poster, to: 'rejected', now }))
      .thenRefuses('conflict', 'An application that is accepted cannot be moved to rejected');
  });

  it('refuses the applicant (403) and hides the application from anyone else (404)', () => {
    given(application('pending'))
      .when((a) => decideMoveApplication({ application: a, actorId: applicant, to: 'accepted', now }))
      .thenRefuses('forbidden', hiringMessages.onlyPosterMoves);
    given(application('pending'))
      .when((a) => decideMoveApplication({ application: a, actorId: someoneElse, to: 'accepted', now }))
      .thenRefuses('not found', hiringMessages.applicationNotFound);
  });

  it('asks who acts before where it goes: a stranger learns nothing of the status', () => {
    given(application('withdrawn'))
      .when((a) => decideMoveApplication({ application: a, actorId: someoneElse, to: 'accepted', now }))
      .thenRefuses('not found', hiringMessages.applicationNotFound);
    given(application('withdrawn'))
      .when((a) => decideMoveApplication({ application: a, actorId: applicant, to: 'accepted', now }))
      .thenRefuses('forbidden', hiringMessages.onlyPosterMoves);
  });
});

describe('withdraw an application', () => {
  it('records ApplicationWithdrawn for the applicant from pending or interview, and nothing else', () => {
    for (const from of applicationStatuses) {
      const decision = given(application(from)).when((a) =>
        decideWithdrawApplication({ application: a, actorId: applicant, now }),
      );
      if (canWithdrawFrom(from)) {
        const events = decision.thenRecords([
          { type: 'ApplicationWithdrawn', data: { ...parties, from, withdrawnAt: now.toISOString() } },
        ]);
        expect(foldApplication(application(from), events)).toMatchObject({ status: 'withdrawn', version: 4 });
      } else {
        decision.thenRefuses('conflict', hiringMessages.cannotWithdraw(from));
      }
    }
    expect(applicationStatuses.filter(canWithdrawFrom)).toEqual(['pending', 'interview']);
  });

  it('refuses the poster (403) and hides the application from anyone else (404)', () => {
    given(application('pending'))
      .when((a) => decideWithdrawApplication({ application: a, actorId: poster, now }))
      .thenRefuses('forbidden', hiringMessages.onlyApplicantWithdraws);
    given(application('pending'))
      .when((a) => decideWithdrawApplication({ application: a, actorId: someoneElse, now }))
      .thenRefuses('not found', hiringMessages.applicationNotFound);
  });
});
