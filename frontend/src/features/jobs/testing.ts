import { Application, JobApplicant } from '@careers/contracts/entities/application';
import { Job, PostedJob } from '@careers/contracts/entities/job';
import { SavedJob } from '@careers/contracts/entities/saved-job';
import { ada, jsonReply } from '../../testing/fake-api';
import { grace, minutesAgo } from '../../testing/posts';

/** Test fixtures of the jobs screens, each checked against its contract. */

export const graceEmployer = { _id: grace._id, firstName: grace.firstName, lastName: grace.lastName };
export const adaEmployer = { _id: ada._id, firstName: ada.firstName, lastName: ada.lastName };

/** A job posted by Grace, open, checked against the contract; every call gets a fresh id. */
export function aJob(fields: Partial<Job> = {}): Job {
  return Job.parse({
    _id: crypto.randomUUID(),
    title: 'Compiler Engineer',
    description: 'Build the next compiler.\nShip it.',
    requirements: ['Five years of COBOL'],
    jobType: 'Full-time',
    workLocation: 'Remote',
    experienceLevel: 'Senior Level',
    category: 'Technology',
    skills: [{ name: 'COBOL', required: true, proficiency: 'Expert' }],
    location: { city: 'Arlington', state: 'VA', country: 'USA' },
    salary: { min: 85000, max: 120000, currency: 'USD' },
    company: { name: 'Navy Labs', industry: 'Defense', size: '1000+', website: 'https://navy.example.com' },
    benefits: ['Pension'],
    applicationDeadline: null,
    createdAt: minutesAgo(60 * 24 * 3),
    employer: graceEmployer,
    applications: [],
    status: 'open',
    closedAt: null,
    editedAt: null,
    ...fields,
  });
}

export function aPostedJob(fields: Partial<PostedJob> = {}): PostedJob {
  return PostedJob.parse({
    ...aJob({ employer: adaEmployer }),
    applicationCounts: { pending: 0, accepted: 0, rejected: 0, interview: 0, withdrawn: 0 },
    ...fields,
  });
}

/** Ada's application to `job` (Grace's by default). */
export function anApplication(fields: Partial<Application> = {}, job: Job = aJob()): Application {
  return Application.parse({
    _id: crypto.randomUUID(),
    job,
    jobEditedSince: false,
    status: 'pending',
    appliedAt: minutesAgo(5),
    coverLetter: 'I would love to build compilers with you.',
    expectedSalary: 90000,
    ...fields,
  });
}

/** Grace's application to one of Ada's jobs, as Ada (the poster) sees it. */
export function anApplicant(jobId: string, fields: Partial<JobApplicant> = {}): JobApplicant {
  const appliedAt = fields.appliedAt ?? minutesAgo(30);
  return JobApplicant.parse({
    _id: crypto.randomUUID(),
    jobId,
    applicant: grace,
    status: 'pending',
    appliedAt,
    coverLetter: 'I wrote the first compiler.',
    expectedSalary: 120000,
    resume: null,
    history: [{ status: 'pending', at: appliedAt }],
    ...fields,
  });
}

/** Where the reader's saved jobs are read (GET). */
export const savedJobsUrl = '/api/jobs/my/saved';

/** `job` on Ada's saved list, saved `savedAt` (five minutes ago unless told). */
export function aSavedJob(job: Job = aJob(), savedAt: string = minutesAgo(5)): SavedJob {
  return SavedJob.parse({ job, savedAt });
}

/** GET /api/jobs' answer: one page of `jobs`. */
export function jobsReply(
  jobs: Job[],
  page: { currentPage: number; totalPages: number; totalJobs?: number } = { currentPage: 1, totalPages: 1 },
): Response {
  return jsonReply(200, {
    data: jobs,
    pagination: {
      currentPage: page.currentPage,
      totalPages: page.totalPages,
      totalJobs: page.totalJobs ?? jobs.length,
      hasNext: page.currentPage < page.totalPages,
      hasPrev: page.currentPage > 1,
    },
  });
}

export function dataReply(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonReply(status, { data }, headers);
}
