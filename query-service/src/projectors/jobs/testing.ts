import { randomUUID } from 'node:crypto';
import type { EventDataInput } from '@careers/contracts/events/catalogue';

type JobPostedData = EventDataInput<'JobPosted'>;

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
