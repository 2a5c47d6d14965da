import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { User } from '@careers/contracts/entities/user';
import {
  authMessages,
  passwordMessages,
  registerMessages,
  settingsMessages,
} from '@careers/contracts/messages';
import { ident, readSession } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedLogRows } from '../event-log/testing.ts';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { type CommandCall, sendCommand, sessionCookieOf } from '../testing.ts';
import { LoginThrottle, ThrottledError } from './login-throttle.ts';

const ns = testNamespace('user-routes');
let command: RunningCommandService;

beforeAll(async () => {
  command = await startCommandService(
    { ...ns.commandEnv, LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '8' },
    { listen: false },
  );
});
afterAll(async () => {
  await command?.close();
  await ns.cleanup();
});

function call({ ip = '203.0.113.1', ...rest }: CommandCall) {
  return sendCommand(command.app, { ...rest, ip });
}

const sessionCookie = sessionCookieOf;

const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;

function person(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('ada'),
    password: 'engine-1843',
    accountType: 'job_seeker',
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}) {
  const body = person(overrides);
  const response = await call({ method: 'POST', url: '/api/auth/register', body });
  expect(response.statusCode, response.body).toBe(201);
  const sid = sessionCookie(response)?.value as string;
  return { body, sid, user: User.parse(response.json().user), response };
}

async function eventsOf(streamId: string) {
  return openedLogRows(command.deps, `${ident(command.deps.config.DB_SCHEMA)}.event_log`, 'stream_id = $1', [
    streamId,
  ]);
}

