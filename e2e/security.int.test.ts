/**
 * Issue 14, the transport and the edge, across the services as a client meets them: addresses through
 * the edge (finding 1), sockets that follow their session (2), post rooms and consistency tokens that
 * follow the access policy (3), and error bodies (7). Each `it` names its finding.
 */

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningCommandService, startCommandService } from '@careers/command-service/service';
import { sendCommand, sessionCookieOf, TEST_ORIGIN } from '@careers/command-service/testing';
import { CONSISTENCY_HEADER, CONSISTENCY_WAIT_MS } from '@careers/contracts/consistency';
import type { Post } from '@careers/contracts/entities/post';
import { requestMessages } from '@careers/contracts/messages';
import { clientEvents, serverEvents } from '@careers/contracts/sockets';
import {
  baseEnv,
  ConsistencyTokenSigner,
  consistencyTokenSecret,
  createSession,
  EDGE_SECRET_HEADER,
  edgeSecretFromEnv,
  loadConfig,
  realtimeGatewayEnv,
  SESSION_COOKIE,
  sessionRef,
} from '@careers/service-kit';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdgeHandlers } from '../frontend/edge-proxy.ts';
import { type InProcessServices, startInProcessServices } from './in-process.ts';

let services: InProcessServices;
let signer: ConsistencyTokenSigner;

beforeAll(async () => {
  services = await startInProcessServices('security');
  signer = new ConsistencyTokenSigner(consistencyTokenSecret(loadConfig(baseEnv, services.ns.queryEnv)));
});
afterAll(() => services?.close());

interface Person {
  id: string;
  sid: string;
  email: string;
}

let seq = 0;
async function signUp(name: string): Promise<Person> {
  const email = `${name.toLowerCase()}.${services.ns.id}.${++seq}@example.com`;
  const response = await sendCommand(services.command.app, {
    method: 'POST',
    url: '/api/auth/register',
    body: {
      firstName: name,
      lastName: 'Tester',
      email,
      password: 'security-test-1',
      accountType: 'job_seeker',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().user._id, sid: sessionCookieOf(response)?.value as string, email };
}

const cookie = (who: Person) => `${SESSION_COOKIE}=${who.sid}`;

function command(who: Person | undefined, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  return sendCommand(services.command.app, { method, url, body, sid: who?.sid });
}

/** A socket as the session `sid`; resolves connected, or rejects with the handshake's error. */
function socketOf(sid: string): Promise<Socket> {
  return services.openSocket(sid);
}

function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** Resolves `false` if `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | false> {
  return Promise.race([promise, new Promise<false>((resolve) => setTimeout(() => resolve(false), ms))]);
}

describe('finding 1: a forged X-Forwarded-For changes nothing', () => {
  let limited: RunningCommandService;
  let edge: http.Server;
  let edgeUrl = '';

  beforeAll(async () => {
    // A command-service of its own with a small per-address registration limit, behind the dev edge.
    limited = await startCommandService({
      ...services.ns.commandEnv,
      REGISTER_MAX_PER_IP: '2',
      PORT: '0',
      // Its own counters: the other tests register many people from this same loopback address.
      REDIS_KEY_PREFIX: `${services.ns.commandEnv.REDIS_KEY_PREFIX}edge:`,
    });
    const port = (limited.app.server.address() as AddressInfo).port;
    const target = `http://127.0.0.1:${port}`;
    const handlers = createEdgeHandlers(
      { query: services.queryUrl, command: target, gateway: target },
      edgeSecretFromEnv(services.ns.commandEnv),
    );
    edge = http.createServer((req, res) => handlers.handleRequest(req, res, () => res.end()));
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
    edgeUrl = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    edge?.closeAllConnections();
    await new Promise((resolve) => edge?.close(resolve));
    await limited?.close();
  });

  it('keeps counting registrations per address through the edge, whatever address the client names', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${edgeUrl}/api/auth/register`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_ORIGIN,
          // A different made-up address each time, and a long one: neither is believed.
          'x-forwarded-for': i === 2 ? `${'9'.repeat(6000)}` : `198.51.100.${i + 1}`,
        },
        body: JSON.stringify({
          firstName: 'Forger',
          lastName: 'Tester',
          email: `forger.${services.ns.id}.${i}@example.com`,
          password: 'security-test-1',
          accountType: 'job_seeker',
        }),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toEqual({ message: expect.any(String) });
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    }
    expect(statuses).toEqual([201, 201, 429]);
    // No key carries a client's text: the forged addresses never reached a throttle.
    const keys = await limited.deps.redis.keys(`${services.ns.commandEnv.REDIS_KEY_PREFIX}edge:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.length > 300 || key.includes('198.51.100'))).toEqual([]);
  });
});

