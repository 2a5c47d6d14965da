import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { MAX_NOTIFICATIONS_MARKED_AT_ONCE } from '@careers/contracts/constants';
import { authMessages, notificationMessages } from '@careers/contracts/messages';
import { ident } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { sendCommand, sessionCookieOf } from '../testing.ts';
import { decideMarkNotificationsRead } from './decide.ts';

const ns = testNamespace('notification-routes');
let command: RunningCommandService;

beforeAll(async () => {
  command = await startCommandService(ns.commandEnv, { listen: false });
});
afterAll(async () => {
  await command?.close();
  await ns.cleanup();
});

let seq = 0;
async function signUp(firstName: string): Promise<{ sid: string; id: string }> {
  const response = await sendCommand(command.app, {
    method: 'POST',
    url: '/api/auth/register',
    body: {
      firstName,
      lastName: 'Tester',
      email: `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`,
      password: 'enigma-1940',
      accountType: 'job_seeker',
    },
  });
  expect(response.statusCode).toBe(201);
  return { sid: sessionCookieOf(response)?.value as string, id: response.json().user._id as string };
}

const mark = (sid: string | undefined, body: unknown) =>
  sendCommand(command.app, { method: 'PUT', url: '/api/notifications/read', sid, body });

async function userEvents(userId: string) {
  const { rows } = await command.deps.pool.query<{ type: string; data: Record<string, unknown> }>(
    `SELECT type, data FROM ${ident(command.deps.config.DB_SCHEMA)}.event_log
      WHERE stream_id = $1 AND type LIKE '%NotificationsRead' ORDER BY stream_version`,
    [userId],
  );
  return rows;
}

describe('decideMarkNotificationsRead', () => {
  const now = new Date('2026-05-04T09:30:00.000Z');
  const user = '11111111-1111-4111-8111-111111111111';
  it('records the ids named, once each, or all up to now', () => {
    const id = 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA';
    expect(decideMarkNotificationsRead(user, { notificationIds: [id, id.toLowerCase()] }, now)).toEqual([
      {
        type: 'NotificationsRead',
        data: { userId: user, notificationIds: [id.toLowerCase()], readAt: now.toISOString() },
      },
    ]);
    expect(decideMarkNotificationsRead(user, { all: true }, now)).toEqual([
      { type: 'AllNotificationsRead', data: { userId: user, upTo: now.toISOString() } },
    ]);
  });
});

describe('PUT /api/notifications/read', () => {
  it('records the marks on the caller’s own stream and answers with the message and a token', async () => {
    const ada = await signUp('Ada');
    const someone = randomUUID();
    const response = await mark(ada.sid, { notificationIds: [someone] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: notificationMessages.marked });
    expect(response.headers[CONSISTENCY_HEADER.toLowerCase()]).toBeTruthy();
    const all = await mark(ada.sid, { all: true });
    expect(all.statusCode).toBe(200);
    const events = await userEvents(ada.id);
    expect(events.map((e) => e.type)).toEqual(['NotificationsRead', 'AllNotificationsRead']);
    expect(events[0]?.data).toMatchObject({ userId: ada.id, notificationIds: [someone] });
  });

  it('refuses bad bodies with 400 in the contracts’ words, writing nothing', async () => {
    const bob = await signUp('Bob');
    const cases: [unknown, string][] = [
      [{}, notificationMessages.markReadInvalid],
      [{ all: false }, notificationMessages.markReadInvalid],
      [{ notificationIds: [] }, notificationMessages.nothingToMark],
      [{ notificationIds: ['not-an-id'] }, notificationMessages.idInvalid],
      [
        { notificationIds: Array.from({ length: MAX_NOTIFICATIONS_MARKED_AT_ONCE + 1 }, () => randomUUID()) },
        notificationMessages.tooManyToMark,
      ],
      [{ notificationIds: [randomUUID()], all: true }, notificationMessages.markReadInvalid],
      ['all', notificationMessages.markReadInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await mark(bob.sid, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ message });
    }
    expect(await userEvents(bob.id)).toEqual([]);
  });

  it('asks for a session', async () => {
    const response = await mark(undefined, { all: true });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authMessages.signInRequired });
  });
});
