import { randomUUID } from 'node:crypto';
import { baseEnv, createPool, ident, loadConfig } from '@careers/service-kit';
import { type TextProducer, topicName } from '@careers/service-kit/kafka';
import { proxyKafka, proxyPostgres } from '@careers/service-kit/tcp-proxy';
import {
  getJson as get,
  startInBackground,
  testNamespace,
  topicProducer,
  waitUntil,
} from '@careers/service-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProjector, startProjector } from './projector-service.ts';
import { testMessages } from './projectors/testing.ts';
import { type RunningQueryService, startQueryService } from './service.ts';

/**
 * The projector and the query API with a dependency away (a proxy in front of the real one, closed):
 * they listen at once, say they are alive and what they wait for, and carry on by themselves when it
 * is back, the projector's consumer rejoining its group and catching up.
 */
const ns = testNamespace('query-self-healing');
const real = loadConfig(baseEnv, ns.queryEnv);
const schema = ident(String(ns.queryEnv.DB_SCHEMA));
const pool = createPool(real.DATABASE_URL, 2, 'self-healing-test');
const { registered } = testMessages();
let producer: TextProducer;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // The topics exist before the projector can reach Kafka: events are produced while it is cut off.
  producer = await topicProducer(ns.queryEnv);
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
afterAll(async () => {
  await producer?.close();
  await pool.end();
  await ns.cleanup();
});

/** A person registering, produced straight onto the users topic (as the relay would). */
async function produceRegistration(): Promise<string> {
  const userId = randomUUID();
  await producer.send({
    messages: [
      { topic: topicName(real, 'user'), key: userId, value: JSON.stringify(registered(userId, 'Ada')) },
    ],
  });
  return userId;
}

async function projected(userId: string): Promise<boolean> {
  const { rows } = await pool
    .query(`SELECT 1 FROM ${schema}.stream_checkpoints WHERE stream_id = $1`, [userId])
    .catch(() => ({ rows: [] }));
  return rows.length === 1;
}

describe('projector', () => {
  it('started with Kafka away: alive, not ready naming kafka; joins, projects and reports lag 0 once Kafka is back; after an outage in the middle it rejoins and catches up', async () => {
    const proxies = await proxyKafka(real.KAFKA_BROKERS, { closed: true });
    stops.push(() => proxies.close());
    const starting = startInBackground<RunningProjector>((options) =>
      startProjector({ ...ns.queryEnv, ...proxies.env }, options),
    );
    stops.push(() => starting.stop());
    const { url, started } = starting;
    const base = await url;
    expect((await get(`${base}/healthz`)).status).toBe(200);
    await waitUntil('readyz to say it waits for kafka', async () => {
      const answer = await get(`${base}/readyz`);
      return (
        answer.status === 503 &&
        answer.body.status === 'starting' &&
        'kafka' in (answer.body.waitingFor as object)
      );
    });
    const early = await produceRegistration();

    await proxies.open();
    const projector = await started;
    await waitUntil('the early registration projected', () => projected(early), 30_000);
    const ready = await waitUntil(
      'readyz 200 with lag 0',
      async () => {
        const answer = await get(`${base}/readyz`);
        return answer.status === 200 && (answer.body.info as { lag?: unknown })?.lag === 0
          ? answer
          : undefined;
      },
      30_000,
    );
    expect(ready.body.checks).toEqual({ postgres: 'ok', redis: 'ok', kafka: 'ok' });

    // Kafka goes away under a joined consumer: it crashes out of the group, is started again with
    // backoff, and rejoins once Kafka answers.
    await proxies.close();
    const during = await produceRegistration();
    await waitUntil('the consumer to lose its group', () => !projector.runner.consumerState().joined, 60_000);
    const outage = await get(`${base}/readyz`);
    expect(outage.status).toBe(503);
    expect((outage.body.checks as Record<string, string>).kafka).toMatch(/^failing/);
    expect(await projected(during)).toBe(false);

    await proxies.open();
    await waitUntil('the registration made during the outage projected', () => projected(during), 60_000);
    await waitUntil(
      'lag back to 0',
      async () => {
        const answer = await get(`${base}/readyz`);
        return answer.status === 200 && (answer.body.info as { lag?: unknown })?.lag === 0;
      },
      30_000,
    );
    expect(projector.runner.consumerState().restarts).toBeGreaterThan(0);
  }, 180_000);
});

describe('query API', () => {
  it('started with Postgres away: alive, not ready naming postgres, queries refused with 503; serves once it answers', async () => {
    const { proxy, databaseUrl } = await proxyPostgres(real.DATABASE_URL, { closed: true });
    stops.push(() => proxy.close());
    const starting = startInBackground<RunningQueryService>((options) =>
      startQueryService({ ...ns.queryEnv, DATABASE_URL: databaseUrl }, options),
    );
    stops.push(() => starting.stop());
    const { url, started } = starting;
    const base = await url;
    expect((await get(`${base}/healthz`)).status).toBe(200);
    await waitUntil('readyz to name postgres', async () => {
      const answer = await get(`${base}/readyz`);
      const waitingFor = answer.body.waitingFor as Record<string, string> | undefined;
      return answer.status === 503 && waitingFor?.postgres?.startsWith('failing');
    });
    const refused = await fetch(`${base}/api/jobs`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');

    await proxy.open();
    await started;
    await waitUntil('readyz 200', async () => (await get(`${base}/readyz`)).status === 200, 30_000);
    // Signed out, a query route now answers as it always does (401), not 503.
    expect((await fetch(`${base}/api/jobs`)).status).toBe(401);
  });
});
