import { z } from 'zod';
import { Job } from '../entities/job.ts';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { defineEvent } from './define-event.ts';
import { EventCompany, EventJobSkill, EventLocation, EventSalaryRange } from './event-fields.ts';
import { exampleIds } from './example-ids.ts';

/** Events of the `job` stream (stream id = jobId). */

/** The job as posted; its fields and types are the Job entity's, with strict nested parts. */
export const JobPostedData = z.strictObject({
  jobId: Id,
  employerId: Id,
  ...Job.pick({
    title: true,
    description: true,
    requirements: true,
    jobType: true,
    workLocation: true,
    experienceLevel: true,
    category: true,
    benefits: true,
    applicationDeadline: true,
  }).shape,
  skills: z.array(EventJobSkill),
  location: EventLocation,
  salary: EventSalaryRange,
  company: EventCompany,
  postedAt: IsoDateTime,
});

/**
 * The job as its poster edited it: every field of the posting (the whole form again), and when. The
 * applications already made keep the job as they were made to (ApplicationSubmitted's `job`).
 */
export const JobEditedData = z.strictObject({
  ...JobPostedData.omit({ postedAt: true }).shape,
  editedAt: IsoDateTime,
});

/** What an application card shows of the job, as it was when the application was made. */
export const EventApplicationJob = z.strictObject({
  title: JobPostedData.shape.title,
  jobType: JobPostedData.shape.jobType,
  workLocation: JobPostedData.shape.workLocation,
  location: EventLocation,
  salary: EventSalaryRange,
  company: EventCompany,
});

export const jobEvents = {
  JobPosted: defineEvent({
    streamType: 'job',
    schemaVersion: 1,
    data: JobPostedData,
    description: 'A user posted a job. Blank requirements, benefits and skills were already dropped.',
    example: {
      jobId: exampleIds.job,
      employerId: exampleIds.otherUser,
      title: 'Senior TypeScript Engineer',
      description: 'Build the event-driven backend of a careers platform.',
      requirements: ['5+ years with TypeScript', 'Experience with Kafka'],
      jobType: 'Full-time',
      workLocation: 'Hybrid',
      experienceLevel: 'Senior Level',
      category: 'Technology',
      skills: [
        { name: 'TypeScript', required: true, proficiency: 'Expert' },
        { name: 'PostgreSQL', required: false, proficiency: 'Intermediate' },
      ],
      location: { city: 'Berlin', state: '', country: 'Germany' },
      salary: { min: 85000, max: 110000, currency: 'USD' },
      company: {
        name: 'Acme Careers',
        industry: 'Software',
        size: '51-200',
        website: 'https://acme.example',
      },
      benefits: ['Remote Fridays'],
      applicationDeadline: '2025-03-31',
      postedAt: '2025-01-15T10:00:00.000Z',
    },
  }),
  JobEdited: defineEvent({
    streamType: 'job',
    schemaVersion: 1,
    data: JobEditedData,
    description:
      'The poster edited an open job: the whole posting as it now reads (blank requirements, benefits ' +
      'and skills dropped). Applications already made keep the job as they were made to.',
    example: {
      jobId: exampleIds.job,
      employerId: exampleIds.otherUser,
      title: 'Staff TypeScript Engineer',
      description: 'Lead the event-driven backend of a careers platform.',
      requirements: ['7+ years with TypeScript', 'Experience with Kafka'],
      jobType: 'Full-time',
      workLocation: 'Remote',
      experienceLevel: 'Senior Level',
      category: 'Technology',
      skills: [{ name: 'TypeScript', required: true, proficiency: 'Expert' }],
      location: { city: 'Berlin', state: '', country: 'Germany' },
      salary: { min: 95000, max: 125000, currency: 'USD' },
      company: {
        name: 'Acme Careers',
        industry: 'Software',
        size: '51-200',
        website: 'https://acme.example',
      },
      benefits: ['Remote Fridays'],
      applicationDeadline: '2025-04-30',
      editedAt: '2025-01-18T09:00:00.000Z',
    },
  }),
  JobClosed: defineEvent({
    streamType: 'job',
    schemaVersion: 1,
    data: z.strictObject({ jobId: Id, employerId: Id, closedAt: IsoDateTime }),
    description:
      'The poster closed the job: it stays visible, marked closed, and takes no more applications.',
    example: {
      jobId: exampleIds.job,
      employerId: exampleIds.otherUser,
      closedAt: '2025-02-20T17:00:00.000Z',
    },
  }),
} as const;
