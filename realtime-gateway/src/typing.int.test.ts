import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientEvents, serverEvents } from '@careers/contracts/sockets';
import { baseEnv, createRedis, createSession, loadConfig, SESSION_COOKIE } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from './service.ts';
import { TYPING_NOTE_EVERY_MS } from './typing.ts';

/**
 * "is typing" through the real gateway, its sockets signed in by sessions in Redis, and a stand-in
 * query-service answering the check the gateway makes of each note (GET
 * /api/conversations/:id/messages?limit=1 as the socket's session, as typing.test.ts's): a participant's
 * note reaches the other participant's sockets alone, a stranger's and a blocked participant's reach
 * nobody, and a burst passes one note per TYPING_NOTE_EVERY_MS.
 */
const ns = testNamespace('gateway-typing');
const config = loadConfig(baseEnv, ns.gatewayEnv);
const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);

const [ann, bob, cy, stranger] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
/** Ann and Bob's conversation (both may write), and Cy's with Bob (whom Bob blocked). */
const [annBob, cyBob] = [randomUUID(), randomUUID()];
/** Who the stand-in answers for: each person's conversations, the other in it and whether they may write. */
const conversationsOf: Record<string, Record<string, { other: string; canWrite: boolean }>> = {
  [ann]: { [annBob]: { other: bob, canWrite: true } },
  [bob]: { [annBob]: { other: ann, canWrite: true }, [cyBob]: { other: cy, canWrite: false } },
  [cy]: { [cyBob]: { other: bob, canWrite: false } },
};
/** The session ids the sockets sign in with, by person. */
const sessions = new Map<string, string>();
/** The questions the stand-in was asked: who asked, about which conversation. */
const asked: { userId: string | undefined; conversationId: string }[] = [];

let server: http.Server;
let gateway: RunningGateway;
let base = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  for (const userId of [ann, bob, cy, stranger])
    sessions.set(userId, await createSession(redis, userId, 600));
  server = http.createServer((req, res) => {
    const sid = decodeURIComponent(req.headers.cookie?.split(`${SESSION_COOKIE}=`)[1] ?? '');
    const userId = [...sessions].find(([, s]) => s === sid)?.[0];
    const conversationId = decodeURIComponent((req.url ?? '').split('/')[3] ?? '');
    asked.push({ userId, conversationId });
    const found = userId ? conversationsOf[userId]?.[conversationId] : undefined;
    const [status, body] = !userId
      ? [401, { message: 'Please sign in to continue' }]
      : !found
        ? [404, { message: 'Conversation not found' }]
        : [
            200,
            {
              data: {
                conversation: { _id: conversationId, other: { _id: found.other }, canWrite: found.canWrite },
                messages: [],
                nextBefore: null,
              },
            },
          ];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const queryUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway = await startGateway(
    { ...ns.gatewayEnv, QUERY_SERVICE_URL: queryUrl },
    {
      onListening: (url) => {
        base = url;
      },
    },
  );
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await gateway?.close();
  await new Promise((resolve) => server?.close(resolve));
  redis.disconnect();
  await ns.cleanup();
});

/** A signed-in socket of `userId`, and the typing notes it hears. */
async function connect(userId: string): Promise<{ socket: Socket; heard: unknown[] }> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: {
      origin: 'http://localhost:5173',
      cookie: `${SESSION_COOKIE}=${sessions.get(userId)}`,
    },
  });
  sockets.push(socket);
  const heard: unknown[] = [];
  socket.on(serverEvents.conversationTyping, (payload: unknown) => heard.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('realtime-gateway "is typing"', () => {
  it("passes a participant's note to the other's sockets alone, a stranger's and a blocked participant's to nobody, and one note of a burst per interval", async () => {
    const a = await connect(ann);
    const b = await connect(bob);
    const bElsewhere = await connect(bob);
    const c = await connect(cy);
    const s = await connect(stranger);
    const everyone = [a, b, bElsewhere, c, s];

    // A stranger naming Ann and Bob's conversation, and Cy writing to Bob who blocked them: refused.
    s.socket.emit(clientEvents.typing, { conversationId: annBob });
    c.socket.emit(clientEvents.typing, { conversationId: cyBob });
    // A burst of Ann's: the first passes, the rest within the interval are dropped unchecked.
    for (let i = 0; i < 10; i++) a.socket.emit(clientEvents.typing, { conversationId: annBob });
    const note = { conversationId: annBob, userId: ann };
    await expect.poll(() => b.heard).toEqual([note]);
    // The gateway let the first through before this, so the interval is over by `passed` + its length.
    const passed = Date.now();
    await expect.poll(() => bElsewhere.heard).toEqual([note]);
    await expect.poll(() => asked.map((q) => q.userId).sort()).toEqual([ann, cy, stranger].sort());
    // The other checks were answered (asked above) and passed nothing on; the burst passed one note.
    await pause(300);
    for (const { heard } of [a, c, s]) expect(heard).toEqual([]);
    expect(b.heard).toEqual([note]);
    expect(bElsewhere.heard).toEqual([note]);

    // Once the interval is over another note passes, its answer kept (not asked again).
    await pause(Math.max(0, passed + TYPING_NOTE_EVERY_MS + 50 - Date.now()));
    a.socket.emit(clientEvents.typing, { conversationId: annBob });
    // And Bob's reaches Ann alone.
    b.socket.emit(clientEvents.typing, { conversationId: annBob });
    await expect.poll(() => b.heard).toEqual([note, note]);
    await expect.poll(() => a.heard).toEqual([{ conversationId: annBob, userId: bob }]);
    expect(asked.filter((q) => q.userId === ann)).toHaveLength(1);
    await pause(200);
    expect(bElsewhere.heard).toEqual([note, note]);
    for (const { heard } of [c, s]) expect(heard).toEqual([]);
    expect(everyone.every(({ socket }) => socket.connected)).toBe(true);
  });
});
