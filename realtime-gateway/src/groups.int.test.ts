import { randomUUID } from 'node:crypto';
import { serverEvents } from '@careers/contracts/sockets';
import {
  baseEnv,
  createLogger,
  createRedis,
  createSession,
  loadConfig,
  SESSION_COOKIE,
} from '@careers/service-kit';
import {
  createKafka,
  processGroupPrefix,
  type TextProducer,
  topicName,
  withAdmin,
} from '@careers/service-kit/kafka';
import {
  publishConnectionRequest,
  testNamespace,
  topicProducer,
  waitUntil,
} from '@careers/service-kit/testing';
import { Consumer } from '@platformatic/kafka';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_GROUP } from './gateway.ts';
import { type RunningGateway, startGateway } from './service.ts';

/**
 * Each gateway reads every event itself, in a consumer group of its own: two gateways each push to
 * their own sockets with no word between them; one that closes takes its group with it, and a gateway
 * that starts deletes the groups gone gateways left behind.
 */
const ns = testNamespace('gateway-groups');
const config = loadConfig(baseEnv, ns.gatewayEnv);
const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
const kafka = createKafka(config, 'gateway-groups-test', createLogger('test', 'error'));
const prefix = processGroupPrefix(config, GATEWAY_GROUP);
let producer: TextProducer;
const gateways: RunningGateway[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  producer = await topicProducer(ns.gatewayEnv);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const gateway of gateways) await gateway.close();
  await producer?.close();
  redis.disconnect();
  await ns.cleanup();
});

async function groupsWhere(keep: (id: string) => boolean): Promise<string[]> {
  return withAdmin(kafka, async (admin) => [...(await admin.listGroups()).keys()].filter(keep).sort());
}

/** A member of `groupId` that joins, then leaves: the group stays, with no member. */
async function joinAndLeave(groupId: string, joined: () => Promise<boolean>): Promise<void> {
  const consumer = new Consumer({ ...kafka.options(), groupId });
  try {
    await consumer.consume({ topics: [topicName(config, 'connection')], mode: 'latest' });
    await waitUntil(`${groupId} joined`, joined);
  } finally {
    await consumer.close(true);
  }
}
const gatewayGroups = () => groupsWhere((id) => id.startsWith(prefix));
const groupsNamed = (name: string) => groupsWhere((id) => id === name);

async function start(): Promise<{ gateway: RunningGateway; base: string }> {
  let base = '';
  const gateway = await startGateway(ns.gatewayEnv, {
    onListening: (url) => {
      base = url;
    },
  });
  gateways.push(gateway);
  await gateway.gateway.ready;
  return { gateway, base };
}

async function socketOf(base: string, userId: string): Promise<{ received: string[] }> {
  const sid = await createSession(redis, userId, 600);
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin: 'http://localhost:5173', cookie: `${SESSION_COOKIE}=${sid}` },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const received: string[] = [];
  socket.on(serverEvents.connectionRequested, (payload: { connectionId: string }) =>
    received.push(payload.connectionId),
  );
  return { received };
}

describe('the gateways’ consumer groups', () => {
  it('are one per gateway: each pushes to its own sockets, and a closed one takes its group along', async () => {
    // A group a gateway that died left behind (offsets committed, no member).
    const gone = `${prefix}${randomUUID()}`;
    await joinAndLeave(gone, async () => (await gatewayGroups()).includes(gone));
    // And the one group gateways of earlier releases shared, empty once they are all replaced.
    const shared = prefix.slice(0, -1);
    await joinAndLeave(shared, async () => (await groupsNamed(shared)).length === 1);

    const first = await start();
    const second = await start();
    // Each gateway tidies once it reads, beside its start.
    await waitUntil(
      'the groups of gateways gone deleted',
      async () => !(await gatewayGroups()).includes(gone) && (await groupsNamed(shared)).length === 0,
    );
    const groups = await gatewayGroups();
    expect(groups).toHaveLength(2);
    expect(groups).not.toContain(gone);
    expect(await groupsNamed(shared)).toEqual([]);

    const [ann, bob] = [randomUUID(), randomUUID()];
    const annOnFirst = await socketOf(first.base, ann);
    const bobOnSecond = await socketOf(second.base, bob);
    // Each gateway's consumer reads from the end as it joins: requests are sent until one arrives.
    for (const [person, socket] of [
      [ann, annOnFirst],
      [bob, bobOnSecond],
    ] as const) {
      await waitUntil(
        'a connection request pushed to its recipient',
        async () => {
          await publishConnectionRequest(producer, config, person);
          await new Promise((resolve) => setTimeout(resolve, 300));
          return socket.received.length > 0;
        },
        30_000,
      );
    }

    await first.gateway.close();
    gateways.splice(gateways.indexOf(first.gateway), 1);
    expect(await gatewayGroups()).toHaveLength(1);
    // The gateway left pushes on, to its own sockets, with no other to tell it anything.
    const before = bobOnSecond.received.length;
    await publishConnectionRequest(producer, config, bob);
    await waitUntil(
      'the push after the other gateway closed',
      async () => bobOnSecond.received.length > before,
    );
  });
});
