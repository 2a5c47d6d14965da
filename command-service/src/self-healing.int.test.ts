import { baseEnv, ident, loadConfig } from '@careers/service-kit';
import { proxyKafka, proxyPostgres } from '@careers/service-kit/tcp-proxy';
import { getJson as get, startInBackground, testNamespace, waitUntil } from '@careers/service-kit/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type RunningCommandService, startCommandService } from './service.ts';
import { TEST_ORIGIN } from './testing.ts';

/**
 * The command-service started while one of its dependencies is away (a proxy in front of the real one,
 * closed): it listens at once, says it is alive and what it waits for, and once the dependency is back
 * it starts on its own and takes commands, without anyone restarting it.
 */
const ns = testNamespace('cmd-self-healing');
const real = loadConfig(baseEnv, ns.commandEnv);
let service: RunningCommandService | undefined;
const stops: (() => Promise<void>)[] = [];

afterEach(async () => {
  await service?.close();
  service = undefined;
  for (const stop of stops.splice(0).reverse()) await stop();
});
afterAll(async () => {
  await ns.cleanup();
});

let seq = 0;
async function register(base: string): Promise<{ status: number; userId?: string }> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `grace.${ns.id}.${++seq}@example.com`,
      password: 'cobol-1959',
      accountType: 'job_seeker',
    }),
  });
  const body = (await response.json()) as { user?: { _id: string } };
  return { status: response.status, userId: body.user?._id };
}

/** Whether the stream's first event left the outbox (was published); undefined while none is logged. */
async function published(running: RunningCommandService, streamId: string): Promise<boolean | undefined> {
  const schema = ident(running.deps.config.DB_SCHEMA);
  const { rows } = await running.deps.pool.query<{ queued: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${schema}.event_outbox o WHERE o.position = e.position) AS queued
       FROM ${schema}.event_log e WHERE e.stream_id = $1 ORDER BY e.position LIMIT 1`,
    [streamId],
  );
  return rows[0] ? !rows[0].queued : undefined;
}

describe('command-service with a dependency away at start', () => {
  it('waits for Postgres: alive, not ready, commands refused with 503; then migrates and takes commands', async () => {
    const { proxy, databaseUrl } = await proxyPostgres(real.DATABASE_URL, { closed: true });
    stops.push(() => proxy.close());
    const starting = startInBackground((options) =>
      startCommandService({ ...ns.commandEnv, DATABASE_URL: databaseUrl }, options),
    );
    stops.push(() => starting.stop());
    const { url, started } = starting;
    const base = await url;

    expect((await get(`${base}/healthz`)).status).toBe(200);
    const waiting = await waitUntil('readyz to name postgres', async () => {
      const answer = await get(`${base}/readyz`);
      const waitingFor = answer.body.waitingFor as Record<string, string> | undefined;
      return answer.status === 503 && waitingFor?.postgres?.startsWith('failing') ? answer : undefined;
    });
    expect(waiting.body.status).toBe('starting');
    expect((await register(base)).status).toBe(503);

    await proxy.open();
    service = await started;
    await waitUntil('readyz 200', async () => (await get(`${base}/readyz`)).status === 200, 30_000);
    const accepted = await register(base);
    expect(accepted.status).toBe(201);
    const running = service;
    await waitUntil('the relay to publish the registration', async () => {
      return (await published(running, accepted.userId ?? '')) === true;
    });
  });

  it('does not wait for Kafka: accepts commands into the log, names kafka on /readyz, and drains once Kafka is back', async () => {
    const kafka = await proxyKafka(real.KAFKA_BROKERS, { closed: true });
    stops.push(() => kafka.close());
    let base = '';
    service = await startCommandService(
      { ...ns.commandEnv, ...kafka.env },
      {
        onListening: (url) => {
          base = url;
        },
      },
    );
    expect((await get(`${base}/healthz`)).status).toBe(200);
    const notReady = await get(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    expect((notReady.body.checks as Record<string, string>).kafka).toMatch(/^failing/);
    expect((notReady.body.checks as Record<string, string>).postgres).toBe('ok');

    const accepted = await register(base);
    expect(accepted.status).toBe(201);
    const running = service;
    expect(await published(running, accepted.userId ?? '')).toBe(false);

    await kafka.open();
    await waitUntil('readyz 200', async () => (await get(`${base}/readyz`)).status === 200, 30_000);
    await waitUntil(
      'the relay to publish what was accepted while Kafka was away',
      async () => (await published(running, accepted.userId ?? '')) === true,
      45_000,
    );
  });
});
