import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER, parseConsistencyTokens } from '@careers/contracts/consistency';
import { routes } from '@careers/contracts/routes';
import {
  clientEvents,
  type PostSubscriptionReply,
  type PostUpdatedPayload,
  SOCKET_PATH,
  serverEvents,
} from '@careers/contracts/sockets';
import { createLogger, createPool, ident } from '@careers/service-kit';
import { GroupConsumer } from '@careers/service-kit/group-consumer';
import { createKafka, type KafkaSettings, topicName, withAdmin } from '@careers/service-kit/kafka';
import { io, type Socket } from 'socket.io-client';
import { type BenchUser, header, type LikeState, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { openLoop } from './load.ts';
import { type Population, pick } from './measure-setup.ts';
import { firstPushAt, likeLatencies } from './push-latency.ts';
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
   * likes; `pollsPerSecond` is the extra read load this puts on the query-service. The figure is the
   * answer of the first poll that showed it: an upper bound. `lastMiss` is the lower bound: reply ->
   * the sending of the last poll that did not show it (0 when the first poll did), so the like became
   * visible between the two, and the gap between them is all the polling can have added.
   */
  visibility: LatencySummary & {
    timeouts: number;
    share: number;
    pollsPerSecond: number;
    lastMiss?: LatencySummary;
  };
  /**
   * Reply received -> `post:updated` with the reply's version of the post or a newer one (the gateway
   * sends a busy post's newest count once per short window), on every subscribed socket.
   */
  socket: LatencySummary & { expected: number; missing: number; beforeReply: number };
  /** Where the time goes, per measured like (see PropagationStages); absent without a Kafka tap. */
  stages?: PropagationStages;
  cpu: CpuUsage[];
}

/**
 * The stages of a like's way, from a consumer of the post topic that waits for nothing (the tap):
 * the event's time (set by the command-service before its transaction), the Kafka message timestamp
 * (set by the relay's producer as it sends), and when the tap got it. Times are the wall clock of the
 * one machine everything runs on.
 */
export interface PropagationStages {
  /** Event time -> relay send: the command's transaction, the relay's wake-up, linger and read. */
  eventToPublish: LatencySummary;
  /** Reply received -> relay send (negative: sent before the reply arrived). */
  replyToPublish: LatencySummary;
  /** Relay send -> the tap has it: the produce round trip and a fetch that waits for nothing. */
  publishToTap: LatencySummary;
  /** Relay send -> the push on a socket: the gateway's fetch, coalescing and emit, and the socket. */
  publishToSocket: LatencySummary;
  /** Relay send -> GET shows it: the projector's fetch and batch, version moves, and the poll. */
  publishToVisible: LatencySummary;
  /** The wait before the poll that saw the like: the poller's own resolution. */
  pollGap: LatencySummary;
  /** Measured likes the tap never saw. */
  untapped: number;
  /** From the projector's post checkpoints, read every `BENCH_CHECKPOINT_PROBE_MS` (absent at 0). */
  projector?: ProjectorStages;
}

/**
 * The projector's batches as its post checkpoints show them: a checkpoint row carries the batch
 * transaction's start (`applied_at` is `now()`), and the probe notes the first read that saw it (the
 * commit, to within the probe's interval). Events per batch count post events only.
 */
export interface ProjectorStages {
  probeMs: number;
  batches: number;
  /** Post events per batch. */
  batchEvents: LatencySummary;
  /** Batch transaction start -> first seen committed. */
  batchDuration: LatencySummary;
  /** Relay send -> the start of the batch that applied the like. */
  publishToBatchStart: LatencySummary;
  /** Seen committed -> the GET showed it (version moves, the read, the poll's resolution). */
  commitToVisible: LatencySummary;
}

interface CheckpointSeen {
  startedAt: number;
  seenAt: number;
}

/** Reads the post checkpoints changed in the last seconds every `everyMs` until stopped. */
function startCheckpointProbe(databaseUrl: string, schema: string, everyMs: number) {
  const pool = createPool(databaseUrl, 1, 'bench-checkpoint-probe');
  /** `<post>|<version>` -> its batch's start and when a read first saw it. */
  const seen = new Map<string, CheckpointSeen>();
  /** Batch start -> post events in it. */
  const batches = new Map<number, number>();
  const newest = new Map<string, number>();
  let running = true;
  let ended: Promise<void> | undefined;
  const loop = (async () => {
    while (running) {
      const seenAt = Date.now();
      const { rows } = await pool.query<{ stream_id: string; stream_version: number; started: number }>(
        `SELECT stream_id, stream_version, extract(epoch FROM applied_at)::float8 * 1000 AS started
           FROM ${ident(schema)}.stream_checkpoints
          WHERE stream_type = 'post' AND applied_at > now() - interval '5 seconds'`,
      );
      for (const row of rows) {
        const before = newest.get(row.stream_id);
        if (before !== undefined && before >= row.stream_version) continue;
        newest.set(row.stream_id, row.stream_version);
        seen.set(`${row.stream_id}|${row.stream_version}`, { startedAt: row.started, seenAt });
        const events = before === undefined ? 1 : row.stream_version - before;
        batches.set(row.started, (batches.get(row.started) ?? 0) + events);
      }
      await sleep(everyMs);
    }
  })();
  return {
    seen,
    batches,
    /** Ends the reads (once, however often called). */
    stop(): Promise<void> {
      running = false;
      ended ??= loop.catch(() => {}).then(() => pool.end());
      return ended;
    },
  };
}

