import { createHash, randomUUID } from 'node:crypto';
import { loginProtection } from '@careers/contracts/constants';
import { authMessages } from '@careers/contracts/messages';
import { personalDataSecret } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { sendCommand } from '../testing.ts';
import { LoginThrottle } from './login-throttle.ts';

const ns = testNamespace('login-throttle');
let command: RunningCommandService;
const CEILING = 30;

beforeAll(async () => {
  command = await startCommandService(
    { ...ns.commandEnv, LOGIN_MAX_FAILURES_PER_ACCOUNT: String(CEILING) },
    { listen: false },
  );
});
afterAll(async () => {
  await command?.close();
  await ns.cleanup();
});

const PASSWORD = 'difference-engine';
let seq = 0;
const stranger = () => `203.0.113.${++seq}`;

async function owner(homeAddress: string) {
  const email = `owner.${randomUUID().slice(0, 8)}@example.com`;
  const body = { firstName: 'Ada', lastName: 'Byron', email, password: PASSWORD, accountType: 'job_seeker' };
  const registered = await sendCommand(command.app, {
    method: 'POST',
    url: '/api/auth/register',
    body,
    ip: homeAddress,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  // The owner has signed in from home before: that address is the account's own.
  expect((await login(email, PASSWORD, homeAddress)).statusCode).toBe(200);
  return email;
}

const login = (email: string, password: string, ip: string) =>
  sendCommand(command.app, { method: 'POST', url: '/api/auth/login', body: { email, password }, ip });

describe('sign-in protection that a stranger cannot turn against the owner', () => {
  it('20 wrong passwords from other addresses do not lock the owner out', async () => {
    const email = await owner('198.51.100.10');
    for (let i = 0; i < 20; i++) {
      const failed = await login(email, `guess-${i}`, stranger());
      expect(failed.statusCode).toBe(400);
    }
    // 20 more from one address: that address waits, nobody else does.
    const attacker = stranger();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await login(email, `guess-${i}`, attacker)).statusCode);
    expect(statuses.slice(0, loginProtection.freeFailures)).toEqual(
      Array(loginProtection.freeFailures).fill(400),
    );
    expect(statuses.slice(loginProtection.freeFailures).every((s) => s === 429)).toBe(true);

    const home = await login(email, PASSWORD, '198.51.100.10');
    expect(home.statusCode, home.body).toBe(200);
    // Even a first sign-in from a new address (a phone on the road) works: 25 failures are below the ceiling.
    const road = await login(email, PASSWORD, '198.51.100.11');
    expect(road.statusCode, road.body).toBe(200);
  });

  it('per account and address: five failures, then that address waits, even with the right password', async () => {
    const email = await owner('198.51.100.20');
    const address = stranger();
    for (let i = 0; i < loginProtection.freeFailures; i++) {
      expect((await login(email, 'wrong-password', address)).statusCode).toBe(400);
    }
    const waiting = await login(email, PASSWORD, address);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({ message: authMessages.tooManyAttempts });
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(loginProtection.firstDelaySeconds);
    // The same address on another account, and another address on this one, are not held up.
    expect((await login(await owner('198.51.100.21'), PASSWORD, address)).statusCode).toBe(200);
    expect((await login(email, PASSWORD, stranger())).statusCode).toBe(200);
  });

  it('each failure past the free ones doubles the wait, up to the cap', async () => {
    const throttle = new LoginThrottle(command.deps.redis, {
      maxFailuresPerAccount: 1000,
      maxFailuresPerIp: 1000,
      maxRegistrationsPerIp: 1000,
      windowSeconds: 60,
      secret: 'a-test-secret-for-the-login-throttle-keys',
    });
    const { freeFailures, firstDelaySeconds, maxDelaySeconds } = loginProtection;
    const account = `delays.${randomUUID()}@example.com`;
    const address = stranger();
    const waits: number[] = [];
    for (let failures = 1; failures <= freeFailures + 8; failures++) {
      await throttle.recordFailure(account, address);
      const error = await throttle.check(account, address).catch((e: unknown) => e);
      waits.push(error ? (error as { retryAfterSeconds: number }).retryAfterSeconds : 0);
    }
    expect(waits.slice(0, freeFailures - 1)).toEqual([0, 0, 0, 0]);
    const growing = waits.slice(freeFailures - 1);
    expect(growing[0]).toBe(firstDelaySeconds);
    expect(growing[1]).toBe(firstDelaySeconds * 2);
    expect(growing[2]).toBe(firstDelaySeconds * 4);
    for (let i = 1; i < growing.length; i++)
      expect(growing[i]).toBeGreaterThanOrEqual(growing[i - 1] as number);
    expect(growing.at(-1)).toBe(maxDelaySeconds);
    // A success from that address forgets its failures there.
    await throttle.recordSuccess(account, address);
    await expect(throttle.check(account, address)).resolves.toBeUndefined();
  });

  it('past the per-account ceiling only addresses the owner signed in from may try', async () => {
    const email = await owner('198.51.100.30');
    for (let i = 0; i < CEILING; i++)
      expect((await login(email, `guess-${i}`, stranger())).statusCode).toBe(400);
    const unknown = await login(email, PASSWORD, stranger());
    expect(unknown.statusCode).toBe(429);
    expect(Number(unknown.headers['retry-after'])).toBeLessThanOrEqual(loginProtection.accountWindowSeconds);
    const home = await login(email, PASSWORD, '198.51.100.30');
    expect(home.statusCode, home.body).toBe(200);
  });

  it('counts the address an account registered from as its own, before any sign-in', async () => {
    const email = `new.${randomUUID().slice(0, 8)}@example.com`;
    const body = { firstName: 'Kim', lastName: 'Lee', email, password: PASSWORD, accountType: 'job_seeker' };
    const registered = await sendCommand(command.app, {
      method: 'POST',
      url: '/api/auth/register',
      body,
      ip: '198.51.100.40',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    // Five wrong passwords from each of many addresses, past the account's ceiling: counted straight
    // into the service's throttle (the same keys), as a sign-in of each would, without a hash each.
    const throttle = new LoginThrottle(command.deps.redis, {
      maxFailuresPerAccount: CEILING,
      maxFailuresPerIp: 1000,
      maxRegistrationsPerIp: 1000,
      windowSeconds: 60,
      secret: personalDataSecret(command.deps.config),
    });
    for (let address = 0; address * 5 < CEILING + 5; address++) {
      const from = stranger();
      for (let i = 0; i < 5; i++) await throttle.recordFailure(email, from);
    }
    expect((await login(email, PASSWORD, stranger())).statusCode).toBe(429);
    const home = await login(email, PASSWORD, '198.51.100.40');
    expect(home.statusCode, home.body).toBe(200);
  });
});

describe('what the throttle keeps of an account', () => {
  async function throttleKeys(): Promise<string[]> {
    // The client's key prefix is not applied to a KEYS pattern.
    const prefix = command.deps.config.REDIS_KEY_PREFIX;
    return (await command.deps.redis.keys(`${prefix}login-throttle:*`)).map((key) =>
      key.slice(prefix.length),
    );
  }

  it('names no email or address in its keys, not even as a plain hash', async () => {
    const email = await owner('198.51.100.50');
    await login(email, 'wrong', '198.51.100.51');
    const plain = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 27);
    const keys = (await throttleKeys()).join(' ');
    for (const text of [email, plain(email), plain('198.51.100.50'), plain('198.51.100.51')])
      expect(keys).not.toContain(text);
  });

  it('forgets the account when it is deleted: its known addresses and its failures', async () => {
    const email = await owner('198.51.100.60');
    await login(email, 'wrong', '198.51.100.60');
    await login(email, 'wrong', stranger());
    const signedIn = await login(email, PASSWORD, '198.51.100.61');
    const sid = signedIn.cookies.find((c) => c.name === 'sid')?.value as string;
    const before = await throttleKeys();

    const deleted = await sendCommand(command.app, {
      method: 'DELETE',
      url: '/api/auth/account',
      sid,
      body: { password: PASSWORD },
      ip: '198.51.100.61',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const after = new Set(await throttleKeys());
    const gone = before.filter((key) => !after.has(key));
    expect(gone.some((key) => key.startsWith('login-throttle:known:'))).toBe(true);
    expect(gone.some((key) => key.startsWith('login-throttle:account:'))).toBe(true);
    expect(gone.some((key) => key.startsWith('login-throttle:pair:'))).toBe(true);
  });
});