describe('issue 55, finding 8: only the edge may name the client address', () => {
  let limited: RunningCommandService;
  let serviceUrl = '';

  beforeAll(async () => {
    limited = await startCommandService({
      ...services.ns.commandEnv,
      REGISTER_MAX_PER_IP: '2',
      PORT: '0',
      REDIS_KEY_PREFIX: `${services.ns.commandEnv.REDIS_KEY_PREFIX}direct:`,
    });
    serviceUrl = `http://127.0.0.1:${(limited.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => limited?.close());

  let sequence = 0;
  const register = (headers: Record<string, string>) =>
    fetch(`${serviceUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
      body: JSON.stringify({
        firstName: 'Local',
        lastName: 'Caller',
        email: `local.${services.ns.id}.${sequence++}@example.com`,
        password: 'security-test-1',
        accountType: 'job_seeker',
      }),
    }).then((response) => response.status);

  it('counts a local process calling the service port by its socket, whatever address it names', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      // Loopback is a trusted proxy, but without the edge's secret (or with a made-up one) its
      // X-Forwarded-For is not believed.
      statuses.push(
        await register({
          'x-forwarded-for': `198.51.100.${i + 1}`,
          ...(i === 1 ? { [EDGE_SECRET_HEADER]: 'a-guess-at-the-edge-secret-that-is-long-enough' } : {}),
        }),
      );
    }
    expect(statuses).toEqual([201, 201, 429]);
    const keys = await limited.deps.redis.keys(`${services.ns.commandEnv.REDIS_KEY_PREFIX}direct:*`);
    expect(keys.filter((key) => key.includes('198.51.100'))).toEqual([]);
  });

  it('believes the address the edge names, with its secret', async () => {
    const secret = edgeSecretFromEnv(services.ns.commandEnv);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        await register({ 'x-forwarded-for': `203.0.113.${i + 1}`, [EDGE_SECRET_HEADER]: secret }),
      );
    }
    // Three addresses, one registration each: none reaches the limit of 2.
    expect(statuses).toEqual([201, 201, 201]);
  });
});

