import { hiringMessages } from '@careers/contracts/messages';
import {
  type ApplicationRelation,
  applicationAccessCases,
} from '@careers/contracts/policies/application-access';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { hiringTestbed } from '../jobs/testing.ts';

/**
 * The write side against the contracts' application rule: for every case of the shared table, the
 * viewer may move and withdraw the application exactly when the rule says so. A refused viewer who may
 * see the application is told who may act (403); one who may not see it is told it does not exist
 * (404), as for a missing application.
 */
const { call, signUp, postJob } = hiringTestbed(testNamespace('application-access'));

/** A fresh pending application, and the session of the person who stands to it as `viewer`. */
async function applicationSeenBy(viewer: ApplicationRelation) {
  const poster = await signUp();
  const applicant = await signUp();
  const job = await postJob(poster.sid);
  const applied = await call('POST', `/api/jobs/${job._id}/apply`, applicant.sid, {
    coverLetter: 'Notes on the engine.',
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const sid = { applicant: applicant.sid, poster: poster.sid, 'someone else': (await signUp()).sid }[viewer];
  return { applicationId: applied.json().data._id as string, sid };
}

/** What a refused viewer hears: who may act if they may see it, otherwise that it does not exist. */
function refusal(canSee: boolean, forbidden: string) {
  return canSee ? [403, { message: forbidden }] : [404, { message: hiringMessages.applicationNotFound }];
}

describe('the application rule on the write side', () => {
  it.each(applicationAccessCases)(
    '$viewer: may move $mayMove, may withdraw $mayWithdraw',
    async ({ viewer, canSee, mayMove, mayWithdraw }) => {
      const moved = await applicationSeenBy(viewer);
      const move = await call('PUT', `/api/applications/${moved.applicationId}/status`, moved.sid, {
        status: 'interview',
      });
      expect([move.statusCode, move.json()]).toEqual(
        mayMove
          ? [200, { data: expect.objectContaining({ status: 'interview' }) }]
          : refusal(canSee, hiringMessages.onlyPosterMoves),
      );

      const withdrawn = await applicationSeenBy(viewer);
      const withdraw = await call(
        'POST',
        `/api/applications/${withdrawn.applicationId}/withdraw`,
        withdrawn.sid,
      );
      expect([withdraw.statusCode, withdraw.json()]).toEqual(
        mayWithdraw
          ? [200, { data: expect.objectContaining({ status: 'withdrawn' }) }]
          : refusal(canSee, hiringMessages.onlyApplicantWithdraws),
      );
    },
  );
});
