import { randomUUID } from 'node:crypto';
import { postMessages } from '@careers/contracts/messages';
import { postAccessCases, type ViewerRelation } from '@careers/contracts/policies/post-access';
import { ident } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { sendCommand, sessionCookieOf } from '../testing.ts';

/**
 * The write side against the contracts' post rule: for every case of the shared table, the viewer may
 * like and comment on the post exactly when the rule lets them see it; otherwise both read "Post not
 * found", as a missing post does.
 */
const ns = testNamespace('post-access');
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

/** The write-side relationship between two people, as the connection commands leave it. */
async function relate(authorId: string, viewerId: string, relation: ViewerRelation) {
  if (relation !== 'connection' && relation !== 'pending request') return;
  await command.deps.pool.query(
    `INSERT INTO ${ident(command.deps.config.DB_SCHEMA)}.connections
       (id, requester_id, recipient_id, status, version) VALUES ($1, $2, $3, $4, 1)`,
    [randomUUID(), viewerId, authorId, relation === 'connection' ? 'accepted' : 'pending'],
  );
}

describe('the post rule on the write side', () => {
  it.each(postAccessCases)(
    '$visibility post, $viewer: may act $canSee',
    async ({ visibility, viewer, canSee }) => {
      const author = await signUp();
      const other = viewer === 'author' ? author : await signUp();
      if (viewer !== 'author') await relate(author.id, other.id, viewer);
      const created = await sendCommand(command.app, {
        method: 'POST',
        url: '/api/posts',
        sid: author.sid,
        body: { content: 'For some eyes', visibility },
      });
      expect(created.statusCode, created.body).toBe(201);
      const postId = created.json().data._id as string;

      const like = await sendCommand(command.app, {
        method: 'POST',
        url: `/api/posts/${postId}/like`,
        sid: other.sid,
      });
      const comment = await sendCommand(command.app, {
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        sid: other.sid,
        body: { content: 'Seen it' },
      });
      if (canSee) {
        expect([like.statusCode, comment.statusCode]).toEqual([200, 201]);
      } else {
        expect([like.statusCode, comment.statusCode]).toEqual([404, 404]);
        expect([like.json().message, comment.json().message]).toEqual([
          postMessages.postNotFound,
          postMessages.postNotFound,
        ]);
      }
    },
  );
});