describe('finding 2: sockets follow their session', () => {
  it('closes the socket at once when its session signs out, and a new handshake is refused', async () => {
    const ada = await signUp('Ada');
    const socket = await socketOf(ada.sid);
    const closed = disconnected(socket);
    expect((await command(ada, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect(await within(closed, 3000)).toBe('io server disconnect');
    await expect(socketOf(ada.sid)).rejects.toThrow(requestMessages.socketUnauthorized);
  });

  it("closes the other sessions' sockets when the password changes elsewhere, and the changing one's too", async () => {
    const bob = await signUp('Bob');
    const login = await sendCommand(services.command.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: bob.email, password: 'security-test-1' },
    });
    const laptop = sessionCookieOf(login)?.value as string;
    const [onPhone, onLaptop] = await Promise.all([socketOf(bob.sid), socketOf(laptop)]);
    const [phoneClosed, laptopClosed] = [disconnected(onPhone), disconnected(onLaptop)];
    const changed = await sendCommand(services.command.app, {
      method: 'PUT',
      url: '/api/auth/change-password',
      body: { currentPassword: 'security-test-1', newPassword: 'security-test-2' },
      sid: laptop,
    });
    expect(changed.statusCode).toBe(200);
    // Finding 8: the changing session is replaced; its sockets close with it and the new id connects.
    expect(await within(phoneClosed, 3000)).toBe('io server disconnect');
    expect(await within(laptopClosed, 3000)).toBe('io server disconnect');
    const rotated = sessionCookieOf(changed)?.value as string;
    expect(rotated).not.toBe(laptop);
    expect((await socketOf(rotated)).connected).toBe(true);
  });

  it('closes the socket when the session expires by itself', async () => {
    const cy = await signUp('Cy');
    const shortLived = await createSession(services.command.deps.redis, cy.id, 1);
    const socket = await socketOf(shortLived);
    expect(await within(disconnected(socket), 4000)).toBe('io server disconnect');
  });

  it('checks the session on every client event: one ended without notice gets no answer', async () => {
    const dee = await signUp('Dee');
    const socket = await socketOf(dee.sid);
    const closed = disconnected(socket);
    // Removed straight from Redis, as if the announcement had been missed.
    await services.command.deps.redis.del(`session:${sessionRef(dee.sid)}`);
    socket.emit(clientEvents.postSubscribe, { postIds: [randomUUID()] });
    expect(await within(closed, 3000)).toBe('io server disconnect');
  });

  it('caps the sockets one session may hold open', async () => {
    const eve = await signUp('Eve');
    const cap = loadConfig(realtimeGatewayEnv, services.ns.gatewayEnv).MAX_SOCKETS_PER_SESSION;
    const open = await Promise.all(Array.from({ length: cap }, () => socketOf(eve.sid)));
    expect(open.every((socket) => socket.connected)).toBe(true);
    await expect(socketOf(eve.sid)).rejects.toThrow(requestMessages.tooManySockets);
    for (const socket of open) socket.disconnect();
  });
});

describe('finding 3: post rooms and consistency tokens follow who may see what', () => {
  let author: Person;
  let friend: Person;
  let stranger: Person;
  let hidden: Post;

  beforeAll(async () => {
    [author, friend, stranger] = await Promise.all([signUp('Author'), signUp('Friend'), signUp('Stranger')]);
    const { token: connectionToken } = await services.appendConnection(author.id, friend.id);
    const created = await command(author, 'POST', '/api/posts', {
      content: 'For my connections only',
      visibility: 'connections',
    });
    expect(created.statusCode).toBe(201);
    hidden = created.json().data as Post;
    // Projected, so the gateway's question to the query-service has an answer.
    await services.read(friend.sid, `/api/posts/${hidden._id}`, [
      created.headers[CONSISTENCY_HEADER] as string,
      connectionToken,
    ]);
  });

  it("refuses a stranger's post:subscribe to a connections-only post, so its likes never reach them", async () => {
    const [strangerSocket, friendSocket] = await Promise.all([socketOf(stranger.sid), socketOf(friend.sid)]);
    expect(await strangerSocket.emitWithAck(clientEvents.postSubscribe, { postIds: [hidden._id] })).toEqual({
      postIds: [],
    });
    expect(await friendSocket.emitWithAck(clientEvents.postSubscribe, { postIds: [hidden._id] })).toEqual({
      postIds: [hidden._id],
    });
    const leaked: unknown[] = [];
    strangerSocket.on(serverEvents.postUpdated, (payload) => leaked.push(payload));
    const friendHeard = new Promise((resolve) => friendSocket.once(serverEvents.postUpdated, resolve));
    // The author likes it: the friend's socket hears, the stranger's does not.
    expect((await command(author, 'POST', `/api/posts/${hidden._id}/like`)).statusCode).toBe(200);
    expect(await within(friendHeard, 10_000)).toMatchObject({ postId: hidden._id, likesCount: 1 });
    expect(leaked).toEqual([]);
  });

  it('signs each push for the socket that receives it', async () => {
    const socket = await socketOf(friend.sid);
    await socket.emitWithAck(clientEvents.postSubscribe, { postIds: [hidden._id] });
    const heard = new Promise<{ consistencyToken: string }>((resolve) =>
      socket.once(serverEvents.postCommentAdded, resolve),
    );
    const commented = await command(author, 'POST', `/api/posts/${hidden._id}/comments`, {
      content: 'Thanks',
    });
    const pushed = (await within(heard, 10_000)) as { consistencyToken: string };
    const [subject] = String(commented.headers[CONSISTENCY_HEADER]).split('.');
    expect(pushed.consistencyToken).toBe(
      signer.issue(
        { streamId: subject?.split('@')[0] ?? '', streamVersion: Number(subject?.split('@')[1]) },
        friend.id,
      ),
    );
    expect(pushed.consistencyToken).not.toBe(commented.headers[CONSISTENCY_HEADER]);
  });

  const me = (headers: Record<string, string>) => fetch(`${services.queryUrl}/api/auth/me`, { headers });
  const timed = async (headers: Record<string, string>) => {
    const started = Date.now();
    const response = await me(headers);
    return {
      ms: Date.now() - started,
      status: response.status,
      stale: response.headers.get('x-consistency-stale'),
    };
  };
  const farAhead = (streamId: string, forUser: string) =>
    signer.issue({ streamId, streamVersion: 999 }, forUser);

  it('ignores a token without a session at once (no wait, no stale flag)', async () => {
    const forged = `${author.id}@999.AAAAAAAAAAAAAAAAAAAAAA`;
    expect(await timed({ [CONSISTENCY_HEADER]: forged })).toMatchObject({ status: 401, stale: null });
    const signedButNoSession = await timed({ [CONSISTENCY_HEADER]: farAhead(author.id, author.id) });
    expect(signedButNoSession).toMatchObject({ status: 401, stale: null });
    expect(signedButNoSession.ms).toBeLessThan(CONSISTENCY_WAIT_MS / 2);
  });

  it("ignores a forged token and another user's token at once, and waits only for the viewer's own", async () => {
    const forged = await timed({ cookie: cookie(stranger), [CONSISTENCY_HEADER]: `${author.id}@999` });
    expect(forged).toMatchObject({ status: 200, stale: null });
    expect(forged.ms).toBeLessThan(CONSISTENCY_WAIT_MS / 2);
    const foreign = await timed({
      cookie: cookie(stranger),
      [CONSISTENCY_HEADER]: farAhead(author.id, author.id),
    });
    expect(foreign).toMatchObject({ status: 200, stale: null });
    expect(foreign.ms).toBeLessThan(CONSISTENCY_WAIT_MS / 2);
    const own = await timed({
      cookie: cookie(stranger),
      [CONSISTENCY_HEADER]: farAhead(stranger.id, stranger.id),
    });
    expect(own).toMatchObject({ status: 200, stale: '1' });
    expect(own.ms).toBeGreaterThanOrEqual(CONSISTENCY_WAIT_MS - 100);
  });

  it('lets one user have at most four reads waiting; the rest answer at once, stale', async () => {
    const headers = { cookie: cookie(friend), [CONSISTENCY_HEADER]: farAhead(friend.id, friend.id) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => timed(headers)));
    // A read that waited answers after the whole wait (the test above); one that did not, before it.
    // Half the wait was the line once, and a busy machine answered an unwaited read past it.
    const quick = answers.filter((answer) => answer.ms < CONSISTENCY_WAIT_MS - 100);
    expect(answers.every((answer) => answer.status === 200 && answer.stale === '1')).toBe(true);
    expect(quick).toHaveLength(2);
  });
});

