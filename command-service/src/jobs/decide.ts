import type { ApplicationJob } from '@careers/contracts/entities/application';
import type { JobStatus } from '@careers/contracts/entities/enums';
import type { NewDomainEvent, NewEventOf } from '@careers/contracts/events/catalogue';
import { hiringMessages, jobFormMessages, jobMessages } from '@careers/contracts/messages';
import { type CreateJobRequest, earliestCurrentDate } from '@careers/contracts/requests/create-job';
import { type Decision, refuse } from '../pipeline/domain-error.ts';

/** What an application card shows of a job, besides its id and employer. */
export type JobListing = Omit<ApplicationJob, '_id' | 'employer'>;

/** The write side's view of a job: enough to decide closing it and applying to it. */
export interface JobState {
  id: string;
  employerId: string;
  status: JobStatus;
  /** `YYYY-MM-DD`, the last day applications are taken, or null for none. */
  applicationDeadline: string | null;
  closedAt: string | null;
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
        postedAt: now.toISOString(),
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
    case 'JobClosed':
      return { ...job, status: 'closed', closedAt: event.data.closedAt, version: job.version + 1 };
    default:
      return job;
  }
}

export function foldJob(job: JobState, events: readonly NewDomainEvent[]): JobState {
  return events.reduce(evolveJob, job);
}
