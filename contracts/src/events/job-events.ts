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
