import { randomUUID } from 'node:crypto';
import { loginProtection } from '@careers/contracts/constants';
import { authMessages } from '@careers/contracts/messages';
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
});