describe('POST /api/auth/register', () => {
  it('creates the account, starts a session and records UserRegistered without secrets', async () => {
    const { body, sid, user, response } = await register({ email: '  Mixed.Case@Example.COM ' });
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'mixed.case@example.com',
      accountType: 'job_seeker',
      notificationSettings: { emailNotifications: true, marketingEmails: false },
      appearanceSettings: { theme: 'light', language: 'en', timezone: 'UTC' },
    });
    const cookie = sessionCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(await readSession(command.deps.redis, sid)).toMatchObject({ userId: user._id });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${user._id}@1`]);

    const events = await eventsOf(user._id);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    const stored = JSON.stringify(events);
    expect(stored).not.toContain(body.password);
    expect(stored).not.toContain(sid);
    expect(stored).not.toMatch(/scrypt|hash|password/i);
  });

  it.each([
    [{ firstName: '' }, registerMessages.firstNameRequired],
    [{ firstName: 'A' }, registerMessages.firstNameTooShort],
    [{ lastName: '   ' }, registerMessages.lastNameRequired],
    [{ lastName: 'L' }, registerMessages.lastNameTooShort],
    [{ email: '' }, registerMessages.emailRequired],
    [{ email: 'ada@example' }, registerMessages.emailInvalid],
    [{ email: 'ada lovelace@example.com' }, registerMessages.emailInvalid],
    [{ password: '' }, registerMessages.passwordRequired],
    [{ password: '12345' }, registerMessages.passwordTooShort],
    [{ accountType: undefined }, registerMessages.accountTypeRequired],
    [{ accountType: 'admin' }, registerMessages.accountTypeRequired],
  ])('refuses %j with 400 "%s" and writes nothing', async (overrides, message) => {
    const body = person(overrides);
    const response = await call({ method: 'POST', url: '/api/auth/register', body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(sessionCookie(response)).toBeUndefined();
    const { rowCount } = await command.deps.pool.query(
      `SELECT 1 FROM ${ident(command.deps.config.DB_SCHEMA)}.users WHERE email = $1`,
      [String(body.email).trim().toLowerCase()],
    );
    expect(rowCount).toBe(0);
  });

  it('refuses an email already registered, whatever its case, with 409', async () => {
    const { body } = await register();
    const again = await call({
      method: 'POST',
      url: '/api/auth/register',
      body: person({ email: body.email.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: authMessages.emailTaken });
  });

  it('refuses look-alikes of a registered email: 409 for its other forms, 400 for hidden characters', async () => {
    const { body, sid } = await register();
    const [local, domain] = body.email.split('@') as [string, string];
    const fullwidth = [...local]
      .map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
      .join('');
    for (const email of [`${fullwidth}@${domain}`, ` ${local.toUpperCase()}@${domain} `]) {
      const again = await call({ method: 'POST', url: '/api/auth/register', body: person({ email }) });
      expect(again.statusCode, email).toBe(409);
    }
    for (const email of [`${local}\u200b@${domain}`, `${local.replace('a', '\u0430')}@${domain}`]) {
      const again = await call({ method: 'POST', url: '/api/auth/register', body: person({ email }) });
      expect(again.statusCode, email).toBe(400);
      expect(again.json()).toEqual({ message: registerMessages.emailInvalid });
    }
    // Signing in with a look-alike form reaches the same account.
    const login = await call({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: `${fullwidth}@${domain}`, password: body.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(sid).toBeTruthy();
  });

  it('lets exactly one of two simultaneous registrations of one email through', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      [1, 2, 3].map(() => call({ method: 'POST', url: '/api/auth/register', body: person({ email }) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    // The log holds the email sealed: open every registration to find this one.
    const registrations = await openedLogRows(
      command.deps,
      `${ident(command.deps.config.DB_SCHEMA)}.event_log`,
      `type = 'UserRegistered'`,
      [],
    );
    expect(registrations.filter((row) => row.data.email === email)).toHaveLength(1);
  });

  it('refuses a cross-site registration with 403', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/auth/register',
      body: person(),
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
  });
  it('limits registrations from one address, with 429 and Retry-After', async () => {
    const limited = new LoginThrottle(command.deps.redis, {
      maxFailuresPerAccount: 5,
      maxFailuresPerIp: 50,
      maxRegistrationsPerIp: 2,
      windowSeconds: 60,
      secret: 'a-test-secret-for-the-login-throttle-keys',
    });
    await limited.registration('192.0.2.150');
    await limited.registration('192.0.2.150');
    const refused = await limited.registration('192.0.2.150').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ThrottledError);
    expect(refused).toMatchObject({ statusCode: 429, message: authMessages.tooManyAttempts });
    expect((refused as ThrottledError).headers['retry-after']).toMatch(/^[1-9]\d*$/);
    await expect(limited.registration('192.0.2.151')).resolves.toBeUndefined();
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with a new session (rotated) and records UserLoggedIn', async () => {
    const { body, sid: registeredSid, user } = await register();
    const response = await call({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: body.email.toUpperCase(), password: body.password },
      sid: registeredSid,
    });
    expect(response.statusCode).toBe(200);
    expect(User.parse(response.json().user)).toEqual(user);
    const sid = sessionCookie(response)?.value as string;
    expect(sid).not.toBe(registeredSid);
    expect(await readSession(command.deps.redis, registeredSid)).toBeNull();
    expect(await readSession(command.deps.redis, sid)).toMatchObject({ userId: user._id });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${user._id}@2`]);
    expect((await eventsOf(user._id)).map((e) => e.type)).toEqual(['UserRegistered', 'UserLoggedIn']);
  });

  it('answers a wrong password and an unknown email with the same 400 message', async () => {
    const { body } = await register();
    const ip = '198.51.100.20';
    const wrong = await call({
      method: 'POST',
      url: '/api/auth/login',
      body: { ...body, password: 'nope-nope' },
      ip,
    });
    const unknown = await call({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: uniqueEmail('nobody'), password: body.password },
      ip,
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: authMessages.invalidCredentials });
      expect(sessionCookie(response)).toBeUndefined();
    }
  });

  it('refuses a missing password or a malformed email with 400', async () => {
    const missing = await call({ method: 'POST', url: '/api/auth/login', body: { email: uniqueEmail('x') } });
    expect(missing.json()).toEqual({ message: registerMessages.passwordRequired });
    const malformed = await call({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'x', password: 'y' },
    });
    expect(malformed.json()).toEqual({ message: registerMessages.emailInvalid });
  });

  it('throttles an account after repeated failures, even for the right password, with 429', async () => {
    const { body } = await register();
    for (let i = 0; i < 3; i++) {
      const ip = `192.0.2.${10 + i}`; // different IPs: the account limit applies across them
      const failed = await call({
        method: 'POST',
        url: '/api/auth/login',
        body: { ...body, password: 'bad-pass' },
        ip,
      });
      expect(failed.statusCode).toBe(400);
    }
    const blocked = await call({ method: 'POST', url: '/api/auth/login', body, ip: '192.0.2.99' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: authMessages.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles an IP that sprays many accounts, without locking those accounts elsewhere', async () => {
    const ip = '192.0.2.200';
    for (let i = 0; i < 8; i++) {
      const failed = await call({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: uniqueEmail(`spray${i}`), password: 'guess-123' },
        ip,
      });
      expect(failed.statusCode).toBe(400);
    }
    const { body } = await register();
    const fromSprayer = await call({ method: 'POST', url: '/api/auth/login', body, ip });
    expect(fromSprayer.statusCode).toBe(429);
    const fromElsewhere = await call({ method: 'POST', url: '/api/auth/login', body, ip: '192.0.2.201' });
    expect(fromElsewhere.statusCode).toBe(200);
  });

  it('clears the account count after a success', async () => {
    const { body } = await register();
    const ip = '192.0.2.50';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) {
        await call({ method: 'POST', url: '/api/auth/login', body: { ...body, password: 'bad-pass' }, ip });
      }
      const ok = await call({ method: 'POST', url: '/api/auth/login', body, ip });
      expect(ok.statusCode).toBe(200);
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session, clears the cookie and records UserLoggedOut', async () => {
    const { sid, user } = await register();
    const response = await call({ method: 'POST', url: '/api/auth/logout', sid });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authMessages.signedOut });
    expect(sessionCookie(response)?.value).toBe('');
    expect(await readSession(command.deps.redis, sid)).toBeNull();
    expect((await eventsOf(user._id)).map((e) => e.type)).toEqual(['UserRegistered', 'UserLoggedOut']);
    const after = await call({
      method: 'PUT',
      url: '/api/users/appearance',
      body: user.appearanceSettings,
      sid,
    });
    expect(after.statusCode).toBe(401);
  });

  it('succeeds without a session, writing nothing', async () => {
    const response = await call({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.headers[CONSISTENCY_HEADER]).toBeUndefined();
  });
});

