/**
 * Two copies of every service in one namespace, as `REPLICAS=2 npm start` runs them (issue 59), against
 * the real Postgres, Kafka and Redis: a like through either command-service copy reaches the sockets of
 * both gateway copies, and a read through either query-service copy honours the like's consistency
 * token; the projector copies split the partitions and apply each event once; and when the command-service
 * copy whose relay publishes is closed, the other's takes over, with every event on its topic once;
 * and a gateway whose own query-service copy is down asks the other who may see a post.
 */
import { type RunningCommandService, startCommandService } from '@careers/command-service/service';
import { sendCommand, sessionCookieOf, TEST_ORIGIN } from '@careers/command-service/testing';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { clientEvents, serverEvents } from '@careers/contracts/sockets';
import type { streamTypes } from '@careers/contracts/topics';
import { type RunningProjector, startProjector } from '@careers/query-service/projector-service';
import { type RunningQueryService, startQueryService } from '@careers/query-service/service';
import { type RunningGateway, startGateway } from '@careers/realtime-gateway/service';
import { baseEnv, ident, loadConfig, SESSION_COOKIE } from '@careers/service-kit';
import { topicName } from '@careers/service-kit/kafka';
import { readTopicUntil, testNamespace, waitUntil } from '@careers/service-kit/testing';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';

const ns = testNamespace('two-copies');
const config = loadConfig(baseEnv, ns.commandEnv);
// One after the other: each migrates its schema at start.
const commands: RunningCommandService[] = [];
for (let k = 0; k < 2; k++) commands.push(await startCommandService(ns.commandEnv, { listen: false }));
const queries: RunningQueryService[] = [];
for (let k = 0; k < 2; k++) queries.push(await startQueryService(ns.queryEnv));
const projectors: RunningProjector[] = [];
for (let k = 0; k < 2; k++) projectors.push(await startProjector(ns.queryEnv));
const urlOf = (query: RunningQueryService) => {
  const address = query.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};
// Each gateway asks its own query-service copy who may see a post, and the other when it cannot reach it.
const gateways: RunningGateway[] = [];
for (const query of queries) {
  const own = [query, ...queries.filter((other) => other !== query)];
  gateways.push(await startGateway({ ...ns.gatewayEnv, QUERY_SERVICE_URL: own.map(urlOf).join(',') }));
}
await Promise.all(gateways.map((gateway) => gateway.gateway.ready));
const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.allSettled([
    ...commands.map((c) => c.close()),
    ...queries.map((q) => q.close()),
    ...projectors.map((p) => p.close()),
    ...gateways.map((g) => g.close()),
  ]);
  await ns.cleanup();
});

interface Person {
  id: string;
  sid: string;
}

