import type { Job } from '@careers/contracts/entities/job';
import type { JobEditedData } from '@careers/contracts/events/job-events';
import type { z } from 'zod';

/** A job's row as the jobs read model's queries read it (`jobColumns`), and the Job it makes. */

export interface JobRow {
  id: string;
  employer_id: string;
  title: string;
  description: string;
  // Only values that passed the event schemas reach these columns.
  requirements: Job['requirements'];
  job_type: Job['jobType'];
  work_location: Job['workLocation'];
  experience_level: Job['experienceLevel'];
  category: Job['category'];
  skills: Job['skills'];
  location: Job['location'];
  salary: Job['salary'];
  company: Job['company'];
  benefits: Job['benefits'];
  application_deadline: string | null;
  status: Job['status'];
  closed_at: Date | null;
  posted_at: Date;
  edited_at: Date | null;
  first_name: string | null;
  last_name: string | null;
  application_count: number;
}

/**
 * SQL for the number of a job's standing applications (not withdrawn: a withdrawn one no longer counts
 * in its "{n} applied"), from the applications this model keeps (applications.ts).
 */
function applicationCountOf(schema: string, jobIdSql: string): string {
  return `(SELECT count(*)::int FROM ${schema}.job_applications a
            WHERE a.job_id = ${jobIdSql} AND a.status <> 'withdrawn')`;
}

/** Every column a Job is made of; `j` is the job, `u` its poster's card (job_people). */
export function jobColumns(schema: string): string {
  return `j.id, j.employer_id, j.title, j.description, j.requirements, j.job_type, j.work_location,
    j.experience_level, j.category, j.skills, j.location, j.salary, j.company, j.benefits,
    j.application_deadline::text AS application_deadline, j.status, j.closed_at, j.posted_at,
    j.edited_at, u.first_name, u.last_name, ${applicationCountOf(schema, 'j.id')} AS application_count`;
}

/** The largest figure the `pay` column (a Postgres integer) holds. */
const PAY_CAP = 2_147_483_647;

/**
 * A job's pay (the `pay` column of jobs, migration 033, and of its search document): the one figure
 * the list's minimum salary keeps by and its salary order sorts by. The top of its range, or its
 * minimum when it names no top; null when it names neither. The currency is ignored: the filter's
 * figures are plain numbers, and the board does not convert between currencies. Rounded down (a figure
 * reaches a whole minimum exactly when its floor does) and capped at what the column holds; migration
 * 033 backfilled the jobs before it by the same rule.
 */
export function payOf(salary: Job['salary']): number | null {
  const top = salary.max ?? salary.min;
  return top === null ? null : Math.min(Math.floor(top), PAY_CAP);
}

/** The posting's fields, as JobPosted and JobEdited both carry them (all of the form, no date). */
export type Posting = Omit<z.output<typeof JobEditedData>, 'editedAt'>;

/**
 * A posting as the jobs projector's statements read it (`postingsSql` in project.ts, one JSON object
 * per job): the jobs row's own columns, and what its derived columns are made from. One
 * builder for JobPosted and JobEdited, so an edited job is written exactly as a posted one would be.
 */
export function postingRow(d: Posting) {
  return {
    id: d.jobId,
    employer_id: d.employerId,
    title: d.title,
    description: d.description,
    requirements: d.requirements,
    job_type: d.jobType,
    work_location: d.workLocation,
    experience_level: d.experienceLevel,
    category: d.category,
    skills: d.skills,
    location: d.location,
    salary: d.salary,
    pay: payOf(d.salary),
    company: d.company,
    benefits: d.benefits,
    application_deadline: d.applicationDeadline,
    skill_list: d.skills.map((skill) => skill.name),
    city: d.location.city,
    state: d.location.state,
    country: d.location.country,
    company_name: d.company.name,
  };
}

export const employerOf = (r: JobRow): Job['employer'] => ({
  _id: r.employer_id,
  // A poster not yet projected (another topic) shows the company name alone until they are, and so
  // does one who deleted their account: the job stays listed, closed, with no name of theirs.
  firstName: r.first_name ?? '',
  lastName: r.last_name ?? '',
});

export const toJob = (r: JobRow): Job => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  requirements: r.requirements,
  jobType: r.job_type,
  workLocation: r.work_location,
  experienceLevel: r.experience_level,
  category: r.category,
  skills: r.skills,
  location: r.location,
  salary: r.salary,
  company: r.company,
  benefits: r.benefits,
  applicationDeadline: r.application_deadline,
  createdAt: r.posted_at.toISOString(),
  employer: employerOf(r),
  // One entry per standing application and nothing of who: the list is the spec's shape, its length
  // the only fact it tells.
  applications: Array.from({ length: r.application_count }, () => ({})),
  status: r.status,
  closedAt: r.closed_at?.toISOString() ?? null,
  editedAt: r.edited_at?.toISOString() ?? null,
});
