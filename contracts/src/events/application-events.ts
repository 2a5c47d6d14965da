import { z } from 'zod';
import { ApplicationStatus, EmployerApplicationStatus } from '../entities/enums.ts';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { defineEvent } from './define-event.ts';
import { exampleIds } from './example-ids.ts';
import { EventApplicationJob } from './job-events.ts';
import { sealedV1 } from './sealed-v1.ts';

/** Events of the `application` stream (stream id = applicationId). */

export const ApplicationSubmittedData = z.strictObject({
  applicationId: Id,
  jobId: Id,
  applicantId: Id,
  /** Who posted the job, so the employer's views update without reading the job. */
  employerId: Id,
  coverLetter: z.string(),
  expectedSalary: z.number().int().nonnegative().nullable(),
  /**
   * The resume the applicant had when applying, kept with the application: the command-service copies
   * it under this new id, so it survives a later replace or removal. Null without one (and on events
   * written before resumes existed).
   */
  resume: z
    .strictObject({ resumeId: Id, filename: z.string().min(1), size: z.number().int().nonnegative() })
    .nullable()
    .default(null),
  /**
   * The job as the applicant saw it when applying (its card's fields), kept with the application so a
   * later JobEdited does not change what they applied to. Null on events written before jobs could be
   * edited: their job was never edited before them.
   */
  job: EventApplicationJob.nullable().default(null),
  appliedAt: IsoDateTime,
});

/** Who an application concerns, on every event of its stream, so no consumer has to look it up. */
const applicationParties = {
  applicationId: Id,
  jobId: Id,
  applicantId: Id,
  employerId: Id,
};

export const ApplicationStatusChangedData = z.strictObject({
  ...applicationParties,
  from: ApplicationStatus,
  to: EmployerApplicationStatus,
  changedAt: IsoDateTime,
});

export const ApplicationWithdrawnData = z.strictObject({
  ...applicationParties,
  from: ApplicationStatus,
  withdrawnAt: IsoDateTime,
});

export const applicationEvents = {
  ApplicationSubmitted: defineEvent({
    streamType: 'application',
    schemaVersion: 2,
    data: ApplicationSubmittedData,
    personalData: {
      subject: 'applicantId',
      erased: { coverLetter: () => '', expectedSalary: () => null, resume: () => null },
    },
    // Version 1 is frozen as it was written: `job` came later, into version 2 (null on older events).
    previousVersions: [
      {
        ...sealedV1(ApplicationSubmittedData.omit({ job: true })),
        example: {
          applicationId: exampleIds.application,
          jobId: exampleIds.job,
          applicantId: exampleIds.user,
          employerId: exampleIds.otherUser,
          coverLetter: 'I would love to help build your event-driven backend.',
          expectedSalary: 95000,
          resume: { resumeId: exampleIds.resume, filename: 'ada-lovelace-resume.pdf', size: 183402 },
          appliedAt: '2025-01-16T08:15:00.000Z',
        },
      },
    ],
    description: 'A user applied to a job with a cover letter. The application starts as pending.',
    example: {
      applicationId: exampleIds.application,
      jobId: exampleIds.job,
      applicantId: exampleIds.user,
      employerId: exampleIds.otherUser,
      coverLetter: 'I would love to help build your event-driven backend.',
      expectedSalary: 95000,
      resume: { resumeId: exampleIds.resume, filename: 'ada-lovelace-resume.pdf', size: 183402 },
      job: {
        title: 'Senior TypeScript Engineer',
        jobType: 'Full-time',
        workLocation: 'Hybrid',
        location: { city: 'Berlin', state: '', country: 'Germany' },
        salary: { min: 85000, max: 110000, currency: 'USD' },
        company: {
          name: 'Acme Careers',
          industry: 'Software',
          size: '51-200',
          website: 'https://acme.example',
        },
      },
      appliedAt: '2025-01-16T08:15:00.000Z',
    },
  }),
  ApplicationStatusChanged: defineEvent({
    streamType: 'application',
    schemaVersion: 1,
    data: ApplicationStatusChangedData,
    description:
      "The job's poster moved the application: pending to interview, accepted or rejected, or interview to accepted or rejected.",
    example: {
      applicationId: exampleIds.application,
      jobId: exampleIds.job,
      applicantId: exampleIds.user,
      employerId: exampleIds.otherUser,
      from: 'pending',
      to: 'interview',
      changedAt: '2025-01-20T09:30:00.000Z',
    },
  }),
  ApplicationWithdrawn: defineEvent({
    streamType: 'application',
    schemaVersion: 1,
    data: ApplicationWithdrawnData,
    description: 'The applicant took back a pending or interview application.',
    example: {
      applicationId: exampleIds.application,
      jobId: exampleIds.job,
      applicantId: exampleIds.user,
      employerId: exampleIds.otherUser,
      from: 'interview',
      withdrawnAt: '2025-01-22T14:00:00.000Z',
    },
  }),
} as const;
