import type { ApplicationJob } from '@careers/contracts/entities/application';
import type { JobStatus } from '@careers/contracts/entities/enums';
import type { NewDomainEvent, NewEventOf } from '@careers/contracts/events/catalogue';
import { hiringMessages, jobFormMessages, jobMessages } from '@careers/contracts/messages';
import { type CreateJobRequest, earliestCurrentDate } from '@careers/contracts/requests/create-job';
import { type Decision, refuse } from '../pipeline/domain-error.ts';

/** What an application card shows of a job, besides its id and employer. */
export type JobListing = Omit<ApplicationJob, '_id' | 'employer'>;

/** The write side's view of a job: enough to decide closing and editing it and applying to it. */
export interface JobState {
  id: string;
  employerId: string;
  status: JobStatus;
  /** `YYYY-MM-DD`, the last day applications are taken, or null for none (as last posted or edited). */
  applicationDeadline: string | null;
  closedAt: string | null;
  /** The card an application keeps of the job, as last posted or edited. */
  listing: JobListing;
  version: number;
}

export const jobNotFound = () => refuse.notFound(jobMessages.jobNotFound);

/**
 * Whether a deadline day is over everywhere: it is before the earliest "today" on Earth (UTC-12), the
 * contracts' `earliestCurrentDate`. So nobody whose deadline day is still running is refused, neither
 * when posting a job with today's deadline nor when applying on the deadline day.
 */
export function deadlinePassed(deadline: string | null, now: Date): boolean {
  return deadline !== null && deadline < earliestCurrentDate(now);
}

/** The posting as the Post-a-Job form was parsed: every field JobPosted and JobEdited carry of it. */
function postingOf(request: CreateJobRequest) {
  return {
    title: request.title,
    description: request.description,
    requirements: request.requirements,
    jobType: request.jobType,
    workLocation: request.workLocation,
    experienceLevel: request.experienceLevel,
    category: request.category,
    skills: request.skills,
    location: request.location,
    salary: request.salary,
    company: request.company,
    benefits: request.benefits,
    applicationDeadline: request.applicationDeadline,
  };
}

/** Posting a job (any signed-in user): the job as parsed, unless its deadline is already over. */
export function decidePostJob(input: {
  jobId: string;
  employerId: string;
  request: CreateJobRequest;
  now: Date;
}): Decision<NewEventOf<'JobPosted'>> {
  const { request, now } = input;
  if (deadlinePassed(request.applicationDeadline, now)) {
    return refuse.invalid(jobFormMessages.deadlineInPast);
  }
  return [
    {
      type: 'JobPosted',
      data: {
        jobId: input.jobId,
        employerId: input.employerId,
        ...postingOf(request),
        postedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * Editing a job: its poster only (anyone else is refused, open job or closed), while it is open, with
 * the deadline rule of posting (a deadline already over everywhere is refused, an unchanged one too:
 * the form is sent whole again). The whole posting is replaced.
 *
 * An edit identical to the job as it is is still recorded: the poster saved the form, and the job
 * tells when it was last edited. Telling "unchanged" apart would need the whole posting on the write
 * side (it keeps only the listing an application shows), for a case that changes nothing downstream
 * but `editedAt`.
 */
export function decideEditJob(input: {
  job: JobState;
  actorId: string;
  request: CreateJobRequest;
  now: Date;
}): Decision<NewEventOf<'JobEdited'>> {
  const { job, request, now } = input;
  if (job.employerId !== input.actorId) return refuse.forbidden(hiringMessages.onlyPosterEdits);
  if (job.status === 'closed') return refuse.conflict(hiringMessages.closedJobNotEditable);
  if (deadlinePassed(request.applicationDeadline, now)) {
    return refuse.invalid(jobFormMessages.deadlineInPast);
  }
  return [
    {
      type: 'JobEdited',
      data: {
        jobId: job.id,
        employerId: job.employerId,
        ...postingOf(request),
        editedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * Closing a job: its poster only. A closed job stays closed: closing it again records nothing, and the
 * reply tells the state it is in.
 */
export function decideCloseJob(input: { job: JobState; actorId: string; now: Date }): Decision {
  const { job } = input;
  if (job.employerId !== input.actorId) return refuse.forbidden(hiringMessages.onlyPosterCloses);
  if (job.status === 'closed') return [];
  return [
    {
      type: 'JobClosed',
      data: { jobId: job.id, employerId: job.employerId, closedAt: input.now.toISOString() },
    },
  ];
}

/** A job about to be posted: the state its posting is decided on, at version 0 (the new stream). */
export function unpostedJob(jobId: string, employerId: string, request: CreateJobRequest): JobState {
  return {
    id: jobId,
    employerId,
    status: 'open',
    applicationDeadline: request.applicationDeadline,
    closedAt: null,
    listing: listingOf(request),
    version: 0,
  };
}

function listingOf(job: JobListing): JobListing {
  const { title, jobType, workLocation, location, salary, company } = job;
  return { title, jobType, workLocation, location, salary, company };
}

/** The state a job's events leave (pure). */
export function evolveJob(job: JobState, event: NewDomainEvent): JobState {
  switch (event.type) {
    case 'JobPosted':
      return {
        id: event.data.jobId,
        employerId: event.data.employerId,
        status: 'open',
        applicationDeadline: event.data.applicationDeadline,
        closedAt: null,
        listing: listingOf(event.data),
        version: 1,
      };
    // Applies after it snapshot the edited listing and are held to the edited deadline.
    case 'JobEdited':
      return {
        ...job,
        applicationDeadline: event.data.applicationDeadline,
        listing: listingOf(event.data),
        version: job.version + 1,
      };
    case 'JobClosed':
      return { ...job, status: 'closed', closedAt: event.data.closedAt, version: job.version + 1 };
    default:
      return job;
  }
}

export function foldJob(job: JobState, events: readonly NewDomainEvent[]): JobState {
  return events.reduce(evolveJob, job);
}
