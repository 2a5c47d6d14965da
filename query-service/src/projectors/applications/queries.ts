import { applicationStatuses } from '@careers/contracts/constants';
import type {
  Application,
  ApplicationStatusEntry,
  JobApplicant,
} from '@careers/contracts/entities/application';
import type { ApplicationStatus } from '@careers/contracts/entities/enums';
import type { ApplicationCounts } from '@careers/contracts/entities/job';
import type { ApplicationSubmittedData } from '@careers/contracts/events/application-events';
import type { ApplicationParties } from '@careers/contracts/policies/application-access';
import type { Pool } from '@careers/service-kit';
import type { z } from 'zod';
import { profilePictureOf, resumeFileOf } from '../file-urls.ts';

/** The resume an application was sent with, as ApplicationSubmitted names it. */
type AppliedResume = NonNullable<z.output<typeof ApplicationSubmittedData>['resume']>;

/** Every status with a count, zero where none (the contract's record names every status). */
export function countsFrom(rows: { status: ApplicationStatus; n: number }[]): ApplicationCounts {
  const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as ApplicationCounts;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The job as the applicant applied to it (ApplicationSubmitted's `job`), null on older events. */
export type JobAsApplied = z.output<typeof ApplicationSubmittedData>['job'];

/**
 * An application of the viewer's, before its job is added: the job as they applied to it, when their
 * event kept it, and its id, by which the route asks the jobs model for the job as it is now (see
 * JobQueries.summaries) for its poster, whether it was edited since, and the older applications' job.
 */
export type OwnApplication = Omit<Application, 'job' | 'jobEditedSince'> & {
  jobId: string;
  jobAsApplied: JobAsApplied;
};

interface ApplicationRow {
  id: string;
  job_id: string;
  // Only values that passed the event schemas reach these columns.
  status: ApplicationStatus;
  applied_at: Date;
  cover_letter: string;
  expected_salary: number | null;
}

interface OwnApplicationRow extends ApplicationRow {
  job: JobAsApplied;
}

interface ApplicantRow extends ApplicationRow {
  applicant_id: string;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  picture_id: string | null;
  resume: AppliedResume | null;
  history: { status: ApplicationStatus; at: string }[];
}

/** The only reader of the applications read model's tables. */
export class ApplicationQueries {
  private readonly pool: Pool;
  private readonly s: string;

  constructor(pool: Pool, schema: string) {
    this.pool = pool;
    this.s = schema;
  }

  /** The applicant's own applications, newest first. */
  async ofApplicant(applicantId: string): Promise<OwnApplication[]> {
    const { rows } = await this.pool.query<OwnApplicationRow>(
      `SELECT a.id, a.job_id, a.job, a.status, a.applied_at, a.cover_letter, a.expected_salary
         FROM ${this.s}.applications a WHERE a.applicant_id = $1 ORDER BY a.applied_at DESC, a.id DESC`,
      [applicantId],
    );
    return rows.map((r) => ({
      _id: r.id,
      jobId: r.job_id,
      jobAsApplied: r.job,
      status: r.status,
      appliedAt: r.applied_at.toISOString(),
      coverLetter: r.cover_letter,
      expectedSalary: r.expected_salary,
    }));
  }

  /**
   * A job's applications as its poster sees them, newest first, each with its history oldest first.
   * Only applications whose poster is `posterId` (the parties the events name), so this never serves
   * another person's applications even if called for a job that is not theirs; the route answers 404
   * before calling it unless the viewer posted the job.
   */
  async applicantsOf(jobId: string, posterId: string): Promise<JobApplicant[]> {
    const { rows } = await this.pool.query<ApplicantRow>(
      `SELECT a.id, a.job_id, a.status, a.applied_at, a.cover_letter, a.expected_salary, a.applicant_id,
              a.resume, u.first_name, u.last_name, u.job_title, u.picture_id,
              (SELECT coalesce(json_agg(json_build_object('status', h.status, 'at', h.at) ORDER BY h.stream_version), '[]')
                 FROM ${this.s}.application_status_history h WHERE h.application_id = a.id) AS history
         FROM ${this.s}.applications a LEFT JOIN ${this.s}.application_people u ON u.id = a.applicant_id
        WHERE a.job_id = $1 AND a.employer_id = $2
        ORDER BY a.applied_at DESC, a.id DESC`,
      [jobId, posterId],
    );
    return rows.map((r) => ({
      _id: r.id,
      jobId: r.job_id,
      applicant: {
        _id: r.applicant_id,
        firstName: r.first_name ?? '',
        lastName: r.last_name ?? '',
        jobTitle: r.job_title ?? '',
        profilePicture: profilePictureOf(r.picture_id),
      },
      status: r.status,
      appliedAt: r.applied_at.toISOString(),
      coverLetter: r.cover_letter,
      expectedSalary: r.expected_salary,
      // The copy was made when the application was sent, so that is when this file was uploaded.
      resume: r.resume && resumeFileOf(r.resume, r.applied_at.toISOString()),
      history: r.history.map(
        (h): ApplicationStatusEntry => ({ status: h.status, at: new Date(h.at).toISOString() }),
      ),
    }));
  }

  /**
   * The parties of every application sent with the resume `resumeId` (its own copy, so normally one),
   * with the file's name: who may read the copy is who may see the application.
   */
  async sentWithResume(resumeId: string): Promise<(ApplicationParties & { filename: string })[]> {
    const { rows } = await this.pool.query<{ applicant_id: string; employer_id: string; filename: string }>(
      `SELECT a.applicant_id, a.employer_id, a.resume ->> 'filename' AS filename
         FROM ${this.s}.applications a WHERE a.resume ->> 'resumeId' = $1`,
      [resumeId],
    );
    return rows.map((r) => ({
      applicantId: r.applicant_id,
      employerId: r.employer_id,
      filename: r.filename,
    }));
  }

  /** Each job's applications counted per status, every status present. */
  async countsByJob(jobIds: string[]): Promise<Map<string, ApplicationCounts>> {
    const { rows } = await this.pool.query<{ job_id: string; status: ApplicationStatus; n: number }>(
      `SELECT a.job_id, a.status, count(*)::int AS n FROM ${this.s}.applications a
        WHERE a.job_id = ANY($1) GROUP BY a.job_id, a.status`,
      [jobIds],
    );
    const byJob = new Map<string, { status: ApplicationStatus; n: number }[]>();
    for (const row of rows) byJob.set(row.job_id, [...(byJob.get(row.job_id) ?? []), row]);
    return new Map(jobIds.map((id) => [id, countsFrom(byJob.get(id) ?? [])]));
  }
}
