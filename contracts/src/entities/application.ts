import { z } from 'zod';
import { ApplicationStatus } from './enums.ts';
import { Job } from './job.ts';
import { AuthorSummary } from './person-summary.ts';
import { Id, IsoDateTime } from './scalars.ts';
import { ResumeFile } from './uploaded-files.ts';

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
  /**
   * The job as it was when the person applied (title, type, place, salary, company; the poster as now):
   * a later edit by the poster does not change what they applied to.
   */
  job: ApplicationJob,
  /** Not in the spec: the poster edited the job after this application (its page shows it as now). */
  jobEditedSince: z.boolean(),
  status: ApplicationStatus,
  appliedAt: IsoDateTime,
  coverLetter: z.string(),
  /** A whole number, or null when the applicant left it empty. */
  expectedSalary: z.number().int().nullable(),
});
export type Application = z.infer<typeof Application>;

/** One step of an application's life: the status it entered, and when. */
export const ApplicationStatusEntry = z.object({
  status: ApplicationStatus,
  at: IsoDateTime,
});
export type ApplicationStatusEntry = z.infer<typeof ApplicationStatusEntry>;

/**
 * An application as the job's poster sees it (beyond the spec): who applied, their letter and
 * salary, and every status it went through, oldest first.
 */
export const JobApplicant = z.object({
  _id: Id,
  jobId: Id,
  applicant: AuthorSummary,
  status: ApplicationStatus,
  appliedAt: IsoDateTime,
  coverLetter: z.string(),
  expectedSalary: z.number().int().nullable(),
  /** The resume sent with the application (its own copy), or null when the applicant had none. */
  resume: ResumeFile.nullable(),
  history: z.array(ApplicationStatusEntry),
});
export type JobApplicant = z.infer<typeof JobApplicant>;

/** What a status change answers: the application's status after it. */
export const ApplicationStatusState = z.object({
  applicationId: Id,
  jobId: Id,
  status: ApplicationStatus,
});
export type ApplicationStatusState = z.infer<typeof ApplicationStatusState>;
