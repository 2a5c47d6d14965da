import { describe, expect, it } from 'vitest';
import { applicationStatuses, employerApplicationStatuses } from '../constants.ts';
import {
  applicationAccessCases,
  canMoveTo,
  canSeeApplication,
  canWithdrawFrom,
  mayMoveApplication,
  mayWithdrawApplication,
} from './application-access.ts';

const parties = { applicantId: 'applicant', employerId: 'poster' };
const userOf = { applicant: 'applicant', poster: 'poster', 'someone else': 'stranger' } as const;

describe('the application rule', () => {
  it.each(applicationAccessCases)('$viewer: sees $canSee, moves $mayMove, withdraws $mayWithdraw', (c) => {
    const userId = userOf[c.viewer];
    expect([
      canSeeApplication(parties, userId),
      mayMoveApplication(parties, userId),
      mayWithdrawApplication(parties, userId),
    ]).toEqual([c.canSee, c.mayMove, c.mayWithdraw]);
  });

  it('moves pending anywhere, interview to a decision, and nothing after a decision or a withdrawal', () => {
    const allowed = applicationStatuses.flatMap((from) =>
      employerApplicationStatuses.filter((to) => canMoveTo(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual([
      'pending->interview',
      'pending->accepted',
      'pending->rejected',
      'interview->accepted',
      'interview->rejected',
    ]);
  });

  it('lets a pending or interview application be withdrawn, and no other', () => {
    expect(applicationStatuses.filter(canWithdrawFrom)).toEqual(['pending', 'interview']);
  });
});
