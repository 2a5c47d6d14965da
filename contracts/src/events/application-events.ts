import { z } from 'zod';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { defineEvent } from './define-event.ts';
import { exampleIds } from './example-ids.ts';

/** Events of the `application` stream (stream id = applicationId). */

export const ApplicationSubmittedData = z.strictObject({
  applicationId: Id,
  jobId: Id,
  applicantId: Id,
  /** Who posted the job, so the employer's views update without reading the job. */
  employerId: Id,
  coverLetter: z.string(),
  expectedSalary: z.number().int().nonnegative().nullable(),
  appliedAt: IsoDateTime,
});

export const applicationEvents = {
  ApplicationSubmitted: defineEvent({
    streamType: 'application',
    schemaVersion: 1,
    data: ApplicationSubmittedData,
    description: 'A user applied to a job with a cover letter. The application starts as pending.',
    example: {
      applicationId: exampleIds.application,
      jobId: exampleIds.job,
      applicantId: exampleIds.user,
      employerId: exampleIds.otherUser,
      coverLetter: 'I would love to help build your event-driven backend.',
      expectedSalary: 95000,
      appliedAt: '2025-01-16T08:15:00.000Z',
    },
  }),
} as const;
