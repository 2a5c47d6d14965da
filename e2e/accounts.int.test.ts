/**
 * Accounts through the whole architecture, against the real Postgres, Kafka and Redis: a command's
 * reply token makes the very next GET /api/auth/me show the new state (read-your-writes, no stale read).
 */

import { randomUUID } from 'node:crypto';
import { type RunningCommandService, startCommandService } from '@careers/command-service/service';
import { sendCommand, sessionCookieOf } from '@careers/command-service/testing';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { User } from '@careers/contracts/entities/user';
import { authMessages } from '@careers/contracts/messages';
import { type RunningProjector, startProjector } from '@careers/query-service/projector-service';
import { type RunningQueryService, startQueryService } from '@careers/query-service/service';
import { SESSION_COOKIE } from '@careers/service-kit';
import { testNamespace, waitUntil } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ns = testNamespace('accounts');
let command: RunningCommandService;
let query: RunningQueryService;
let projector: RunningProjector;
let queryUrl: string;

beforeAll(async () => {
  [command, query, projector] = await Promise.all([
    startCommandService(ns.commandEnv, { listen: false }),
    startQueryService(ns.queryEnv),
    startProjector(ns.queryEnv),
  ]);
  const address = query.app.server.address();
  queryUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await Promise.allSettled([command?.close(), query?.close(), projector?.close()]);
  await ns.cleanup();
});

async function send(method: 'POST' | 'PUT', url: string, body?: unknown, sid?: string) {
  const response = await sendCommand(command.app, { method, url, body, sid });
  const sessionId = sessionCookieOf(response)?.value;
  return { response, token: response.headers[CONSISTENCY_HEADER] as string | undefined, sessionId };
}

async function me(sid: string | undefined, token?: string) {
  const response = await fetch(`${queryUrl}/api/auth/me`, {
    headers: {
      ...(sid ? { cookie: `${SESSION_COOKIE}=${sid}` } : {}),
      ...(token ? { [CONSISTENCY_HEADER]: token } : {}),
    },
  });
  return {
    status: response.status,
    stale: response.headers.get('x-consistency-stale'),
    body: (await response.json()) as { user: User; message?: string },
  };
}

describe('accounts end to end', () => {
  const email = `hedy.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'frequency-hop';
  let sid: string;
  let registered: User;

  it('register -> GET /api/auth/me shows the new user on the first read', async () => {
    const { response, token, sessionId } = await send('POST', '/api/auth/register', {
      firstName: 'Hedy',
      lastName: 'Lamarr',
      email,
      password,
      accountType: 'employer',
    });
    expect(response.statusCode).toBe(201);
    registered = User.parse(response.json().user);
    sid = sessionId as string;
    const read = await me(sid, token);
    expect(read).toEqual({ status: 200, stale: null, body: { user: registered } });
  });

  it('settings saves show on the next read of /api/auth/me', async () => {
    const appearance = { theme: 'dark', language: 'de', timezone: 'MST' };
    const toggles = { ...registered.notificationSettings, jobAlerts: false, marketingEmails: true };
    const a = await send('PUT', '/api/users/appearance', appearance, sid);
    const n = await send('PUT', '/api/users/notifications', toggles, sid);
    const read = await me(sid, [a.token, n.token].join(','));
    expect(read.stale).toBeNull();
    expect(read.body.user).toMatchObject({ appearanceSettings: appearance, notificationSettings: toggles });
  });

  it('logout ends the session for the query side too; login starts a fresh one', async () => {
    const out = await send('POST', '/api/auth/logout', undefined, sid);
    expect(out.response.statusCode).toBe(200);
    expect(await me(sid)).toMatchObject({ status: 401, body: { message: authMessages.signInRequired } });

    const login = await send('POST', '/api/auth/login', { email, password });
    expect(login.response.statusCode).toBe(200);
    const read = await me(login.sessionId, login.token);
    expect(read.status).toBe(200);
    expect(read.body.user.appearanceSettings.theme).toBe('dark');
  });

  it('answers a session whose user the read side has not caught up with as lag (503), never as signed out', async () => {
    await projector.close(); // the read side falls behind: nothing is projected
    let restarted = false;
    try {
      const late = await send('POST', '/api/auth/register', {
        firstName: 'Late',
        lastName: 'Reader',
        email: `late.${randomUUID().slice(0, 8)}@example.com`,
        password,
        confirmPassword: password,
        accountType: 'job_seeker',
      });
      expect(late.response.statusCode).toBe(201);
      const response = await fetch(`${queryUrl}/api/auth/me`, {
        headers: { cookie: `${SESSION_COOKIE}=${late.sessionId}` },
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.headers.get('x-consistency-stale')).toBe('1');
      expect(await response.json()).toEqual({ message: authMessages.accountCatchingUp });
      projector = await startProjector(ns.queryEnv);
      restarted = true;
      // Once the read side catches up, the same session reads its user (each answer until then is 503).
      const caughtUp = await waitUntil(
        'the read side to catch up with the new user',
        async () => {
          const read = await me(late.sessionId);
          expect([200, 503]).toContain(read.status);
          return read.status === 200 ? read : undefined;
        },
        30_000,
      );
      expect(caughtUp.body.user.firstName).toBe('Late');
    } finally {
      if (!restarted) projector = await startProjector(ns.queryEnv);
    }
  }, 60_000);

  it('refuses /api/auth/me without a session', async () => {
    expect(await me(undefined)).toMatchObject({
      status: 401,
      body: { message: authMessages.signInRequired },
    });
  });
});
