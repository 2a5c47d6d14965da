import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { routes } from '@careers/contracts/routes';
import { clientEvents, type PostUpdatedPayload, SOCKET_PATH, serverEvents } from '@careers/contracts/sockets';
import { io, type Socket } from 'socket.io-client';
import { type BenchUser, header, type LikeState, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type MeteredProcess } from './cpu.ts';
import { openLoop } from './load.ts';
import { type Population, pick } from './measure-setup.ts';
import { type LatencySummary, summarize } from './stats.ts';

export interface PropagationResult {
  /** Target arrivals per second. */
  rate: number;
  /** Likes sent in the measured window, how many the command-service accepted, and that per second. */
  sent: number;
  accepted: number;
  acceptedRate: number;
  errors: Record<string, number>;
  /** Arrivals not sent because every post still had a like awaiting visibility (the system fell behind). */
  skippedBusy: number;
  /** The largest delay between an arrival's scheduled time and its sending (the generator's own lag). */
  maxLagMs: number;
  sockets: number;
  /** Reply received -> GET /api/posts/:id (no token) shows the like's count and isLiked. */
  visibility: LatencySummary & { timeouts: number; pollMs: number };
  /** Reply received -> `post:updated` with the reply's consistency token, on every subscribed socket. */
  socket: LatencySummary & { expected: number; missing: number; beforeReply: number };
  cpu: CpuUsage[];
}

const VISIBILITY_TIMEOUT_MS = 5000;
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
 * Open loop of like toggles at a fixed arrival rate. For each accepted like: how long until the query
 * API shows it, and until each subscribed socket gets the push carrying its consistency token. A post
 * gets no new like while its last one is still awaited, so "shows it" can be checked exactly.
 */
export async function measurePropagation(
  api: ProductApi,
  population: Population,
  gateway: { url: string; origin: string },
  rate: number,
  config: BenchConfig,
  meter: { processes: () => MeteredProcess[]; ticksPerSecond: number },
  progress: (line: string) => void,
): Promise<PropagationResult> {
  const listeners = population.users.slice(0, config.sockets);
  const sockets = await Promise.all(listeners.map((user) => connect(gateway.url, gateway.origin, user)));
  try {
    /** Deliveries per token (arrival times), kept until the reply with that token is in. */
    const early = new Map<string, number[]>();
    const acceptedAt = new Map<string, number>();
    const socketSamples: number[] = [];
    let beforeReply = 0;
    let delivered = 0;
    const onDelivery = (token: string, at: number) => {
      const accepted = acceptedAt.get(token);
      if (accepted === undefined) {
        early.set(token, [...(early.get(token) ?? []), at]);
        return;
      }
      delivered++;
      if (at < accepted) beforeReply++;
      socketSamples.push(Math.max(0, at - accepted));
    };
    for (const socket of sockets) {
      socket.on(serverEvents.postUpdated, (payload: PostUpdatedPayload) =>
        onDelivery(payload.consistencyToken, performance.now()),
      );
      socket.emit(clientEvents.postSubscribe, { postIds: population.postIds });
    }

    // The subscriptions are in place and the gateway's consumer is live once a like reaches every socket.
    const probeUser = population.users[0] as BenchUser;
    const probe = await api.toggleLike(probeUser, population.postIds[0] as string);
    const probeToken = header(probe, CONSISTENCY_HEADER) ?? '';
    const subscribed = await until(() => (early.get(probeToken)?.length ?? 0) >= sockets.length, 15_000);
    if (!subscribed) throw new Error('sockets did not receive a like push within 15 s');
    early.clear();
    progress(`${sockets.length} sockets subscribed to ${population.postIds.length} posts`);

    const busy = new Set<string>();
    const visibilitySamples: number[] = [];
    const errors: Record<string, number> = {};
    let sent = 0;
    let accepted = 0;
    let timeouts = 0;
    let skippedBusy = 0;
    let inflight = 0;

    const waitVisible = async (user: BenchUser, expected: LikeState, since: number, measured: boolean) => {
      for (;;) {
        const reply = await api.getPost(user, expected.postId);
        const now = performance.now();
        if (reply.status === 200) {
          const { data } = JSON.parse(reply.body) as { data: { likesCount: number; isLiked: boolean } };
          if (data.likesCount === expected.likesCount && data.isLiked === expected.isLiked) {
            if (measured) visibilitySamples.push(now - since);
            return;
          }
        }
        if (now - since > VISIBILITY_TIMEOUT_MS) {
          if (measured) timeouts++;
          return;
        }
        await sleep(config.pollMs);
      }
    };

    const like = async (measured: boolean) => {
      const free = population.postIds.filter((id) => !busy.has(id));
      if (free.length === 0) {
        if (measured) skippedBusy++;
        return;
      }
      const postId = pick(free);
      const user = pick(population.users);
      busy.add(postId);
      inflight++;
      if (measured) sent++;
      try {
        const reply = await api.toggleLike(user, postId);
        const at = performance.now();
        if (reply.status !== routes.toggleLike.status) {
          if (measured) errors[`HTTP ${reply.status}`] = (errors[`HTTP ${reply.status}`] ?? 0) + 1;
          return;
        }
        const token = header(reply, CONSISTENCY_HEADER) ?? '';
        if (measured) {
          accepted++;
          acceptedAt.set(token, at);
          for (const arrival of early.get(token) ?? []) onDelivery(token, arrival);
          early.delete(token);
        }
        await waitVisible(user, (JSON.parse(reply.body) as { data: LikeState }).data, at, measured);
      } catch (error) {
        if (measured) errors[(error as Error).name] = (errors[(error as Error).name] ?? 0) + 1;
      } finally {
        busy.delete(postId);
        inflight--;
      }
    };

    const cpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
    progress(
      `open loop at ${rate.toFixed(0)} likes/s: ${config.warmupSeconds}s warm-up + ${config.seconds}s, ` +
        `polling GET every ${config.pollMs} ms, ${sockets.length} sockets`,
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
    await until(() => inflight === 0 && delivered >= accepted * sockets.length, DRAIN_TIMEOUT_MS);
    const visibility = { ...summarize(visibilitySamples), timeouts, pollMs: config.pollMs };
    const socket = {
      ...summarize(socketSamples),
      expected: accepted * sockets.length,
      missing: Math.max(0, accepted * sockets.length - delivered),
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
