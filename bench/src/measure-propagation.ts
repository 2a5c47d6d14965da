import { CONSISTENCY_HEADER, parseConsistencyTokens } from '@careers/contracts/consistency';
import { routes } from '@careers/contracts/routes';
import {
  clientEvents,
  type PostSubscriptionReply,
  type PostUpdatedPayload,
  SOCKET_PATH,
  serverEvents,
} from '@careers/contracts/sockets';
import { io, type Socket } from 'socket.io-client';
import { type BenchUser, header, type LikeState, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { openLoop } from './load.ts';
import { type Population, pick } from './measure-setup.ts';
import { likeLatencies } from './push-latency.ts';
import { type LatencySummary, summarize } from './stats.ts';

export interface PropagationResult {
  /** Target arrivals per second. */
  rate: number;
  /** Likes sent in the measured window, how many the command-service accepted, and that per second. */
  sent: number;
  accepted: number;
  acceptedRate: number;
  errors: Record<string, number>;
  /** Arrivals not sent because that user's last like on that post was still awaited (rare). */
  skippedBusy: number;
  /** The largest delay between an arrival's scheduled time and its sending (the generator's own lag). */
  maxLagMs: number;
  sockets: number;
  /**
   * Reply received -> GET /api/posts/:id (no token) as the liker shows it, for a random share of the
   * likes; `pollsPerSecond` is the extra read load this puts on the query-service.
   */
  visibility: LatencySummary & { timeouts: number; share: number; pollsPerSecond: number };
  /**
   * Reply received -> `post:updated` with the reply's version of the post or a newer one (the gateway
   * sends a busy post's newest count once per short window), on every subscribed socket.
   */
  socket: LatencySummary & { expected: number; missing: number; beforeReply: number };
  cpu: CpuUsage[];
}

const VISIBILITY_TIMEOUT_MS = 5000;

/**
 * Whether a read shows a like. The liker's `isLiked` must match the reply; so must `likesCount`, unless
 * a later like on the post was accepted since (then the count may already include it).
 */
export function likeVisible(
  expected: LikeState,
  version: number,
  newestVersion: number,
  read: { likesCount: number; isLiked: boolean },
): boolean {
  if (read.isLiked !== expected.isLiked) return false;
  return newestVersion > version || read.likesCount === expected.likesCount;
}

/** Polls often at first, then every 10% of the time waited so far (at most 50 ms): ~10% resolution. */
export function pollDelay(elapsedMs: number, minMs: number): number {
  return Math.max(minMs, Math.min(50, elapsedMs / 10));
}
const DRAIN_TIMEOUT_MS = 6000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connect(gatewayUrl: string, origin: string, user: BenchUser): Promise<Socket> {
  const socket = io(gatewayUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin, cookie: user.cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket connect: ${error.message}`)));
  });
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

/**
 * Open loop of like toggles by random users on random posts at a fixed arrival rate. For each accepted
 * like: how long until each subscribed socket gets the push carrying its consistency token, and (for a
 * share of them) until the query API shows it to the liker.
 */
export async function measurePropagation(
  api: ProductApi,
  population: Population,
  gateway: { url: string; origin: string },
  rate: number,
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<PropagationResult> {
  const listeners = population.users.slice(0, config.sockets);
  const sockets = await Promise.all(listeners.map((user) => connect(gateway.url, gateway.origin, user)));
  try {
    /** Per socket, per post: the pushes in arrival order (the post's stream version and the time). */
    const arrivals = sockets.map(() => new Map<string, { at: number[]; version: number[] }>());
    /** Per post: the measured likes' versions and reply times. */
    const measuredLikes = new Map<string, Array<[number, number]>>();
    const pushedVersion = (socket: number, postId: string) =>
      Math.max(0, ...(arrivals[socket]?.get(postId)?.version ?? []));
    sockets.forEach((socket, i) => {
      socket.on(serverEvents.postUpdated, (payload: PostUpdatedPayload) => {
        // A push's token is signed for its listener, the reply's for the liker: the versions they name match.
        const version = parseConsistencyTokens(payload.consistencyToken)?.[0]?.streamVersion ?? 0;
        const byPost = arrivals[i] as Map<string, { at: number[]; version: number[] }>;
        const list = byPost.get(payload.postId) ?? { at: [], version: [] };
        list.at.push(performance.now());
        list.version.push(version);
        byPost.set(payload.postId, list);
      });
    });
    // The gateway joins a post's room only once the query-service shows the post to that socket's
    // session, so the subscriptions are in place when every socket's acknowledgement names every post.
    const joined = await Promise.all(
      sockets.map(
        (socket) =>
          socket.timeout(30_000).emitWithAck(clientEvents.postSubscribe, {
            postIds: population.postIds,
          }) as Promise<PostSubscriptionReply>,
      ),
    );
    const short = joined.filter((reply) => reply.postIds.length < population.postIds.length).length;
    if (short > 0) throw new Error(`${short} sockets could not join every post's room`);

    // The subscriptions are in place and the gateway's consumer is live once a like reaches every socket.
    const probeUser = population.users[0] as BenchUser;
    const probePost = population.postIds[0] as string;
    const probe = await api.toggleLike(probeUser, probePost);
    const probeVersion = parseConsistencyTokens(header(probe, CONSISTENCY_HEADER))?.[0]?.streamVersion ?? 0;
    const subscribed = await until(
      () => sockets.every((_, i) => pushedVersion(i, probePost) >= probeVersion),
      15_000,
    );
    if (!subscribed) throw new Error('sockets did not receive a like push within 15 s');
    progress(`${sockets.length} sockets subscribed to ${population.postIds.length} posts`);

    /** `<user>|<post>` pairs with a like awaiting visibility: a pair gets no second like meanwhile. */
    const busy = new Set<string>();
    /** The newest accepted version of each post's stream, from the replies' consistency tokens. */
    const newest = new Map<string, number>();
    const visibilitySamples: number[] = [];
    const errors: Record<string, number> = {};
    const countError = (name: string) => {
      errors[name] = (errors[name] ?? 0) + 1;
    };
    let sent = 0;
    let accepted = 0;
    let timeouts = 0;
    let skippedBusy = 0;
    let polls = 0;
    let inflight = 0;

    const waitVisible = async (
      user: BenchUser,
      expected: LikeState,
      version: number,
      since: number,
      measured: boolean,
    ) => {
      for (;;) {
        const reply = await api.getPost(user, expected.postId);
        if (measured) polls++;
        const now = performance.now();
        if (reply.status === 200) {
          const { data } = JSON.parse(reply.body) as { data: { likesCount: number; isLiked: boolean } };
          if (likeVisible(expected, version, newest.get(expected.postId) ?? version, data)) {
            if (measured) visibilitySamples.push(now - since);
            return;
          }
        }
        if (now - since > VISIBILITY_TIMEOUT_MS) {
          if (measured) timeouts++;
          return;
        }
        await sleep(pollDelay(now - since, config.pollMs));
      }
    };

    const like = async (measured: boolean) => {
      const user = pick(population.users);
      const postId = pick(population.postIds);
      const pair = `${user.id}|${postId}`;
      if (busy.has(pair)) {
        if (measured) skippedBusy++;
        return;
      }
      busy.add(pair);
      inflight++;
      if (measured) sent++;
      try {
        const reply = await api.toggleLike(user, postId);
        const at = performance.now();
        if (reply.status !== routes.toggleLike.status) {
          if (measured) countError(`HTTP ${reply.status}`);
          return;
        }
        const token = header(reply, CONSISTENCY_HEADER) ?? '';
        const version = parseConsistencyTokens(token)?.[0]?.streamVersion ?? 0;
        newest.set(postId, Math.max(newest.get(postId) ?? 0, version));
        if (measured) {
          accepted++;
          const likes = measuredLikes.get(postId) ?? [];
          likes.push([version, at]);
          measuredLikes.set(postId, likes);
        }
        if (Math.random() < config.visibilityShare) {
          const { data } = JSON.parse(reply.body) as { data: LikeState };
          await waitVisible(user, data, version, at, measured);
        }
      } catch (error) {
        if (measured) countError((error as Error).name);
      } finally {
        busy.delete(pair);
        inflight--;
      }
    };

    const cpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
    progress(
      `open loop at ${rate.toFixed(0)} likes/s: ${config.warmupSeconds}s warm-up + ${config.seconds}s, ` +
        `${Math.round(config.visibilityShare * 100)}% of likes polled through GET, ${sockets.length} sockets`,
    );
    const loop = await openLoop(
      {
        rate,
        warmupMs: config.warmupSeconds * 1000,
        durationMs: config.seconds * 1000,
        onMeasureStart: cpu.start,
        onMeasureEnd: cpu.end,
      },
      (measured) => void like(measured),
    );
    await until(
      () =>
        inflight === 0 &&
        sockets.every((_, i) =>
          [...measuredLikes.keys()].every((postId) => pushedVersion(i, postId) >= (newest.get(postId) ?? 0)),
        ),
      DRAIN_TIMEOUT_MS,
    );
    const socketSamples: number[] = [];
    let beforeReply = 0;
    let undelivered = 0;
    for (const byPost of arrivals) {
      for (const [postId, likes] of measuredLikes) {
        const result = likeLatencies(byPost.get(postId) ?? { at: [], version: [] }, likes);
        socketSamples.push(...result.samples);
        beforeReply += result.early;
        undelivered += result.missing;
      }
    }
    const visibility = {
      ...summarize(visibilitySamples),
      timeouts,
      share: config.visibilityShare,
      pollsPerSecond: Math.round(polls / config.seconds),
    };
    const socket = {
      ...summarize(socketSamples),
      expected: accepted * sockets.length,
      missing: undelivered,
      beforeReply,
    };
    progress(
      `  visible via GET: p50 ${visibility.p50} ms, p99 ${visibility.p99} ms (${visibility.count} samples, ${timeouts} timeouts); ` +
        `socket: p50 ${socket.p50} ms, p99 ${socket.p99} ms (${socket.count} of ${socket.expected} deliveries)`,
    );
    return {
      rate,
      sent,
      accepted,
      acceptedRate: accepted / config.seconds,
      errors,
      skippedBusy,
      maxLagMs: loop.maxLagMs,
      sockets: sockets.length,
      visibility,
      socket,
      cpu: cpu.usage(),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}