describe('PUT /api/auth/change-password', () => {
  const url = '/api/auth/change-password';

  it('changes the password, replaces this session with a new one and ends the others', async () => {
    const { body, sid, user } = await register();
    const login = await call({ method: 'POST', url: '/api/auth/login', body, ip: '192.0.2.70' });
    const otherSid = sessionCookie(login)?.value as string;

    const response = await call({
      method: 'PUT',
      url,
      body: { currentPassword: body.password, newPassword: 'analytical-engine' },
      sid,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: settingsMessages.passwordUpdated });
    // Issue 14, finding 8: the changing session is rotated too; its old id no longer works.
    const rotated = sessionCookie(response)?.value as string;
    expect(rotated).toMatch(/^[\w-]{43}$/);
    expect(rotated).not.toBe(sid);
    expect(await readSession(command.deps.redis, rotated)).toMatchObject({ userId: user._id });
    expect(await readSession(command.deps.redis, sid)).toBeNull();
    expect(await readSession(command.deps.redis, otherSid)).toBeNull();

    const old = await call({ method: 'POST', url: '/api/auth/login', body, ip: '192.0.2.71' });
    expect(old.statusCode).toBe(400);
    const fresh = await call({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: body.email, password: 'analytical-engine' },
      ip: '192.0.2.72',
    });
    expect(fresh.statusCode).toBe(200);
    const events = await eventsOf(user._id);
    expect(events.map((e) => e.type)).toContain('PasswordChanged');
    expect(JSON.stringify(events)).not.toContain('analytical-engine');
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const { body, sid, user } = await register();
    const response = await call({
      method: 'PUT',
      url,
      body: { currentPassword: 'not-it-at-all', newPassword: 'another-one' },
      sid,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: passwordMessages.currentPasswordIncorrect });
    expect((await eventsOf(user._id)).map((e) => e.type)).toEqual(['UserRegistered']);
    const still = await call({ method: 'POST', url: '/api/auth/login', body, ip: '192.0.2.80' });
    expect(still.statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: '', newPassword: 'abcdef' }, passwordMessages.currentPasswordRequired],
    [{ currentPassword: 'engine-1843', newPassword: '' }, passwordMessages.newPasswordRequired],
    [{ currentPassword: 'engine-1843', newPassword: 'abc' }, passwordMessages.newPasswordTooShort],
    [
      { currentPassword: 'engine-1843', newPassword: 'engine-1843' },
      passwordMessages.newPasswordSameAsCurrent,
    ],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const { sid } = await register();
    const response = await call({ method: 'PUT', url, body: payload, sid });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('requires a session', async () => {
    const response = await call({
      method: 'PUT',
      url,
      body: { currentPassword: 'a', newPassword: 'bcdefg' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authMessages.signInRequired });
  });
});

describe('PUT /api/users/notifications and /api/users/appearance', () => {
  const toggles = {
    emailNotifications: false,
    pushNotifications: true,
    jobAlerts: false,
    connectionRequests: true,
    applicationUpdates: true,
    marketingEmails: true,
  };

  it('saves the toggles and answers with them', async () => {
    const { sid, user } = await register();
    const response = await call({ method: 'PUT', url: '/api/users/notifications', body: toggles, sid });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { notificationSettings: toggles } });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${user._id}@2`]);
    const [, event] = await eventsOf(user._id);
    expect(event).toMatchObject({
      type: 'NotificationSettingsUpdated',
      data: { userId: user._id, settings: toggles },
    });
  });

  it('saves theme, language and timezone', async () => {
    const { sid, user } = await register();
    const appearance = { theme: 'dark', language: 'es', timezone: 'PST' };
    const response = await call({ method: 'PUT', url: '/api/users/appearance', body: appearance, sid });
    expect(response.json()).toEqual({ data: { appearanceSettings: appearance } });
    const again = await call({ method: 'PUT', url: '/api/users/appearance', body: appearance, sid });
    expect(again.statusCode).toBe(200);
    expect((await eventsOf(user._id)).map((e) => e.type)).toEqual([
      'UserRegistered',
      'AppearanceSettingsUpdated',
    ]);
  });

  it.each([
    [
      '/api/users/notifications',
      { ...toggles, jobAlerts: 'yes' },
      settingsMessages.notificationSettingInvalid('Job alerts'),
    ],
    [
      '/api/users/appearance',
      { theme: 'neon', language: 'en', timezone: 'UTC' },
      settingsMessages.themeInvalid,
    ],
    [
      '/api/users/appearance',
      { theme: 'dark', language: 'it', timezone: 'UTC' },
      settingsMessages.languageInvalid,
    ],
    [
      '/api/users/appearance',
      { theme: 'dark', language: 'en', timezone: 'CET' },
      settingsMessages.timezoneInvalid,
    ],
  ])('%s refuses %j with 400 "%s" and writes nothing', async (url, body, message) => {
    const { sid, user } = await register();
    const response = await call({ method: 'PUT', url, body, sid });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await eventsOf(user._id)).toHaveLength(1);
  });

  it("cannot change another user's settings (the session decides whose, never the body)", async () => {
    const victim = await register();
    const attacker = await register();
    const response = await call({
      method: 'PUT',
      url: '/api/users/notifications',
      body: { ...toggles, userId: victim.user._id, _id: victim.user._id },
      sid: attacker.sid,
    });
    expect(response.statusCode).toBe(200);
    expect(await eventsOf(victim.user._id)).toHaveLength(1);
    const [, event] = await eventsOf(attacker.user._id);
    expect(event?.data).toEqual({ userId: attacker.user._id, settings: toggles });
  });

  it('requires a session and a same-site origin', async () => {
    const { sid } = await register();
    const anonymous = await call({ method: 'PUT', url: '/api/users/notifications', body: toggles });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await call({
      method: 'PUT',
      url: '/api/users/notifications',
      body: toggles,
      sid,
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
  });
});
