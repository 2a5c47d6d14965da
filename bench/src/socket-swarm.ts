/**
 * One process of the sockets-at-scale load (measure-sockets.ts starts several): holds its share of the
 * socket.io clients, subscribes some of them to one post and records every count push they get. Driven
 * over the IPC channel, one request at a time; it exits when told to, when the bench goes away (the
 * channel closes) or at its deadline, whichever comes first, so it never outlives the run.
 *
 * Times are wall-clock milliseconds with sub-millisecond precision (`performance.timeOrigin +
 * performance.now()`), comparable between the bench and its swarm processes on one machine.
 */
import { parseConsistencyTokens } from '@careers/contracts/consistency';
import {
  clientEvents,
  type PostSubscriptionReply,
  type PostUpdatedPayload,
  SOCKET_PATH,
  serverEvents,
} from '@careers/contracts/sockets';
import { io, type Socket } from 'socket.io-client';
import { likeLatencies } from './push-latency.ts';

export type SwarmRequest =
  /** Open one socket per cookie, `atOnce` handshakes at a time. */
  | { type: 'connect'; url: string; origin: string; cookies: string[]; atOnce: number }
  /** Subscribe the first `watchers` sockets to the post. */
  | { type: 'watch'; postId: string; watchers: number }
  /** How many watchers have had a push of at least this stream version, waiting at most `timeoutMs`. */
  | { type: 'await'; version: number; timeoutMs: number }
  /** Each accepted like's stream version and reply time: the latencies of every watcher. */
  | { type: 'collect'; likes: Array<[version: number, ackedAt: number]>; finalCount: number }
  | { type: 'close' };

export type SwarmReply =
  | { type: 'connected'; connectMs: number[]; errors: Record<string, number> }
  | { type: 'watching'; joined: number }
  | { type: 'seen'; watchers: number }
  | {
      type: 'collected';
      /** Like reply -> the first push to the watcher with that like's version or a newer one. */
      samples: number[];
      /** (watcher, like) pairs with no such push at all. */
      missing: number;
      /** Watchers whose last push does not carry the final count. */
      wrongFinal: number;
      /** Pushes whose version was older than one the watcher already had. */
      steppedBack: number;
      pushes: number;
    }
  | { type: 'failed'; message: string };

/** Every client of this process gives up after this long, whatever happens (the bench's own ceiling is shorter). */
const DEADLINE_MS = Number(process.env.SWARM_DEADLINE_MS ?? 30 * 60_000);

const now = () => performance.timeOrigin + performance.now();

/** A watcher's pushes in arrival order. */
interface Received {
  at: number[];
  version: number[];
  likesCount: number[];
  /** The newest version pushed so far. */
  newest: number;
  /** Pushes older than one already received. */
  steppedBack: number;
}

function connectOne(url: string, origin: string, cookie: string): Promise<Socket> {
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
    extraHeaders: { origin, cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function main(): void {
  const send = process.send?.bind(process);
  if (!send) {
    console.error('socket-swarm: run it from the bench (it needs an IPC channel)');
    process.exit(2);
  }
  const sockets: Socket[] = [];
  const watchers: Received[] = [];
  const closeAll = () => {
    for (const socket of sockets) socket.disconnect();
  };
  const exit = (code: number) => {
    closeAll();
    process.exit(code);
  };
  setTimeout(() => exit(3), DEADLINE_MS).unref();
  process.on('disconnect', () => exit(0));

  const handle = async (request: SwarmRequest): Promise<SwarmReply | null> => {
    switch (request.type) {
      case 'connect': {
        const connectMs: number[] = [];
        const errors: Record<string, number> = {};
        let next = 0;
        const lane = async () => {
          for (let i = next++; i < request.cookies.length; i = next++) {
            const started = performance.now();
            try {
              sockets.push(await connectOne(request.url, request.origin, request.cookies[i] as string));
              connectMs.push(performance.now() - started);
            } catch (error) {
              const name = (error as Error).message || 'connect error';
              errors[name] = (errors[name] ?? 0) + 1;
            }
          }
        };
        await Promise.all(Array.from({ length: Math.max(1, request.atOnce) }, lane));
        return { type: 'connected', connectMs, errors };
      }
      case 'watch': {
        const chosen = sockets.slice(0, request.watchers);
        const replies = await Promise.all(
          chosen.map(async (socket) => {
            const received: Received = { at: [], version: [], likesCount: [], newest: 0, steppedBack: 0 };
            socket.on(serverEvents.postUpdated, (payload: PostUpdatedPayload) => {
              if (payload.postId !== request.postId) return;
              const version = parseConsistencyTokens(payload.consistencyToken)?.[0]?.streamVersion ?? 0;
              received.at.push(now());
              received.version.push(version);
              received.likesCount.push(payload.likesCount);
              if (version < received.newest) received.steppedBack++;
              received.newest = Math.max(received.newest, version);
            });
            const reply = (await socket
              .timeout(60_000)
              .emitWithAck(clientEvents.postSubscribe, { postIds: [request.postId] })
              .catch(() => ({ postIds: [] }))) as PostSubscriptionReply;
            if (!reply.postIds.includes(request.postId)) return false;
            watchers.push(received);
            return true;
          }),
        );
        return { type: 'watching', joined: replies.filter(Boolean).length };
      }
      case 'await': {
        const deadline = performance.now() + request.timeoutMs;
        const count = () => watchers.filter((w) => w.newest >= request.version).length;
        while (count() < watchers.length && performance.now() < deadline) await sleep(20);
        return { type: 'seen', watchers: count() };
      }
      case 'collect': {
        const samples: number[] = [];
        let missing = 0;
        let wrongFinal = 0;
        let steppedBack = 0;
        let pushes = 0;
        for (const received of watchers) {
          const result = likeLatencies(received, request.likes);
          for (const sample of result.samples) samples.push(Math.round(sample * 100) / 100);
          missing += result.missing;
          if (received.likesCount.at(-1) !== request.finalCount) wrongFinal++;
          steppedBack += received.steppedBack;
          pushes += received.at.length;
        }
        return { type: 'collected', samples, missing, wrongFinal, steppedBack, pushes };
      }
      case 'close':
        exit(0);
        return null;
    }
  };

  // One request at a time, in order.
  let queue: Promise<void> = Promise.resolve();
  process.on('message', (request: SwarmRequest) => {
    queue = queue.then(async () => {
      try {
        const reply = await handle(request);
        if (reply) send(reply);
      } catch (error) {
        send({ type: 'failed', message: (error as Error).stack ?? String(error) });
      }
    });
  });
}

if (import.meta.main) main();
