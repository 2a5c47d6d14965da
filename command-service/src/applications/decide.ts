import type { ApplicationStatus, EmployerApplicationStatus } from '@careers/contracts/entities/enums';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { applyMessages, hiringMessages } from '@careers/contracts/messages';
import {
  canMoveTo,
  canSeeApplication,
  canWithdrawFrom,
  mayMoveApplication,
  mayWithdrawApplication,
} from '@careers/contracts/policies/application-access';
import type { ApplyToJobRequest } from '@careers/contracts/requests/apply-to-job';
import { deadlinePassed, type JobState } from '../jobs/decide.ts';
import { type Decision, refuse } from '../pipeline/domain-error.ts';

/** The write side's view of an application: who it concerns (the application rule) and its status. */
export interface ApplicationState {
  id: string;
  jobId: string;
  applicantId: string;
  /** Who posted the job. */
  employerId: string;
  status: ApplicationStatus;
  /**
   * The id of the resume the application keeps (a copy of the profile resume, or the upload made for
   * it), or null when sent without one.
   */
  resumeId: string | null;
  version: number;
}

/**
 * The resume as the application keeps it, under an id of its own: a copy of the profile resume, or the
 * resume uploaded for this application.
 */
export interface ApplicationResume {
  resumeId: string;
  filename: string;
  size: number;
}

/** What an application answers after a move or a withdrawal. */
export function statusStateOf(application: ApplicationState) {
  return { applicationId: application.id, jobId: application.jobId, status: application.status };
}

export const applicationNotFound = () => refuse.notFound(hiringMessages.applicationNotFound);

/** Who an application concerns, as every event of its stream carries it. */
function partiesOf(application: ApplicationState) {
  const { id: applicationId, jobId, applicantId, employerId } = application;
  return { applicationId, jobId, applicantId, employerId };
}

/**
 * Applying to a job: not one's own, not a closed one, not after its deadline day (the day itself
 * counts, as `deadlinePassed` reads it), and once per person and job. The resume the applicant chose
 * goes with it (`request.resume`): their profile resume as a copy of its own (made before the decision,
 * under a new id; none when the profile has none), a resume uploaded for this application (taken from
 * the staging table in the apply's transaction; `resumeUploadMissing` when it was not there to take),
 * or none. The job's listing as it is now goes with it too: a later edit of the job does not change what
 * they applied to.
 */
export function decideApply(input: {
  job: JobState;
  applicationId: string;
  applicantId: string;
  alreadyApplied: boolean;
  request: ApplyToJobRequest;
  resume: ApplicationResume | null;
  /** The apply named an upload (`{ uploadId }`) that is not the applicant's to send. */
  resumeUploadMissing?: boolean;
  now: Date;
}): Decision {
  const { job, now } = input;
  if (job.employerId === input.applicantId) return refuse.invalid(hiringMessages.cannotApplyToOwnJob);
  if (job.status === 'closed') return refuse.conflict(hiringMessages.jobClosed);
  if (deadlinePassed(job.applicationDeadline, now)) return refuse.conflict(applyMessages.deadlinePassed);
  if (input.alreadyApplied) return refuse.conflict(applyMessages.alreadyApplied);
  if (input.resumeUploadMissing) return refuse.invalid(applyMessages.resumeUploadNotFound);
  return [
    {
      type: 'ApplicationSubmitted',
      data: {
        applicationId: input.applicationId,
        jobId: job.id,
        applicantId: input.applicantId,
        employerId: job.employerId,
        coverLetter: input.request.coverLetter,
        expectedSalary: input.request.expectedSalary,
        resume: input.resume && { ...input.resume },
        job: { ...job.listing },
        appliedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * The poster moves an application along `applicationMoves`. Someone who may not see it is told it does
 * not exist; the applicant, who sees it, is told only the poster moves it.
 */
export function decideMoveApplication(input: {
  application: ApplicationState;
  actorId: string;
  to: EmployerApplicationStatus;
  now: Date;
}): Decision {
  const { application, actorId, to } = input;
  if (!canSeeApplication(application, actorId)) return applicationNotFound();
  if (!mayMoveApplication(application, actorId)) return refuse.forbidden(hiringMessages.onlyPosterMoves);
  if (!canMoveTo(application.status, to)) {
    return refuse.conflict(hiringMessages.cannotMove(application.status, to));
  }
  return [
    {
      type: 'ApplicationStatusChanged',
      data: { ...partiesOf(application), from: application.status, to, changedAt: input.now.toISOString() },
    },
  ];
}

/** The applicant takes an application back while it is still open (`withdrawableStatuses`). */
export function decideWithdrawApplication(input: {
  application: ApplicationState;
  actorId: string;
  now: Date;
}): Decision {
  const { application, actorId } = input;
  if (!canSeeApplication(application, actorId)) return applicationNotFound();
  if (!mayWithdrawApplication(application, actorId)) {
    return refuse.forbidden(hiringMessages.onlyApplicantWithdraws);
  }
  if (!canWithdrawFrom(application.status)) {
    return refuse.conflict(hiringMessages.cannotWithdraw(application.status));
  }
  return [
    {
      type: 'ApplicationWithdrawn',
      data: { ...partiesOf(application), from: application.status, withdrawnAt: input.now.toISOString() },
    },
  ];
}

/** An application about to be submitted: the state it is decided on, at version 0 (the new stream). */
export function unsubmittedApplication(
  applicationId: string,
  job: JobState,
  applicantId: string,
): ApplicationState {
  return {
    id: applicationId,
    jobId: job.id,
    applicantId,
    employerId: job.employerId,
    status: 'pending',
    resumeId: null,
    version: 0,
  };
}

/** The state an application's events leave (pure). */
export function evolveApplication(application: ApplicationState, event: NewDomainEvent): ApplicationState {
  switch (event.type) {
    case 'ApplicationSubmitted':
      return {
        id: event.data.applicationId,
        jobId: event.data.jobId,
        applicantId: event.data.applicantId,
        employerId: event.data.employerId,
        status: 'pending',
        resumeId: event.data.resume?.resumeId ?? null,
        version: 1,
      };
    case 'ApplicationStatusChanged':
      return { ...application, status: event.data.to, version: application.version + 1 };
    case 'ApplicationWithdrawn':
      return { ...application, status: 'withdrawn', version: application.version + 1 };
    default:
      return application;
  }
}

export function foldApplication(
  application: ApplicationState,
  events: readonly NewDomainEvent[],
): ApplicationState {
  return events.reduce(evolveApplication, application);
}
