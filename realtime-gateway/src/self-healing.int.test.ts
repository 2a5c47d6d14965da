import { randomUUID } from 'node:crypto';
import { serverEvents } from '@careers/contracts/sockets';
import { baseEnv, createRedis, createSession, loadConfig, SESSION_COOKIE } from '@careers/service-kit';
import type { TextProducer } from '@careers/service-kit/kafka';
import { proxyKafka } from '@careers/service-kit/tcp-proxy';
import {
  getJson as get,
  publishConnectionRequest,
  testNamespace,
  topicProducer,
  waitUntil,
} from '@careers/service-kit/testing';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from './service.ts';

/**
 * The gateway started while Kafka is away (a proxy in front of the broker, closed): it listens and
 * takes sockets at once, says it is alive and waiting for Kafka, and pushes live events once its
 * consumer has joined the group, without a restart.
 */
const ns = testNamespace('gateway-self-healing');
const real = loadConfig(baseEnv, ns.gatewayEnv);
const redis = createRedis(real.REDIS_URL, real.REDIS_KEY_PREFIX);
let producer: TextProducer;
let gateway: RunningGateway | undefined;
let socket: Socket | undefined;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  producer = await topicProducer(ns.gatewayEnv);
});
afterAll(async () => {
  socket?.disconnect();
  await gateway?.close();
  for (const cleanup of cleanups) await cleanup();
  await producer?.close();
  redis.disconnect();
  await ns.cleanup();
});

describe('realtime-gateway with Kafka away at start', () => {
  it('is alive and not ready naming kafka, takes sockets, then joins and pushes once Kafka is back', async () => {
    const proxies = await proxyKafka(real.KAFKA_BROKERS, { closed: true });
    cleanups.push(() => proxies.close());
    let base = '';
    gateway = await startGateway(
      { ...ns.gatewayEnv, ...proxies.env },
      {
        onListening: (url) => {
          base = url;
        },
      },
    );
    expect((await get(`${base}/healthz`)).status).toBe(200);
    const waiting = await waitUntil('readyz to name kafka', async () => {
      const answer = await get(`${base}/readyz`);
      const waitingFor = answer.body.waitingFor as Record<string, string> | undefined;
      return answer.status === 503 && waitingFor?.kafka ? answer : undefined;
    });
    expect(waiting.body.status).toBe('starting');
    expect((waiting.body.checks as Record<string, string>).redis).toBe('ok');
    expect((waiting.body.checks as Record<string, string>).kafka).not.toBe('ok');

    const recipientId = randomUUID();
    const sid = await createSession(redis, recipientId, 600);
    const connected = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { origin: 'http://localhost:5173', cookie: `${SESSION_COOKIE}=${sid}` },
    });
    socket = connected;
    await new Promise<void>((resolve, reject) => {
      connected.once('connect', () => resolve());
      connected.once('connect_error', reject);
    });
    const received: string[] = [];
    connected.on(serverEvents.connectionRequested, (payload: { connectionId: string }) =>
      received.push(payload.connectionId),
    );

    await proxies.open();
    await gateway.gateway.ready;
    await waitUntil('readyz 200', async () => (await get(`${base}/readyz`)).status === 200, 30_000);

    // The group reads from the end of the topics as it joins: an event sent at that very moment may
    // fall before its starting offset, so it is sent again (a fresh request each time) until one arrives.
    const sent: string[] = [];
    await waitUntil(
      'a connection request pushed to its recipient',
      async () => {
        sent.push(await publishConnectionRequest(producer, real, recipientId));
        await new Promise((resolve) => setTimeout(resolve, 500));
        return received.length > 0;
      },
      30_000,
    );
    expect(sent).toEqual(expect.arrayContaining(received));
  });
});