describe('round three, finding 4: a live post room is left when access ends', () => {
  it("takes a removed connection's socket out of the rooms of posts it may no longer see", async () => {
    const [author, friend] = await Promise.all([signUp('Revoker'), signUp('Revoked')]);
    const { connectionId, parties, token } = await services.appendConnection(author.id, friend.id);
    const at = new Date().toISOString();
    const created = await command(author, 'POST', '/api/posts', {
      content: 'Friends only',
      visibility: 'connections',
    });
    expect(created.statusCode).toBe(201);
    const post = created.json().data as Post;
    await services.read(friend.sid, `/api/posts/${post._id}`, [
      created.headers[CONSISTENCY_HEADER] as string,
      token,
    ]);
    const [authorSocket, friendSocket] = await Promise.all([socketOf(author.sid), socketOf(friend.sid)]);
    for (const socket of [authorSocket, friendSocket]) {
      expect(await socket.emitWithAck(clientEvents.postSubscribe, { postIds: [post._id] })).toEqual({
        postIds: [post._id],
      });
    }

    // The connection ends; once the read side has it, the friend may no longer see the post.
    const removed = await services.command.deps.store.execute({ actorId: author.id }, (tx) =>
      tx.append({
        streamType: 'connection',
        streamId: connectionId,
        expectedVersion: 2,
        events: [{ type: 'ConnectionRemoved', data: { ...parties, removedBy: author.id, removedAt: at } }],
      }),
    );
    const gone = await services.read(friend.sid, `/api/posts/${post._id}`, [
      `${connectionId}@${removed.events.at(-1)?.streamVersion}`,
    ]);
    expect(gone.status).toBe(404);
    // Give the gateway's own check of the friend's rooms a moment, then like the post.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const leaked: unknown[] = [];
    friendSocket.on(serverEvents.postUpdated, (payload) => leaked.push(payload));
    const authorHeard = new Promise((resolve) => authorSocket.once(serverEvents.postUpdated, resolve));
    expect((await command(author, 'POST', `/api/posts/${post._id}/like`)).statusCode).toBe(200);
    expect(await within(authorHeard, 10_000)).toMatchObject({ postId: post._id, likesCount: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(leaked).toEqual([]);
    authorSocket.disconnect();
    friendSocket.disconnect();
  });
});

describe('round three, finding 3: a post:subscribe flood is answered, not worked on', () => {
  it('answers past the per-person budget with an error, asking nothing more', async () => {
    const flooder = await signUp('Flooder');
    const sockets = await Promise.all(Array.from({ length: 4 }, () => socketOf(flooder.sid)));
    // 4 sockets x 10 messages x 100 posts that do not exist: 4,000 posts named.
    const replies = await Promise.all(
      sockets.flatMap((socket) =>
        Array.from({ length: 10 }, () =>
          socket.emitWithAck(clientEvents.postSubscribe, {
            postIds: Array.from({ length: 100 }, () => randomUUID()),
          }),
        ),
      ),
    );
    const refused = replies.filter((reply) => reply.message === requestMessages.tooManyRequests);
    // The budget (300 questions, then 30 a second) covers three messages, and a few more as it refills
    // while the flood is answered; most are refused. Before it, none was: all 4,000 were asked.
    expect(refused.length).toBeGreaterThanOrEqual(20);
    expect(replies.every((reply) => reply.postIds.length === 0)).toBe(true);
    for (const socket of sockets) socket.disconnect();
  });
});

describe("finding 7: error bodies are the product's { message }", () => {
  it('refuses NUL and lone surrogates in post content, comments, sign-in and the feed query with 400', async () => {
    const ada = await signUp('Nul');
    const post = await command(ada, 'POST', '/api/posts', { content: 'fine' });
    const refused = [
      await command(ada, 'POST', '/api/posts', { content: 'a\u0000b' }),
      await command(ada, 'POST', '/api/posts', { content: 'a\uD800b' }),
      await command(ada, 'POST', `/api/posts/${post.json().data._id}/comments`, { content: '\uDC00' }),
      await command(undefined, 'POST', '/api/auth/login', { email: 'a\u0000@b.co', password: 'x' }),
      await command(undefined, 'POST', '/api/auth/register', {
        firstName: 'A\u0000',
        lastName: 'B',
        email: 'x@y.co',
        password: 'abcdef',
        accountType: 'job_seeker',
      }),
    ];
    for (const response of refused) {
      expect([response.statusCode, response.json()]).toEqual([400, { message: requestMessages.unsafeText }]);
    }
    const tags = await fetch(`${services.queryUrl}/api/posts/feed?tags=a%00b`, {
      headers: { cookie: cookie(ada) },
    });
    expect([tags.status, await tags.json()]).toEqual([400, { message: requestMessages.unsafeText }]);
  });

  it('answers a URL that does not decode with { message }', async () => {
    const response = await fetch(`${services.queryUrl}/api/posts/%ZZ`);
    expect([response.status, await response.json()]).toEqual([
      400,
      { message: requestMessages.malformedUrl },
    ]);
  });

  it('refuses a socket handshake whose cookie does not decode as unauthorized, not "URI malformed"', async () => {
    await expect(socketOf('%E0%A4%A')).rejects.toThrow(requestMessages.socketUnauthorized);
  });
});
