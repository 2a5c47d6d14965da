import { z } from 'zod';
import { ApplicationStatus } from './enums.ts';
import { Job } from './job.ts';
import { Id, IsoDateTime } from './scalars.ts';

/** The part of a job an application card shows: title, jobType, employer, location and salary. */
export const ApplicationJob = Job.pick({
  _id: true,
  title: true,
  jobType: true,
  workLocation: true,
  location: true,
  salary: true,
  company: true,
  employer: true,
});
export type ApplicationJob = z.infer<typeof ApplicationJob>;

export const Application = z.object({
  _id: Id,
  job: ApplicationJob,
  status: ApplicationStatus,
  appliedAt: IsoDateTime,
  coverLetter: z.string(),
  /** A whole number, or null when the applicant left it empty. */
  expectedSalary: z.number().int().nullable(),
});
export type Application = z.infer<typeof Application>;
