import { randomUUID } from 'node:crypto';
import { type MutationRateLimitClass, mutationRateLimits } from '@careers/contracts/constants';
import { requestMessages } from '@careers/contracts/messages';
import { apiPath, routes } from '@careers/contracts/routes';
import { ident, SESSION_COOKIE } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobForm } from '../jobs/testing.ts';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { type CommandCall, sendCommand, sessionCookieOf, TEST_ORIGIN } from '../testing.ts';
import { multipartBody, tinyPdf } from '../uploads/testing.ts';
import { commandRateLimitClasses } from './rate-limits.ts';

const ns = testNamespace('rate-limits');
let command: RunningCommandService;

beforeAll(async () => {
  // The limits as people meet them: the namespace's raised factor put back to 1.
  command = await startCommandService({ ...ns.commandEnv, RATE_LIMIT_FACTOR: '1' }, { listen: false });
});
afterAll(async () => {
  await command?.close();
  await ns.cleanup();
});

let seq = 0;
/** Each sign-up from an address of its own: the sign-in class counts per address. */
const nextAddress = () => `198.18.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

const call = (c: CommandCall) => sendCommand(command.app, { ip: nextAddress(), ...c });

const PASSWORD = 'neuron-1952';

async function signUp(accountType: 'job_seeker' | 'employer' = 'job_seeker') {
  const email = `rita.${ns.id}.${randomUUID().slice(0, 8)}@example.com`;
  const response = await call({
    method: 'POST',
    url: '/api/auth/register',
    body: { firstName: 'Rita', lastName: 'Levi', email, password: PASSWORD, accountType },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { sid: sessionCookieOf(response)?.value as string, id: response.json().user._id as string, email };
}

async function eventCount(): Promise<number> {
  const { rows } = await command.deps.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${ident(command.deps.config.DB_SCHEMA)}.event_log`,
  );
  return Number(rows[0]?.n);
}

/** Sends `count` requests one after another (a person's clicks, not a burst). */
async function times(count: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).statusCode);
  return statuses;
}

/** The refusal: 429, the contracts' words, a Retry-After within the window, and no event written. */
async function expectRefusedWithoutWrite(
  limitClass: MutationRateLimitClass,
  send: () => Promise<LightMyRequestResponse>,
) {
  const before = await eventCount();
  const refused = await send();
  expect(refused.statusCode, refused.body).toBe(429);
  expect(refused.json()).toEqual({ message: requestMessages.tooManyRequests });
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(mutationRateLimits[limitClass].windowSeconds);
  expect(await eventCount()).toBe(before);
}

const { max: likes } = mutationRateLimits.likes;
const bogus = 'not-an-id'; // a path id that does not parse: 404 before any transaction, still counted