let seq = 0;
async function signUp(through: RunningCommandService, firstName: string): Promise<Person> {
  const response = await sendCommand(through.app, {
    method: 'POST',
    url: '/api/auth/register',
    body: {
      firstName,
      lastName: 'Copies',
      email: `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`,
      password: 'two-copies-1',
      accountType: 'job_seeker',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().user._id, sid: sessionCookieOf(response)?.value as string };
}

async function send(through: RunningCommandService, who: Person, url: string, body?: unknown) {
  const response = await sendCommand(through.app, { method: 'POST', url, body, sid: who.sid });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return { body: response.json(), token: String(response.headers[CONSISTENCY_HEADER]) };
}

/** GET through one query-service copy as `who`, waiting for the write `token` names. */
async function read(query: RunningQueryService, who: Person, path: string, token?: string) {
  const response = await fetch(`${urlOf(query)}${path}`, {
    headers: { cookie: `${SESSION_COOKIE}=${who.sid}`, ...(token ? { [CONSISTENCY_HEADER]: token } : {}) },
  });
  expect(response.headers.get('x-consistency-stale')).toBeNull();
  return (await response.json()) as { data: Record<string, unknown> };
}

function openSocket(gateway: RunningGateway, who: Person): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${gateway.port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin: TEST_ORIGIN, cookie: `${SESSION_COOKIE}=${who.sid}` },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const likesPushed = (socket: Socket, likesCount: number) =>
  new Promise<void>((resolve) => {
    const seen = (payload: { likesCount: number }) => {
      if (payload.likesCount !== likesCount) return;
      socket.off(serverEvents.postUpdated, seen);
      resolve();
    };
    socket.on(serverEvents.postUpdated, seen);
  });

describe('two copies of every service', () => {
  let ada: Person;
  let bob: Person;
  let postId: string;

  it('push a like through either command-service to the sockets of both gateways, and read it through either query-service', async () => {
    const [first, second] = commands as [RunningCommandService, RunningCommandService];
    const [queryOne, queryTwo] = queries as [RunningQueryService, RunningQueryService];
    ada = await signUp(first, 'Ada');
    bob = await signUp(second, 'Bob');
    const created = await send(first, ada, '/api/posts', { content: 'Seen from both copies' });
    postId = created.body.data._id;
    await read(queryTwo, ada, `/api/posts/${postId}`, created.token);

    const [onOne, onTwo] = await Promise.all([
      openSocket(gateways[0] as RunningGateway, ada),
      openSocket(gateways[1] as RunningGateway, bob),
    ]);
    for (const socket of [onOne, onTwo]) {
      expect(await socket.emitWithAck(clientEvents.postSubscribe, { postIds: [postId] })).toEqual({
        postIds: [postId],
      });
    }

    let pushed = Promise.all([likesPushed(onOne, 1), likesPushed(onTwo, 1)]);
    const bobLiked = await send(first, bob, `/api/posts/${postId}/like`);
    await pushed;
    // The token came from command-service copy 1; query-service copy 2 waits for it.
    expect((await read(queryTwo, bob, `/api/posts/${postId}`, bobLiked.token)).data).toMatchObject({
      likesCount: 1,
      isLiked: true,
    });

    pushed = Promise.all([likesPushed(onOne, 2), likesPushed(onTwo, 2)]);
    const adaLiked = await send(second, ada, `/api/posts/${postId}/like`);
    await pushed;
    expect((await read(queryOne, ada, `/api/posts/${postId}`, adaLiked.token)).data).toMatchObject({
      likesCount: 2,
      isLiked: true,
    });
  });

  it('split the partitions between the projector copies, each event applied once', async () => {
    const [first, second] = commands as [RunningCommandService, RunningCommandService];
    // Posts are keyed by id, so sixteen of them land on both partitions of the post topic.
    let last = '';
    for (let i = 0; i < 16; i++) {
      const created = await send(i % 2 ? first : second, ada, '/api/posts', { content: `Post ${i}` });
      last = (await send(i % 2 ? second : first, bob, `/api/posts/${created.body.data._id}/like`)).token;
    }
    await read(queries[0] as RunningQueryService, bob, '/api/posts/feed', last);
    const { rows } = await (commands[0] as RunningCommandService).deps.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${ident(ns.commandEnv.DB_SCHEMA as string)}.event_log`,
    );
    const written = rows[0]?.n ?? 0;
    await waitUntil(
      'every event applied by one projector copy or the other',
      () => projectors.reduce((n, p) => n + p.runner.applied, 0) >= written,
    );
    expect(projectors.map((p) => p.runner.applied).every((n) => n > 0)).toBe(true);
    expect(projectors.reduce((n, p) => n + p.runner.applied, 0)).toBe(written);
    expect(projectors.map((p) => p.runner.skipped)).toEqual([0, 0]);
  });

  it("hand publishing to the other command-service when the relay's holder closes, every event on its topic once", async () => {
    await waitUntil('one relay publishing', () => commands.some((c) => c.deps.relay.isActive));
    const holder = commands.find((c) => c.deps.relay.isActive) as RunningCommandService;
    const other = commands.find((c) => c !== holder) as RunningCommandService;
    expect(other.deps.relay.isActive).toBe(false);
    // /readyz says which copy publishes (what the fault suite and an operator read).
    const relayOf = async (copy: RunningCommandService) =>
      ((await copy.app.inject('/readyz')).json() as { info: { relay: string } }).info.relay;
    expect([await relayOf(holder), await relayOf(other)]).toEqual(['publishing', 'standby']);
    await holder.close();
    commands.splice(commands.indexOf(holder), 1);

    const closedAt = Date.now();
    const liked = await send(other, ada, `/api/posts/${postId}/like`);
    expect(
      (await read(queries[1] as RunningQueryService, ada, `/api/posts/${postId}`, liked.token)).data,
    ).toMatchObject({ likesCount: 1, isLiked: false });
    expect(other.deps.relay.isActive).toBe(true);
    expect(await relayOf(other)).toBe('publishing');
    expect(Date.now() - closedAt).toBeLessThan(10_000);

    const { rows } = await other.deps.pool.query<{ id: string; stream_type: string }>(
      `SELECT event_id::text AS id, stream_type FROM ${ident(ns.commandEnv.DB_SCHEMA as string)}.event_log`,
    );
    const published = new Map<string, number>();
    for (const type of new Set(rows.map((row) => row.stream_type))) {
      const wanted = rows.filter((row) => row.stream_type === type).length;
      const messages = await readTopicUntil(
        config.KAFKA_BROKERS,
        topicName(config, type as (typeof streamTypes)[number]),
        (read) => read.length >= wanted,
      );
      for (const message of messages) {
        const { id } = JSON.parse(message.value?.toString() ?? '{}') as { id: string };
        published.set(id, (published.get(id) ?? 0) + 1);
      }
    }
    expect(rows.filter((row) => published.get(row.id) !== 1)).toEqual([]);
    expect(published.size).toBe(rows.length);
  });

  it("let a socket join a post's room on a gateway whose own query-service copy is down", async () => {
    const [own, other] = queries as [RunningQueryService, RunningQueryService];
    const writer = commands[0] as RunningCommandService;
    // A post this gateway has not seen yet, so it must ask a query-service who may see it.
    const created = await send(writer, ada, '/api/posts', { content: 'Asked of the other copy' });
    const newPost = created.body.data._id as string;
    await read(other, ada, `/api/posts/${newPost}`, created.token);
    await own.close();
    queries.splice(queries.indexOf(own), 1);
    const socket = await openSocket(gateways[0] as RunningGateway, bob);
    expect(await socket.emitWithAck(clientEvents.postSubscribe, { postIds: [newPost] })).toEqual({
      postIds: [newPost],
    });
    const pushed = likesPushed(socket, 1);
    await send(writer, bob, `/api/posts/${newPost}/like`);
    await pushed;
  });
});
