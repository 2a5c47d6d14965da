import type { ApplicationStatus, EmployerApplicationStatus } from '../entities/enums.ts';

/**
 * Who may see and act on an application, and which moves its status allows: the one statement of the
 * rule. The command-service decides with it; the query-service's applicants view and the gateway's
 * pushes are tested against `applicationAccessCases`.
 */
export interface ApplicationParties {
  applicantId: string;
  /** Who posted the job applied to. */
  employerId: string;
}

/** How the viewer stands to an application. */
export type ApplicationRelation = 'applicant' | 'poster' | 'someone else';

export function relationTo(parties: ApplicationParties, userId: string): ApplicationRelation {
  if (userId === parties.applicantId) return 'applicant';
  if (userId === parties.employerId) return 'poster';
  return 'someone else';
}

/** The applicant and the job's poster see an application; to anyone else it does not exist. */
export function canSeeApplication(parties: ApplicationParties, userId: string): boolean {
  return relationTo(parties, userId) !== 'someone else';
}

/** Only the poster moves an application; only the applicant withdraws it. */
export function mayMoveApplication(parties: ApplicationParties, userId: string): boolean {
  return relationTo(parties, userId) === 'poster';
}

export function mayWithdrawApplication(parties: ApplicationParties, userId: string): boolean {
  return relationTo(parties, userId) === 'applicant';
}

/** Where the poster may move an application from each status; accepted, rejected and withdrawn are final. */
export const applicationMoves: Readonly<Record<ApplicationStatus, readonly EmployerApplicationStatus[]>> = {
  pending: ['interview', 'accepted', 'rejected'],
  interview: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
  withdrawn: [],
};

/** The statuses from which the applicant may still withdraw. */
export const withdrawableStatuses: readonly ApplicationStatus[] = ['pending', 'interview'];

export function canMoveTo(from: ApplicationStatus, to: EmployerApplicationStatus): boolean {
  return applicationMoves[from].includes(to);
}

export function canWithdrawFrom(status: ApplicationStatus): boolean {
  return withdrawableStatuses.includes(status);
}

export interface ApplicationAccessCase {
  viewer: ApplicationRelation;
  canSee: boolean;
  mayMove: boolean;
  mayWithdraw: boolean;
}

/** The table every side of the application rule is tested against. */
export const applicationAccessCases: readonly ApplicationAccessCase[] = [
  { viewer: 'applicant', canSee: true, mayMove: false, mayWithdraw: true },
  { viewer: 'poster', canSee: true, mayMove: true, mayWithdraw: false },
  { viewer: 'someone else', canSee: false, mayMove: false, mayWithdraw: false },
];