describe('per-user limits on mutations (429 { message } with Retry-After, nothing written)', () => {
  it('every command route has a class whose limit is in the contracts table', () => {
    for (const [name, route] of Object.entries(routes)) {
      if (route.service !== 'command') continue;
      const limitClass = (commandRateLimitClasses as Record<string, MutationRateLimitClass>)[name];
      expect(limitClass, `${name} has no rate limit class`).toBeDefined();
      expect(mutationRateLimits[limitClass as MutationRateLimitClass].max).toBeGreaterThan(0);
    }
  });

  it(`likes: ${likes} a minute per person, then 429; another person is not affected`, async () => {
    const author = await signUp();
    const post = await call({
      method: 'POST',
      url: '/api/posts',
      sid: author.sid,
      body: { content: 'Likeable' },
    });
    const postId = post.json().data._id as string;
    const fan = await signUp();
    const statuses = await times(likes, () =>
      call({ method: 'POST', url: `/api/posts/${bogus}/like`, sid: fan.sid }),
    );
    expect(statuses.every((s) => s === 404)).toBe(true);
    await expectRefusedWithoutWrite('likes', () =>
      call({ method: 'POST', url: `/api/posts/${postId}/like`, sid: fan.sid }),
    );
    const other = await signUp();
    const liked = await call({ method: 'POST', url: `/api/posts/${postId}/like`, sid: other.sid });
    expect(liked.statusCode, liked.body).toBe(200);
  });

  it('comments, per person', async () => {
    const author = await signUp();
    const post = await call({
      method: 'POST',
      url: '/api/posts',
      sid: author.sid,
      body: { content: 'Discuss' },
    });
    const postId = post.json().data._id as string;
    const talker = await signUp();
    const { max } = mutationRateLimits.comments;
    const statuses = await times(max, (i) =>
      call({
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        sid: talker.sid,
        body: { content: `#${i}` },
      }),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    await expectRefusedWithoutWrite('comments', () =>
      call({
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        sid: talker.sid,
        body: { content: 'more' },
      }),
    );
  });

  it("posts, per person, counted across that person's sessions", async () => {
    const writer = await signUp();
    const { max } = mutationRateLimits.posts;
    const statuses = await times(max, (i) =>
      call({ method: 'POST', url: '/api/posts', sid: writer.sid, body: { content: `Post ${i}` } }),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    // A second session of the same person starts no fresh count.
    const login = await call({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: writer.email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const secondSid = sessionCookieOf(login)?.value as string;
    await expectRefusedWithoutWrite('posts', () =>
      call({ method: 'POST', url: '/api/posts', sid: secondSid, body: { content: 'One too many' } }),
    );
  });

  it('connection requests, then connection changes, per person', async () => {
    const asker = await signUp();
    const { max } = mutationRateLimits.connectionRequests;
    const target = await signUp();
    const statuses = await times(max, () =>
      call({ method: 'POST', url: `/api/users/${bogus}/connect`, sid: asker.sid }),
    );
    expect(statuses.every((s) => s === 404)).toBe(true);
    await expectRefusedWithoutWrite('connectionRequests', () =>
      call({ method: 'POST', url: `/api/users/${target.id}/connect`, sid: asker.sid }),
    );

    const requested = await call({
      method: 'POST',
      url: `/api/users/${target.id}/connect`,
      sid: (await signUp()).sid,
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const requestId = requested.json().data._id as string;
    const changes = mutationRateLimits.connectionChanges.max;
    await times(changes, () =>
      call({ method: 'DELETE', url: `/api/users/connections/${bogus}`, sid: target.sid }),
    );
    await expectRefusedWithoutWrite('connectionChanges', () =>
      call({
        method: 'PUT',
        url: `/api/users/connections/${requestId}`,
        sid: target.sid,
        body: { status: 'accepted' },
      }),
    );
  });

  it('applications and job posts, per person', async () => {
    const employer = await signUp('employer');
    const jobs = mutationRateLimits.jobPosts.max;
    const posted = await times(jobs, () =>
      call({ method: 'POST', url: '/api/jobs', sid: employer.sid, body: jobForm }),
    );
    expect(posted.every((s) => s === 201)).toBe(true);
    await expectRefusedWithoutWrite('jobPosts', () =>
      call({ method: 'POST', url: '/api/jobs', sid: employer.sid, body: jobForm }),
    );

    const other = await signUp('employer');
    const job = await call({ method: 'POST', url: '/api/jobs', sid: other.sid, body: jobForm });
    const jobId = job.json().data._id as string;
    const seeker = await signUp();
    await times(mutationRateLimits.applications.max, () =>
      call({ method: 'POST', url: `/api/jobs/${bogus}/apply`, sid: seeker.sid, body: {} }),
    );
    await expectRefusedWithoutWrite('applications', () =>
      call({ method: 'POST', url: `/api/jobs/${jobId}/apply`, sid: seeker.sid, body: {} }),
    );
    await times(mutationRateLimits.hiring.max, () =>
      call({ method: 'POST', url: `/api/jobs/${bogus}/close`, sid: other.sid }),
    );
    await expectRefusedWithoutWrite('hiring', () =>
      call({ method: 'POST', url: `/api/jobs/${jobId}/close`, sid: other.sid }),
    );
  });

  it('uploads, refused before the file is read', async () => {
    const person = await signUp();
    await times(mutationRateLimits.uploads.max, () =>
      command.app.inject({
        method: 'POST',
        url: apiPath(routes.uploadResume),
        headers: { origin: TEST_ORIGIN, cookie: `${SESSION_COOKIE}=${person.sid}` },
      }),
    );
    const { payload, contentType } = multipartBody([
      { field: 'resume', filename: 'cv.pdf', contentType: 'application/pdf', content: tinyPdf() },
    ]);
    const objectsBefore = await listObjects();
    await expectRefusedWithoutWrite('uploads', () =>
      command.app.inject({
        method: 'POST',
        url: apiPath(routes.uploadResume),
        headers: {
          origin: TEST_ORIGIN,
          'content-type': contentType,
          cookie: `${SESSION_COOKIE}=${person.sid}`,
        },
        payload,
      }),
    );
    expect(await listObjects()).toEqual(objectsBefore);
  });

  it('profile saves, settings and password changes, per person', async () => {
    const person = await signUp();
    await times(mutationRateLimits.profileSaves.max, () =>
      call({ method: 'PUT', url: '/api/users/profile', sid: person.sid, body: { firstName: '' } }),
    );
    await expectRefusedWithoutWrite('profileSaves', () =>
      call({ method: 'PUT', url: '/api/users/skills', sid: person.sid, body: { skills: [] } }),
    );
    const appearance = { theme: 'dark', language: 'en', timezone: 'UTC' };
    const saved = await times(mutationRateLimits.settings.max, () =>
      call({ method: 'PUT', url: '/api/users/appearance', sid: person.sid, body: appearance }),
    );
    expect(saved.every((s) => s === 200)).toBe(true);
    await expectRefusedWithoutWrite('settings', () =>
      call({
        method: 'PUT',
        url: '/api/users/appearance',
        sid: person.sid,
        body: { ...appearance, theme: 'light' },
      }),
    );
    await times(mutationRateLimits.passwordChanges.max, () =>
      call({ method: 'PUT', url: '/api/auth/change-password', sid: person.sid, body: {} }),
    );
    await expectRefusedWithoutWrite('passwordChanges', () =>
      call({
        method: 'PUT',
        url: '/api/auth/change-password',
        sid: person.sid,
        body: { currentPassword: PASSWORD, newPassword: 'neuron-1953' },
      }),
    );
  });

  it('marking notifications read, per person', async () => {
    const person = await signUp();
    const malformed = await times(mutationRateLimits.markRead.max, () =>
      call({ method: 'PUT', url: '/api/notifications/read', sid: person.sid, body: {} }),
    );
    expect(malformed.every((s) => s === 400)).toBe(true);
    await expectRefusedWithoutWrite('markRead', () =>
      call({ method: 'PUT', url: '/api/notifications/read', sid: person.sid, body: { all: true } }),
    );
  });

  it('sign-in routes count per address: one address is refused, another is not', async () => {
    const person = await signUp();
    const { max } = mutationRateLimits.signIn;
    const address = nextAddress();
    const body = { email: 'nobody@example.com' }; // no password: 400 before any hashing, still counted
    await times(max, () => call({ method: 'POST', url: '/api/auth/login', body, ip: address }));
    await expectRefusedWithoutWrite('signIn', () =>
      call({ method: 'POST', url: '/api/auth/logout', sid: person.sid, ip: address }),
    );
    const elsewhere = await call({ method: 'POST', url: '/api/auth/logout', sid: person.sid });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

async function listObjects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of command.deps.storage.list('')) keys.push(object.key);
  return keys.sort();
}