interface Tapped {
  occurredAt: number;
  publishedAt: number;
  tappedAt: number;
}

/**
 * A consumer of the post topic in a group of its own, asking the broker to answer a fetch as soon as
 * one byte is there: it sees each event as early as any consumer can.
 */
async function startTap(
  settings: KafkaSettings,
): Promise<{ seen: Map<string, Tapped>; stop(): Promise<void> }> {
  const log = createLogger('bench-tap', 'warn');
  const kafka = createKafka(settings, 'bench-tap', log);
  const groupId = `${settings.KAFKA_TOPIC_PREFIX}bench-tap-${randomUUID()}`;
  const seen = new Map<string, Tapped>();
  const consumer = new GroupConsumer({
    kafka,
    groupId,
    topics: [topicName(settings, 'post')],
    fromBeginning: false,
    log,
    minBytes: 1,
    maxWaitMs: 100,
    // A group of its own, read from the end and never resumed: its offsets are never read, so it commits
    // none (one commit per batch would be load on the broker the bench counts as the product's). Every
    // partition of a fetch is handed over at once.
    eachBatch: async (batch) => {
      const tappedAt = Date.now();
      for (const message of batch.messages) {
        const event = JSON.parse(message.value?.toString('utf8') ?? '{}') as {
          streamId?: string;
          streamVersion?: number;
          occurredAt?: string;
        };
        seen.set(`${event.streamId}|${event.streamVersion}`, {
          occurredAt: Date.parse(event.occurredAt ?? ''),
          publishedAt: Number(message.timestamp),
          tappedAt,
        });
      }
    },
  });
  consumer.start();
  // Joined and placed at the end of each partition: every event from here on is tapped.
  await consumer.firstJoin;
  return {
    seen,
    async stop() {
      await consumer.stop().catch(() => {});
      await withAdmin(kafka, (admin) => admin.deleteGroups({ groups: [groupId] })).catch(() => {});
    },
  };
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
  probe?: { kafka: KafkaSettings; databaseUrl: string; querySchema: string },
): Promise<PropagationResult> {
  const listeners = population.users.slice(0, config.sockets);
  const sockets = await Promise.all(listeners.map((user) => connect(gateway.url, gateway.origin, user)));
  const tap = probe ? await startTap(probe.kafka) : undefined;
  const checkpoints =
    probe && config.checkpointProbeMs > 0
      ? startCheckpointProbe(probe.databaseUrl, probe.querySchema, config.checkpointProbeMs)
      : undefined;
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
    const lastMissSamples: number[] = [];
    /** The polled likes that became visible: post, version, when (performance clock), the last poll's wait. */
    const visibleAt: Array<{ postId: string; version: number; at: number; gap: number }> = [];
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
      let gap = 0;
      /** When the last poll that did not show the like went out (the reply's time before any). */
      let missSentAt = since;
      for (;;) {
        const sentAt = performance.now();
        const reply = await api.getPost(user, expected.postId);
        if (measured) polls++;
        const now = performance.now();
        if (reply.status === 200) {
          const { data } = JSON.parse(reply.body) as { data: { likesCount: number; isLiked: boolean } };
          if (likeVisible(expected, version, newest.get(expected.postId) ?? version, data)) {
            if (measured) {
              visibilitySamples.push(now - since);
              lastMissSamples.push(missSentAt - since);
              visibleAt.push({ postId: expected.postId, version, at: now, gap });
            }
            return;
          }
        }
        missSentAt = sentAt;
        if (now - since > VISIBILITY_TIMEOUT_MS) {
          if (measured) timeouts++;
          return;
        }
        gap = pollDelay(now - since, config.pollMs);
        await sleep(gap);
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
      lastMiss: summarize(lastMissSamples),
    };
    const socket = {
      ...summarize(socketSamples),
      expected: accepted * sockets.length,
      missing: undelivered,
      beforeReply,
    };
    await checkpoints?.stop();
    const stages = tap ? stagesOf(tap.seen, measuredLikes, arrivals, visibleAt) : undefined;
    if (stages) {
      const f = (s: LatencySummary) => `p50 ${s.p50}, p99 ${s.p99}`;
      progress(
        `  stages (ms): event -> relay send ${f(stages.eventToPublish)}; reply -> send ${f(stages.replyToPublish)}; ` +
          `send -> tap ${f(stages.publishToTap)}; send -> socket ${f(stages.publishToSocket)}; ` +
          `send -> visible ${f(stages.publishToVisible)} (poll gap ${f(stages.pollGap)}); ${stages.untapped} untapped`,
      );
      if (checkpoints) {
        stages.projector = projectorStagesOf(
          config.checkpointProbeMs,
          checkpoints,
          tap?.seen ?? new Map(),
          measuredLikes,
          visibleAt,
        );
        const p = stages.projector;
        progress(
          `  projector (probe every ${p.probeMs} ms): ${p.batches} batches of ${f(p.batchEvents)} post events, ` +
            `lasting ${f(p.batchDuration)} ms; send -> batch start ${f(p.publishToBatchStart)}; ` +
            `commit -> visible ${f(p.commitToVisible)}`,
        );
      }
    }
    progress(
      `  visible via GET: p50 ${visibility.p50} ms, p99 ${visibility.p99} ms (${visibility.count} samples, ${timeouts} timeouts; ` +
        `the last poll that missed it went out at p50 ${visibility.lastMiss.p50} ms, p99 ${visibility.lastMiss.p99} ms); ` +
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
      ...(stages ? { stages } : {}),
      cpu: cpu.usage(),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await tap?.stop();
    await checkpoints?.stop().catch(() => {});
  }
}

