import { randomUUID } from 'node:crypto';
import { User } from '@careers/contracts/entities/user';
import { mailMessages } from '@careers/contracts/messages';
import { ident, unsubscribeSecret, unsubscribeToken } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedLogRows } from '../event-log/testing.ts';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { sendCommand, sessionCookieOf } from '../testing.ts';

const ns = testNamespace('unsubscribe');
let command: RunningCommandService;
let secret: string;

beforeAll(async () => {
  command = await startCommandService(ns.commandEnv, { listen: false });
  secret = unsubscribeSecret(command.deps.config);
});
afterAll(async () => {
  await command?.close();
  await ns.cleanup();
});

async function register() {
  const body = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${randomUUID().slice(0, 8)}@example.com`,
    password: 'engine-1843',
    accountType: 'job_seeker',
  };
  const response = await sendCommand(command.app, { method: 'POST', url: '/api/auth/register', body });
  expect(response.statusCode, response.body).toBe(201);
  return { user: User.parse(response.json().user), sid: sessionCookieOf(response)?.value as string };
}
const eventsOf = async (userId: string) =>
  (
    await openedLogRows(command.deps, `${ident(command.deps.config.DB_SCHEMA)}.event_log`, 'stream_id = $1', [
      userId,
    ])
  ).map((e) => ({ type: e.type, data: e.data }));

/** A mail client's RFC 8058 one-click POST: a form, no cookie, no Origin. */
const oneClick = (token: string) =>
  command.app.inject({
    method: 'POST',
    url: `/api/unsubscribe/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('POST /api/unsubscribe/:token', () => {
  it("turns off the kind's toggle alone, from a mail client's one-click form or the page, once", async () => {
    const { user } = await register();
    const response = await oneClick(unsubscribeToken(user._id, 'connections', secret));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: mailMessages.unsubscribed });
    // The page posts JSON; the repeat changes nothing more.
    const again = await sendCommand(command.app, {
      method: 'POST',
      url: `/api/unsubscribe/${unsubscribeToken(user._id, 'connections', secret)}`,
      body: {},
    });
    expect(again.statusCode).toBe(200);
    expect(await eventsOf(user._id)).toEqual([
      expect.objectContaining({ type: 'UserRegistered' }),
      {
        type: 'NotificationSettingsUpdated',
        data: { userId: user._id, settings: { ...user.notificationSettings, connectionRequests: false } },
      },
    ]);
    await oneClick(unsubscribeToken(user._id, 'messages', secret));
    expect((await eventsOf(user._id)).at(-1)?.data).toMatchObject({
      settings: { connectionRequests: false, emailNotifications: false, jobAlerts: true },
    });
  });

  it('refuses a token not signed here, altered, or of another kind, and writes nothing', async () => {
    const { user } = await register();
    const good = unsubscribeToken(user._id, 'job_alerts', secret);
    const signature = good.split('~')[2] as string;
    for (const token of [
      unsubscribeToken(user._id, 'job_alerts', `${secret}-elsewhere`),
      `${user._id}~applications~${signature}`,
      `${user._id}~job_alerts~${signature.slice(1)}A`,
      'not-a-token',
    ]) {
      const response = await oneClick(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toEqual({ message: mailMessages.tokenInvalid });
    }
    expect((await eventsOf(user._id)).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('answers a deleted account as done, and takes a form on no other route', async () => {
    const token = unsubscribeToken(randomUUID(), 'connections', secret);
    expect((await oneClick(token)).statusCode).toBe(200);
    const { sid } = await register();
    const form = await command.app.inject({
      method: 'PUT',
      url: '/api/users/notifications',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${sid}` },
      payload: 'emailNotifications=false',
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('PUT /api/users/mail-preferences', () => {
  it('records the choice of instant or daily job alert mail, and refuses anything else', async () => {
    const { user, sid } = await register();
    const put = (body: unknown, withSession = true) =>
      sendCommand(command.app, {
        method: 'PUT',
        url: '/api/users/mail-preferences',
        body,
        ...(withSession ? { sid } : {}),
      });
    const saved = await put({ jobAlertEmails: 'instant' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: { jobAlertEmails: 'instant' } });
    for (const bad of [{ jobAlertEmails: 'hourly' }, {}, { jobAlertEmails: 'daily', extra: 1 }]) {
      const refused = await put(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    expect((await put({ jobAlertEmails: 'daily' }, false)).statusCode).toBe(401);
    const events = await eventsOf(user._id);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'JobAlertEmailsChosen']);
    expect(events[1]?.data).toMatchObject({ userId: user._id, jobAlertEmails: 'instant' });
  });
});

describe('the mail commands at once', () => {
  it('two unsubscribes of one kind record one change; two choices are both recorded, one after the other', async () => {
    const { user, sid } = await register();
    const token = unsubscribeToken(user._id, 'applications', secret);
    const both = await Promise.all([oneClick(token), oneClick(token)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const choose = (jobAlertEmails: string) =>
      sendCommand(command.app, {
        method: 'PUT',
        url: '/api/users/mail-preferences',
        body: { jobAlertEmails },
        sid,
      });
    const choices = await Promise.all([choose('instant'), choose('daily')]);
    expect(choices.map((r) => r.statusCode)).toEqual([200, 200]);
    const events = await eventsOf(user._id);
    expect(events.filter((e) => e.type === 'NotificationSettingsUpdated')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'JobAlertEmailsChosen')).toHaveLength(2);
  });
});
