import { randomBytes, randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { IDEMPOTENCY_HEADER } from '@careers/contracts/idempotency';
import { API_PREFIX, apiPath, buildPath, routes } from '@careers/contracts/routes';
import { type MessageReceivedPayload, serverEvents } from '@careers/contracts/sockets';
import type { Socket } from 'socket.io-client';
import { type BenchUser, HttpStatusError, header, outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { closedLoop, type LoadResult, openLoop } from './load.ts';
import { openSocket, until } from './measure-network.ts';
import { inParallel } from './measure-setup.ts';
import { type LatencySummary, summarize } from './stats.ts';
import type { StartJsonBaseline } from './topology.ts';
import { type Comparison, measureClosedLoop, versusBaseline } from './versus-baseline.ts';

/** The messaging issue's targets: a message on the recipient's screen at once, the list as quick as a cached read. */
export const MESSAGE_PUSH_P99_MS = 100;
export const CONVERSATION_LIST_P99_MS = 20;

/** The brief closed loop that finds the maximum send rate (a warm-up, then this window). */
const MAX_RATE_WARMUP_MS = 2000;
const MAX_RATE_MS = 5000;
const PUSH_TIMEOUT_MS = 5000;
const READ_SIDE_TIMEOUT_MS = 60_000;
const READ_POLL_MS = 250;

export interface MessagePush extends LatencySummary {
  /** Sends per second scheduled: half `maxRate`. */
  rate: number;
  /** Sends a second the closed loop had answered 201 (the maximum send rate found). */
  maxRate: number;
  sent: number;
  accepted: number;
  errors: Record<string, number>;
  /** Pushes that reached the recipient before the send's reply was read (counted as 0 ms). */
  beforeReply: number;
  missing: number;
  /** One per person: every recipient has a socket open. */
  sockets: number;
  /** From sending the request (not its reply) until the recipient's socket had the push. */
  fromSend: LatencySummary;
  /** The send's reply time. */
  reply: LatencySummary;
  cpu: CpuUsage[];
}

export type MessagesResult =
  | {
      status: 'measured';
      /** Conversations of the one person whose list is read (one with each other person). */
      conversations: number;
      /** Registering, connecting, starting every conversation and its first message, until the read side has them. */
      setupSeconds: number;
      /** The closed loop that found the maximum send rate. */
      maxRate: LoadResult & { cpu: CpuUsage[] };
      push: MessagePush;
      /**
       * GET /api/conversations by that person against an in-memory baseline answering its exact body:
       * the list as a person reads it again and again while nothing on it changes (the response cache).
       */
      list: Comparison & { bodyBytes: number; conversationsOnPage: number };
      /**
       * The same read past the cache: each carries a consistency token (of a message the read side has),
       * as a read right after a send or a push does, so each runs its statement in Postgres. (Absent
       * from reports of runs before it was measured.)
       */
      listPastCache?: LoadResult & { cpu: CpuUsage[] };
    }
  | { status: 'missing'; reason: string };

/**
 * How long each message took to reach its recipient, from the send's reply (or from the request, given
 * when it was sent instead), given when the recipient's socket first had each message's push. A push
 * that arrived before the reply counts as 0 ms and as `early`; a message no push reached is `missing`.
 */
export function messageLatencies(
  sends: ReadonlyArray<readonly [messageId: string, at: number]>,
  arrivals: ReadonlyMap<string, number>,
): { samples: number[]; missing: number; early: number } {
  const samples: number[] = [];
  let missing = 0;
  let early = 0;
  for (const [messageId, at] of sends) {
    const arrived = arrivals.get(messageId);
    if (arrived === undefined) {
      missing++;
      continue;
    }
    if (arrived < at) early++;
    samples.push(Math.max(0, arrived - at));
  }
  return { samples, missing, early };
}

/** One conversation of the hub, and the other person in it. */
interface Pair {
  conversationId: string;
  other: BenchUser;
}

/**
 * The messaging phase: `messageConversations` people each connected to one person (the hub) and in a
 * conversation with them, all through the HTTP API (register, connect, accept, start, a first message
 * each), with a socket open for every one of them. A brief closed loop of sends in random conversations
 * and directions finds the maximum send rate; an open loop at half of it times each message from its
 * reply until the recipient's socket has its `message:new` (none may be missing). Then the hub, with
 * its `messageConversations` conversations, reads GET /api/conversations in a closed loop against a
 * baseline answering the same body from memory.
 */
export async function measureMessages(
  api: ProductApi,
  startJsonBaseline: StartJsonBaseline,
  gateway: { url: string; origin: string },
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<MessagesResult> {
  if (config.messageConversations === 0) return { status: 'missing', reason: 'BENCH_MESSAGES=0' };
  const count = config.messageConversations;
  const runId = `msg-${randomBytes(4).toString('hex')}`;
  const sockets: Socket[] = [];
  const command = async <T>(
    method: 'POST' | 'PUT',
    path: string,
    user: BenchUser,
    json: unknown,
    expected: number,
    what: string,
  ): Promise<T> => {
    const reply = await api.command.request(method, `${API_PREFIX}${path}`, {
      cookie: user.cookie,
      json,
      headers: { origin: gateway.origin, [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    if (reply.status !== expected) throw new HttpStatusError(what, reply);
    return (JSON.parse(reply.body) as { data: T }).data;
  };
  const listPath = apiPath(routes.listConversations);
  /**
   * Whether the read side has the conversation's first message, as its thread shows it to the hub. (Not
   * counted by paging the hub's list: a page ends at a time rounded to the millisecond, and the list
   * leaves out, after it, the conversations changed within that millisecond.)
   */
  const shown = async (hub: BenchUser, conversationId: string) => {
    const path = apiPath(routes.getConversationMessages).replace(':id', conversationId);
    const reply = await api.query.request('GET', path, { cookie: hub.cookie });
    if (reply.status === 404) return false;
    if (reply.status !== routes.getConversationMessages.status) throw new HttpStatusError('thread', reply);
    return (JSON.parse(reply.body) as { data: { messages: unknown[] } }).data.messages.length > 0;
  };

  try {
    const setupStart = performance.now();
    progress(
      `registering ${count + 1} people, connecting ${count} of them to one and starting a conversation each`,
    );
    const people = await inParallel(count + 1, 8, (i) => api.register(i, runId));
    const hub = people[0] as BenchUser;
    const others = people.slice(1);
    const pairs = await inParallel(others.length, 8, async (i): Promise<Pair> => {
      const other = others[i] as BenchUser;
      const request = await command<{ _id: string }>(
        'POST',
        buildPath(routes.connect, { id: hub.id }),
        other,
        undefined,
        routes.connect.status,
        'connect',
      );
      await command(
        'PUT',
        buildPath(routes.respondToConnection, { requestId: request._id }),
        hub,
        { status: 'accepted' },
        routes.respondToConnection.status,
        'accept',
      );
      const { conversationId } = await command<{ conversationId: string }>(
        'POST',
        buildPath(routes.startConversation),
        hub,
        { participantId: other.id },
        routes.startConversation.status,
        'start conversation',
      );
      await command(
        'POST',
        buildPath(routes.sendMessage, { id: conversationId }),
        other,
        { text: `Hello, and thanks for connecting (${i}).` },
        routes.sendMessage.status,
        'first message',
      );
      return { conversationId, other };
    });
    const deadline = performance.now() + READ_SIDE_TIMEOUT_MS;
    await inParallel(pairs.length, 8, async (i) => {
      const { conversationId } = pairs[i] as Pair;
      while (!(await shown(hub, conversationId))) {
        if (performance.now() > deadline) {
          throw new Error(
            `conversation ${conversationId} not on the read side after ${READ_SIDE_TIMEOUT_MS / 1000} s`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, READ_POLL_MS));
      }
    });
    const setupSeconds = (performance.now() - setupStart) / 1000;
    progress(
      `  ${count} conversations with a message each on the read side after ${setupSeconds.toFixed(1)} s`,
    );

    // One socket per person; each keeps when the pushes of messages sent to its person first arrived.
    const arrivals = new Map<string, number>();
    const opened = await inParallel(people.length, 16, (i) =>
      openSocket(gateway.url, gateway.origin, people[i] as BenchUser),
    );
    opened.forEach((socket, i) => {
      const owner = (people[i] as BenchUser).id;
      sockets.push(socket);
      socket.on(serverEvents.messageReceived, (payload: MessageReceivedPayload) => {
        if (payload.senderId === owner || arrivals.has(payload.messageId)) return;
        arrivals.set(payload.messageId, performance.now());
      });
    });

    // A random conversation, written in by either of its two people.
    let turn = 0;
    const nextSend = () => {
      const pair = pairs[Math.floor(Math.random() * pairs.length)] as Pair;
      const fromHub = Math.random() < 0.5;
      return {
        path: `${API_PREFIX}${buildPath(routes.sendMessage, { id: pair.conversationId })}`,
        sender: fromHub ? hub : pair.other,
        text: `Message ${turn++}: are you free for a call this week?`,
      };
    };
    const send = (discardBody: boolean) => {
      const { path, sender, text } = nextSend();
      return api.command.request('POST', path, {
        cookie: sender.cookie,
        json: { text },
        headers: { origin: gateway.origin, [IDEMPOTENCY_HEADER]: randomUUID() },
        discardBody,
      });
    };

    const cpuMax = new CpuWindow(meter.processes, meter.ticksPerSecond);
    progress(
      `maximum send rate: closed loop, ${config.connections} at once, ${MAX_RATE_WARMUP_MS / 1000}s warm-up + ${MAX_RATE_MS / 1000}s`,
    );
    const maxRate = await closedLoop(
      {
        connections: config.connections,
        warmupMs: MAX_RATE_WARMUP_MS,
        durationMs: MAX_RATE_MS,
        onMeasureStart: cpuMax.start,
        onMeasureEnd: cpuMax.end,
      },
      async () => outcomeOf(await send(true), routes.sendMessage.status),
    );
    progress(
      `  ${maxRate.rate.toFixed(0)} sends/s, reply p50 ${maxRate.latency.p50} ms, p99 ${maxRate.latency.p99} ms`,
    );

    const rate = Math.max(1, maxRate.rate / 2);
    const repliedAt: Array<[string, number]> = [];
    const sentAt: Array<[string, number]> = [];
    const replySamples: number[] = [];
    const errors: Record<string, number> = {};
    let sent = 0;
    let inflight = 0;
    const fire = async (measured: boolean) => {
      inflight++;
      if (measured) sent++;
      const start = performance.now();
      try {
        const reply = await send(false);
        const at = performance.now();
        if (reply.status !== routes.sendMessage.status) {
          if (measured) errors[`HTTP ${reply.status}`] = (errors[`HTTP ${reply.status}`] ?? 0) + 1;
          return;
        }
        if (!measured) return;
        const { data } = JSON.parse(reply.body) as { data: { _id: string } };
        repliedAt.push([data._id, at]);
        sentAt.push([data._id, start]);
        replySamples.push(at - start);
      } catch (error) {
        if (measured) errors[(error as Error).name] = (errors[(error as Error).name] ?? 0) + 1;
      } finally {
        inflight--;
      }
    };
    const cpuPush = new CpuWindow(meter.processes, meter.ticksPerSecond);
    progress(
      `open loop of messages at ${rate.toFixed(0)}/s (half the maximum) in ${pairs.length} conversations, ` +
        `${sockets.length} sockets: ${config.warmupSeconds}s warm-up + ${config.seconds}s`,
    );
    await openLoop(
      {
        rate,
        warmupMs: config.warmupSeconds * 1000,
        durationMs: config.seconds * 1000,
        onMeasureStart: cpuPush.start,
        onMeasureEnd: cpuPush.end,
      },
      (measured) => void fire(measured),
    );
    await until(() => inflight === 0 && repliedAt.every(([id]) => arrivals.has(id)), PUSH_TIMEOUT_MS);
    const fromReply = messageLatencies(repliedAt, arrivals);
    const fromSend = messageLatencies(sentAt, arrivals);
    const push: MessagePush = {
      ...summarize(fromReply.samples),
      rate,
      maxRate: maxRate.rate,
      sent,
      accepted: repliedAt.length,
      errors,
      beforeReply: fromReply.early,
      missing: fromReply.missing,
      sockets: sockets.length,
      fromSend: summarize(fromSend.samples),
      reply: summarize(replySamples),
      cpu: cpuPush.usage(),
    };
    progress(
      `  message -> recipient socket: p50 ${push.p50} ms, p99 ${push.p99} ms from the reply ` +
        `(p50 ${push.fromSend.p50} ms, p99 ${push.fromSend.p99} ms from the request; ` +
        `${push.count} of ${push.accepted} delivered, ${push.missing} missing` +
        `${Object.keys(errors).length > 0 ? `; errors ${JSON.stringify(errors)}` : ''})`,
    );

    const sample = await api.query.request('GET', listPath, { cookie: hub.cookie });
    if (sample.status !== routes.listConversations.status)
      throw new HttpStatusError('list conversations', sample);
    const conversationsOnPage = (JSON.parse(sample.body) as { data: unknown[] }).data.length;
    const bodyBytes = Buffer.byteLength(sample.body);
    const list = await versusBaseline({
      config,
      meter,
      progress,
      product: {
        what: `conversation list of a person with ${count} conversations (${conversationsOnPage} a page)`,
        send: async () =>
          outcomeOf(
            await api.query.request('GET', listPath, { cookie: hub.cookie, discardBody: true }),
            routes.listConversations.status,
          ),
      },
      baseline: {
        what: `in-memory JSON baseline (the same ${bodyBytes}-byte body)`,
        url: await startJsonBaseline('conversations', { '/conversations': sample.body }),
        method: 'GET',
        path: '/conversations',
      },
    });

    // A hub's send the read side has applied: its token makes each read skip the cache, waiting for nothing.
    const last = pairs[0] as Pair;
    const hubSend = await api.command.request(
      'POST',
      `${API_PREFIX}${buildPath(routes.sendMessage, { id: last.conversationId })}`,
      {
        cookie: hub.cookie,
        json: { text: 'One more before the list is read past the cache.' },
        headers: { origin: gateway.origin, [IDEMPOTENCY_HEADER]: randomUUID() },
      },
    );
    if (hubSend.status !== routes.sendMessage.status) throw new HttpStatusError('send', hubSend);
    const token = header(hubSend, CONSISTENCY_HEADER) ?? '';
    const caughtUp = await api.query.request('GET', listPath, {
      cookie: hub.cookie,
      headers: { [CONSISTENCY_HEADER]: token },
    });
    if (caughtUp.status !== routes.listConversations.status || !caughtUp.body.includes('One more before'))
      throw new HttpStatusError('list conversations after its token', caughtUp);
    const pastCache = await measureClosedLoop(
      { config, meter, progress },
      'conversation list past the cache (a consistency token on each read)',
      async () =>
        outcomeOf(
          await api.query.request('GET', listPath, {
            cookie: hub.cookie,
            headers: { [CONSISTENCY_HEADER]: token },
            discardBody: true,
          }),
          routes.listConversations.status,
        ),
    );
    return {
      status: 'measured',
      conversations: count,
      setupSeconds,
      maxRate: { ...maxRate, cpu: cpuMax.usage() },
      push,
      list: { ...list, bodyBytes, conversationsOnPage },
      listPastCache: { ...pastCache.result, cpu: pastCache.cpu },
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}
