import { hiringMessages } from '@careers/contracts/messages';
import {
  type ApplicationRelation,
  applicationAccessCases,
} from '@careers/contracts/policies/application-access';
import { testNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { sendCommand, sessionCookieOf } from '../testing.ts';

/**
 * The write side against the contracts' application rule: for every case of the shared table, the
 * viewer may move and withdraw the application exactly when the rule says so. A refused viewer who may
 * see the application is told who may act (403); one who may not see it is told it does not exist
 * (404), as for a missing application.
 */
const ns = testNamespace('application-access');
let command: RunningCommandService;

beforeAll(async () => {
  command = await startCommandService(ns.commandEnv, { listen: false });
});
afterAll(async () => {
  await command?.close();
  await ns.cleanup();
});

let seq = 0;
async function signUp() {
  const response = await sendCommand(command.app, {
    method: 'POST',
    url: '/api/auth/register',
    body: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada.${ns.id}.${++seq}@example.com`,
      password: 'analytical-1843',
      accountType: 'job_seeker',
    },
  });
  expect(response.statusCode).toBe(201);
  return { sid: sessionCookieOf(response)?.value as string, id: response.json().user._id as string };
}

/** A fresh pending application, and the session of the person who stands to it as `viewer`. */
async function applicationSeenBy(viewer: ApplicationRelation) {
  const poster = await signUp();
  const applicant = await signUp();
  const job = await sendCommand(command.app, {
    method: 'POST',
    url: '/api/jobs',
    sid: poster.sid,
    body: {
      title: 'Analyst',
      description: 'Engines.',
      company: { name: 'Babbage & Co' },
      location: { city: 'London' },
      salary: { min: 1, max: 2 },
    },
  });
  expect(job.statusCode, job.body).toBe(201);
  const applied = await sendCommand(command.app, {
    method: 'POST',
    url: `/api/jobs/${job.json().data._id}/apply`,
    sid: applicant.sid,
    body: { coverLetter: 'Notes on the engine.' },
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
      const move = await sendCommand(command.app, {
        method: 'PUT',
        url: `/api/applications/${moved.applicationId}/status`,
        sid: moved.sid,
        body: { status: 'interview' },
      });
      expect([move.statusCode, move.json()]).toEqual(
        mayMove
          ? [200, { data: expect.objectContaining({ status: 'interview' }) }]
          : refusal(canSee, hiringMessages.onlyPosterMoves),
      );

      const withdrawn = await applicationSeenBy(viewer);
      const withdraw = await sendCommand(command.app, {
        method: 'POST',
        url: `/api/applications/${withdrawn.applicationId}/withdraw`,
        sid: withdrawn.sid,
      });
      expect([withdraw.statusCode, withdraw.json()]).toEqual(
        mayWithdraw
          ? [200, { data: expect.objectContaining({ status: 'withdrawn' }) }]
          : refusal(canSee, hiringMessages.onlyApplicantWithdraws),
      );
    },
  );
});
