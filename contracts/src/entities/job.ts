import { z } from 'zod';
import {
  ApplicationStatus,
  CompanySize,
  ExperienceLevel,
  JobCategory,
  JobStatus,
  JobType,
  WorkLocation,
} from './enums.ts';
import { JobSkill } from './job-skill.ts';
import { Location } from './location.ts';
import { SalaryRange } from './salary-range.ts';
import { Id, IsoDate, IsoDateTime } from './scalars.ts';

export const Company = z.object({
  name: z.string(),
  industry: z.string(),
  size: CompanySize.nullable(),
  /** A http(s) URL, or an empty string when not given. */
  website: z.string(),
});
export type Company = z.infer<typeof Company>;

/** Who posted the job; cards show the company name or else the employer's name. */
export const JobEmployer = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
});
export type JobEmployer = z.infer<typeof JobEmployer>;

/**
 * One standing application as every reader of a job sees it: nothing of it, not even its id (issue
 * 55, finding 9), so the list says "{n} applied" and no more. Its poster reads the applications
 * themselves from GET /jobs/{id}/applications.
 */
export const JobApplicationRef = z.strictObject({});
export type JobApplicationRef = z.infer<typeof JobApplicationRef>;

export const Job = z.object({
  _id: Id,
  title: z.string(),
  description: z.string(),
  requirements: z.array(z.string()),
  jobType: JobType,
  workLocation: WorkLocation,
  experienceLevel: ExperienceLevel,
  category: JobCategory,
  skills: z.array(JobSkill),
  location: Location,
  salary: SalaryRange,
  company: Company,
  benefits: z.array(z.string()),
  applicationDeadline: IsoDate.nullable(),
  createdAt: IsoDateTime,
  employer: JobEmployer,
  applications: z.array(JobApplicationRef),
  /** Not in the spec: a closed job stays visible, marked closed, and takes no applications. */
  status: JobStatus,
  closedAt: IsoDateTime.nullable(),
  /** Not in the spec: when its poster last edited the job (PUT /jobs/{id}), null if never. */
  editedAt: IsoDateTime.nullable(),
});
export type Job = z.infer<typeof Job>;

/** How many of a job's applications are in each status (the poster's view). */
export const ApplicationCounts = z.record(ApplicationStatus, z.number().int().nonnegative());
export type ApplicationCounts = z.infer<typeof ApplicationCounts>;

/** A job on its poster's "My Posted Jobs": the job and its applicants counted per status. */
export const PostedJob = Job.extend({ applicationCounts: ApplicationCounts });
export type PostedJob = z.infer<typeof PostedJob>;
