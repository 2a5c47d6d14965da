import { randomUUID } from 'node:crypto';
import type { EventDataInput } from '@careers/contracts/events/catalogue';

type JobPostedData = EventDataInput<'JobPosted'>;
type JobEditedData = EventDataInput<'JobEdited'>;

/** A JobPosted payload with plain defaults; a test names only what it is about. */
export function jobPostedData(overrides: Partial<JobPostedData> = {}): JobPostedData {
  return {
    jobId: randomUUID(),
    employerId: randomUUID(),
    title: 'Software Engineer',
    description: 'Build and run the services behind the product.',
    requirements: [],
    jobType: 'Full-time',
    workLocation: 'Remote',
    experienceLevel: 'Mid Level',
    category: 'Technology',
    skills: [],
    location: { city: 'Berlin', state: '', country: 'Germany' },
    salary: { min: 50000, max: 70000, currency: 'USD' },
    company: { name: 'Acme', industry: 'Software', size: '11-50', website: '' },
    benefits: [],
    applicationDeadline: null,
    postedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * A JobEdited payload for the job `posted`: its posting as it was (the whole form sent again), with
 * `overrides` changed, edited at `editedAt`.
 */
export function jobEditedData(
  posted: JobPostedData,
  editedAt: string,
  overrides: Partial<Omit<JobEditedData, 'jobId' | 'employerId' | 'editedAt'>> = {},
): JobEditedData {
  const { postedAt: _postedAt, ...posting } = posted;
  return { ...posting, ...overrides, editedAt };
}