function projectorStagesOf(
  probeMs: number,
  checkpoints: { seen: ReadonlyMap<string, CheckpointSeen>; batches: ReadonlyMap<number, number> },
  tapped: ReadonlyMap<string, Tapped>,
  measuredLikes: ReadonlyMap<string, Array<[number, number]>>,
  visibleAt: ReadonlyArray<{ postId: string; version: number; at: number }>,
): ProjectorStages {
  const durations = new Map<number, number>();
  for (const { startedAt, seenAt } of checkpoints.seen.values()) {
    durations.set(
      startedAt,
      Math.min(durations.get(startedAt) ?? Number.POSITIVE_INFINITY, seenAt - startedAt),
    );
  }
  const publishToBatchStart: number[] = [];
  for (const [postId, likes] of measuredLikes) {
    for (const [version] of likes) {
      const key = `${postId}|${version}`;
      const batch = checkpoints.seen.get(key);
      const sent = tapped.get(key);
      if (batch && sent) publishToBatchStart.push(batch.startedAt - sent.publishedAt);
    }
  }
  const commitToVisible: number[] = [];
  for (const { postId, version, at } of visibleAt) {
    const batch = checkpoints.seen.get(`${postId}|${version}`);
    if (batch) commitToVisible.push(performance.timeOrigin + at - batch.seenAt);
  }
  return {
    probeMs,
    batches: checkpoints.batches.size,
    batchEvents: summarize([...checkpoints.batches.values()]),
    batchDuration: summarize([...durations.values()]),
    publishToBatchStart: summarize(publishToBatchStart),
    commitToVisible: summarize(commitToVisible),
  };
}

/** The stage figures of the measured likes the tap saw (wall clock: performance.timeOrigin + now). */
function stagesOf(
  seen: ReadonlyMap<string, Tapped>,
  measuredLikes: ReadonlyMap<string, Array<[number, number]>>,
  arrivals: ReadonlyArray<ReadonlyMap<string, { at: number[]; version: number[] }>>,
  visibleAt: ReadonlyArray<{ postId: string; version: number; at: number; gap: number }>,
): PropagationStages {
  const wall = (at: number) => performance.timeOrigin + at;
  const eventToPublish: number[] = [];
  const replyToPublish: number[] = [];
  const publishToTap: number[] = [];
  const publishToSocket: number[] = [];
  let untapped = 0;
  for (const [postId, likes] of measuredLikes) {
    for (const [version, repliedAt] of likes) {
      const tapped = seen.get(`${postId}|${version}`);
      if (!tapped) {
        untapped++;
        continue;
      }
      eventToPublish.push(tapped.publishedAt - tapped.occurredAt);
      replyToPublish.push(tapped.publishedAt - wall(repliedAt));
      publishToTap.push(tapped.tappedAt - tapped.publishedAt);
      for (const byPost of arrivals) {
        const at = firstPushAt(byPost.get(postId) ?? { at: [], version: [] }, version);
        if (at !== undefined) publishToSocket.push(wall(at) - tapped.publishedAt);
      }
    }
  }
  const publishToVisible: number[] = [];
  for (const { postId, version, at } of visibleAt) {
    const tapped = seen.get(`${postId}|${version}`);
    if (tapped) publishToVisible.push(wall(at) - tapped.publishedAt);
  }
  return {
    eventToPublish: summarize(eventToPublish),
    replyToPublish: summarize(replyToPublish),
    publishToTap: summarize(publishToTap),
    publishToSocket: summarize(publishToSocket),
    publishToVisible: summarize(publishToVisible),
    pollGap: summarize(visibleAt.map((v) => v.gap)),
    untapped,
  };
}
