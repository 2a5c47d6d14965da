import { randomUUID } from 'node:crypto';
import { requestMessages } from '@careers/contracts/messages';
import { testNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { sendCommand } from '../testing.ts';

const ns = testNamespace('hashing-cap');
let command: RunningCommandService;

beforeAll(async () => {
  // One hash at a time and one waiting: the cap of a one-core server, made small enough to meet.
  command = await startCommandService(
    { ...ns.commandEnv, PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1' },
    { listen: false },
  );
});
afterAll(async () => {
  await command?.close();
  await ns.cleanup();
});

describe('password hashing has a concurrency cap', () => {
  it('a burst of sign-ins gets 503 busy with Retry-After beyond the queue, and a real sign-in still completes', async () => {
    const email = `busy.${randomUUID().slice(0, 8)}@example.com`;
    const password = 'analytical-engine';
    const registered = await sendCommand(command.app, {
      method: 'POST',
      url: '/api/auth/register',
      body: { firstName: 'Ada', lastName: 'King', email, password, accountType: 'job_seeker' },
      ip: '198.51.100.90',
    });
    expect(registered.statusCode, registered.body).toBe(201);

    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sendCommand(command.app, {
          method: 'POST',
          url: '/api/auth/login',
          body: { email, password: `wrong-${i}` },
          ip: `203.0.113.${100 + i}`,
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(2);
    const busy = burst.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + statuses.filter((s) => s === 400).length).toBe(12);
    for (const response of busy) {
      expect(response.json()).toEqual({ message: requestMessages.hashingBusy });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }

    const started = performance.now();
    const real = await sendCommand(command.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password },
      ip: '198.51.100.90',
    });
    expect(real.statusCode, real.body).toBe(200);
    console.log(
      `hashing cap 1: ${busy.length} of 12 burst sign-ins answered 503; the real sign-in took ${Math.round(performance.now() - started)} ms`,
    );
  });
});
