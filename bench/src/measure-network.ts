import { randomBytes, randomUUID } from 'node:crypto';
import {
  decideConnect,
  decideRespond,
  foldConnection,
  unrequestedConnection,
} from '@careers/command-service/connections/decide';
import { ConnectionStore } from '@careers/command-service/connections/store';
import { type CommandTransaction, EventStore } from '@careers/command-service/event-log/event-store';
import { createCommitNotifier } from '@careers/command-service/event-log/outbox-relay';
import { isRefusal } from '@careers/command-service/pipeline/domain-error';
import { decideRegister, decideUpdateProfile } from '@careers/command-service/users/decide';
import { foldUser, noFiles } from '@careers/command-service/users/evolve';
import { hashPassword } from '@careers/command-service/users/passwords';
import { UserStore } from '@careers/command-service/users/store';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { UpdateProfileRequest } from '@careers/contracts/requests/update-profile';
import { API_PREFIX, apiPath, buildPath, routes } from '@careers/contracts/routes';
import { type ConnectionRequestedPayload, SOCKET_PATH, serverEvents } from '@careers/contracts/sockets';
import { refreshBacklog } from '@careers/query-service/projectors/suggestions/lists';
import {
  baseEnv,
  createLogger,
  createPool,
  createRedis,
  createSession,
  ident,
  loadConfig,
  type PersonalDataVault,
  type Pool,
} from '@careers/service-kit';
import { io, type Socket } from 'socket.io-client';
import { type BenchUser, outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { closedLoop, type LoadResult, openLoop } from './load.ts';
import { measurePeopleReads, type PeopleReads } from './measure-people.ts';
import {
  NETWORK_SEED,
  type NetworkPerson,
  networkEdges,
  networkPeople,
  pairKey,
} from './network-generator.ts';
import { type LatencySummary, summarize } from './stats.ts';
import type { BenchTopology } from './topology.ts';

/** Rows a transaction writes, and transactions at a time (as the jobs phase writes jobs). */
const PER_TRANSACTION = 1000;
const WRITE_LANES = 3;
const READ_POLL_MS = 250;
const PROGRESS_EVERY_MS = 5000;
const STALL_MS = 60_000;
/** People given a session for the reads and the connects: enough that reads do not repeat one person. */
const SIGNED_IN = 2000;
const PUSH_TIMEOUT_MS = 5000;

export interface NetworkProjection {
  users: number;
  connections: number;
  /** Events appended: three per person (registered, profile, skills), two per connection. */
  events: number;
  writeSeconds: number;
  projectionSeconds: number;
  eventsPerSecond: number;
  catchUpSeconds: number;
  /** Rows of mutual counts the read side keeps (both directions of each pair with a friend in common). */
  mutualRows: number;
  /**
   * From the read side having the network until the projector's refresher has ranked and stored every
   * person's people you may know (nobody marked or without a list), before the reads start.
   */
  listsSeconds?: number;
  cpu: CpuUsage[];
}

export interface NetworkPush extends LatencySummary {
  /** Connects per second scheduled (half the command rate), sent and answered 201 in the window. */
  rate: number;
  sent: number;
  accepted: number;
  errors: Record<string, number>;
  /** Pushes that arrived before the reply was read (counted as 0 ms). */
  beforeReply: number;
  missing: number;
  sockets: number;
  cpu: CpuUsage[];
}

export type NetworkResult =
  | {
      status: 'measured';
      seed: number;
      projection: NetworkProjection;
      /** Closed loop of suggestions and connection lists (`byKind`: suggestions, connections). */
      reads: LoadResult & {
        cpu: CpuUsage[];
        /** Share of the measured reads of each kind the query service answered from its cache (x-read-cache). */
        cacheHitShare?: Record<ReadKind, number>;
        /** Latency of the measured suggestion reads the cache did not answer (the ones that reach Postgres). */
        suggestionMisses?: LatencySummary;
        /** Of the measured suggestion reads not answered from the cache, the share a stored list answered (x-suggestions). */
        storedListShare?: number;
      };
      push: NetworkPush;
      /** Finding people and opening profiles (issue 52); absent from reports made before it. */
      people?: PeopleReads;
    }
  | { status: 'missing'; reason: string };

/** The two reads of the network screen the read loop sends, in turn. */
type ReadKind = 'suggestions' | 'connections';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** A person's events as the register and profile commands record them, and the user they leave. */
function personEvents(person: NetworkPerson, userId: string, now: Date) {
  const registered = decideRegister({
    userId,
    request: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      password: 'unused-bench-password',
      accountType: 'job_seeker',
    },
    emailTaken: false,
    now,
  });
  if (isRefusal(registered)) throw registered;
  const user = foldUser(null, registered);
  if (!user) throw new Error('registration left no user');
  const profile = decideUpdateProfile({
    user,
    request: UpdateProfileRequest.parse({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      location: person.city,
      skills: person.skills.map((name) => ({ name, proficiency: 'Intermediate', experience: 3 })),
    }),
    emailTakenByAnother: false,
  });
  if (isRefusal(profile)) throw profile;
  const events: NewDomainEvent[] = [...registered, ...profile];
  return { events, user: foldUser(null, events) };
}

/** The two events of a request made and accepted, as connect and respond record them. */
function connectionEvents(connectionId: string, requesterId: string, recipientId: string, now: Date) {
  const start = unrequestedConnection(connectionId, requesterId, recipientId);
  const asked = decideConnect({
    actorId: requesterId,
    targetId: recipientId,
    targetExists: true,
    existing: null,
    connectionId,
    now,
  });
  if (isRefusal(asked)) throw asked;
  const pending = foldConnection(start, asked);
  const answered = decideRespond({ connection: pending, actorId: recipientId, answer: 'accepted', now });
  if (isRefusal(answered)) throw answered;
  return { events: [...asked, ...answered], connection: foldConnection(pending, answered) };
}

/**
 * Writes the people and their connections through the write path and waits for the read side.
 *
 * As the jobs phase does, and for the same reason (100,000 connect and accept commands over HTTP would
 * take many minutes on two cores and measure the command route, which phase 3 measures), the bench
 * appends each command's events itself through the command-service's own decisions, EventStore and
 * stores: a person is registered and saves a profile with a city and skills (decideRegister,
 * decideUpdateProfile, UserStore), a connection is asked for and accepted (decideConnect,
 * decideRespond, ConnectionStore), 1,000 to a transaction, three at a time, then the relay is woken.
 * The relay, Kafka and the projector do the rest as in production, mutual counts included.
 */
async function writeNetwork(options: {
  pool: Pool;
  schemas: { command: string; query: string };
  vault: PersonalDataVault;
  people: NetworkPerson[];
  userIds: string[];
  edges: Array<[number, number]>;
  meter: Meter;
  assertAlive: () => void;
  progress: (line: string) => void;
}): Promise<NetworkProjection> {
  const { pool, schemas, people, userIds, edges, progress } = options;
  const store = new EventStore({
    pool,
    schema: schemas.command,
    vault: options.vault,
    onCommitted: createCommitNotifier(pool, createLogger('bench', 'warn')),
  });
  const users = new UserStore(schemas.command);
  const connections = new ConnectionStore(schemas.command);
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'), 14);
  const q = ident(schemas.query);
  const countRead = async () => {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT coalesce(sum(stream_version), 0)::int AS n FROM ${q}.stream_checkpoints
        WHERE stream_type IN ('user', 'connection')`,
    );
    return rows[0]?.n ?? 0;
  };
  const before = await countRead();
  const total = people.length * 3 + edges.length * 2;
  const cpu = new CpuWindow(options.meter.processes, options.meter.ticksPerSecond);
  let written = 0;
  let read = before;
  let writing = true;
  const firstAppendAt = performance.now();
  let lastCommitAt = firstAppendAt;
  cpu.start();
  const elapsed = () => `${((performance.now() - firstAppendAt) / 1000).toFixed(1)} s`;
  const ticker = setInterval(() => {
    progress(`  ${elapsed()}: ${written} of ${total} events committed, ${read - before} on the read side`);
  }, PROGRESS_EVERY_MS);
  let abandoned = false;
  const readSide = (async () => {
    let lastGainAt = performance.now();
    while (!abandoned) {
      const n = await countRead();
      const now = performance.now();
      if (n > read) lastGainAt = now;
      read = n;
      if (!writing && n - before >= total) return now;
      options.assertAlive();
      if (!writing && now - lastGainAt > STALL_MS) {
        throw new Error(
          `the read side has stayed at ${n - before} of ${total} events for ${STALL_MS / 1000} s`,
        );
      }
      await sleep(READ_POLL_MS);
    }
    return performance.now();
  })();
  let readSideFailure: unknown;
  readSide.catch((error: unknown) => {
    readSideFailure = error;
  });
  // Dated over the last year, so "sort by date" sorts a real spread.
  const dayMs = 86_400_000;
  const origin = Date.now() - 365 * dayMs;
  try {
    const inLanes = async <T>(
      items: readonly T[],
      write: (tx: CommandTransaction, item: T) => Promise<number>,
    ) => {
      const batches = chunks(items, PER_TRANSACTION);
      const lane = async () => {
        for (let next = batches.next(); !next.done; next = batches.next()) {
          if (readSideFailure) throw readSideFailure;
          const chunk = next.value;
          let appended = 0;
          await store.execute({ actorId: null }, async (tx) => {
            appended = 0;
            for (const item of chunk) appended += await write(tx, item);
          });
          written += appended;
          lastCommitAt = performance.now();
        }
      };
      await Promise.all(Array.from({ length: WRITE_LANES }, lane));
    };
    await inLanes(people, async (tx, person) => {
      const userId = userIds[person.index] as string;
      const { events, user } = personEvents(person, userId, new Date(origin + (person.index % 30) * dayMs));
      if (!user) throw new Error(`person ${person.index} left no user`);
      await tx.append({ streamType: 'user', streamId: userId, expectedVersion: 0, events });
      await users.insert(tx.client, { user, passwordHash, files: noFiles, version: events.length });
      return events.length;
    });
    progress(`  ${people.length} people registered with a city and skills in ${elapsed()}`);
    await inLanes(
      edges.map((edge, i) => ({ edge, i })),
      async (tx, { edge: [a, b], i }) => {
        const id = randomUUID();
        const at = new Date(origin + 30 * dayMs + Math.floor((i / edges.length) * 330 * dayMs));
        const { events, connection } = connectionEvents(id, userIds[a] as string, userIds[b] as string, at);
        await tx.append({ streamType: 'connection', streamId: id, expectedVersion: 0, events });
        await connections.save(tx.client, connection);
        return events.length;
      },
    );
    writing = false;
    progress(
      `  all ${written} events committed in ${elapsed()}; waiting for the read side (${read - before} so far)`,
    );
    const allReadAt = await readSide;
    cpu.end();
    const seconds = (ms: number) => Math.round(ms) / 1000;
    const projectionSeconds = seconds(allReadAt - firstAppendAt);
    // As after the jobs load: statistics taken part-way through a bulk load would mislead the planner.
    for (const table of [
      'connections',
      'suggestion_links',
      'connection_mutuals',
      'suggestion_people',
      'suggestion_skills',
      'users',
    ]) {
      await pool.query(`VACUUM (ANALYZE) ${q}.${table}`);
    }
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${q}.connection_mutuals`,
    );
    const figures: NetworkProjection = {
      users: people.length,
      connections: edges.length,
      events: written,
      writeSeconds: seconds(lastCommitAt - firstAppendAt),
      projectionSeconds,
      eventsPerSecond: projectionSeconds > 0 ? Math.round(written / projectionSeconds) : 0,
      catchUpSeconds: seconds(Math.max(0, allReadAt - lastCommitAt)),
      mutualRows: rows[0]?.n ?? 0,
      cpu: cpu.usage(),
    };
    progress(
      `  the read side has the network after ${figures.projectionSeconds.toFixed(1)} s ` +
        `(${figures.eventsPerSecond} events/s, ${figures.catchUpSeconds.toFixed(1)} s after the last commit); ` +
        `${figures.mutualRows} mutual-count rows`,
    );
    return figures;
  } finally {
    writing = false;
    abandoned = true;
    clearInterval(ticker);
    await readSide.catch(() => {});
  }
}

/**
 * Waits until the projector's refresher has stored every person's people you may know: nobody marked
 * for a refresh and nobody without a list. Returns how long that took, in ms.
 */
export async function waitForSuggestionLists(
  pool: Pool,
  q: string,
  assertAlive: () => void,
  progress: (line: string) => void,
): Promise<number> {
  const started = performance.now();
  let lastProgress = started;
  let last = Number.POSITIVE_INFINITY;
  let lastMoved = started;
  for (;;) {
    const waiting = await refreshBacklog(pool, q);
    const now = performance.now();
    if (waiting === 0) break;
    if (waiting < last) lastMoved = now;
    last = Math.min(last, waiting);
    if (now - lastMoved > STALL_MS) {
      throw new Error(
        `suggestion lists: ${waiting} people still waiting, none ranked for ${STALL_MS / 1000} s`,
      );
    }
    if (now - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = now;
      progress(`  ranking people you may know: ${waiting} people waiting`);
    }
    assertAlive();
    await sleep(READ_POLL_MS);
  }
  const ms = performance.now() - started;
  for (const table of ['suggestion_lists', 'suggestion_list_state', 'suggestion_refreshes']) {
    await pool.query(`VACUUM (ANALYZE) ${q}.${table}`);
  }
  progress(`  every person's people you may know ranked and stored ${(ms / 1000).toFixed(1)} s later`);
  return ms;
}

export function openSocket(url: string, origin: string, user: BenchUser): Promise<Socket> {
  const socket = io(url, {
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

/** Whether `check` held within `timeoutMs`, polled every 10 ms. */
export async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

/**
 * The network phase: `networkUsers` people and `networkConnections` connections through the write path
 * (writeNetwork), then a closed loop of suggestion and connection-list reads by people of that network,
 * then an open loop of connect commands at `rate` (half the command rate) to people with a socket open,
 * timing each from the command's reply until the addressee's socket has the request.
 */
export async function measureNetwork(
  api: ProductApi,
  topology: Pick<BenchTopology, 'ns' | 'databaseUrl' | 'schemas' | 'vault' | 'assertAlive'>,
  gateway: { url: string; origin: string },
  rate: number,
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<NetworkResult> {
  if (config.networkUsers === 0) return { status: 'missing', reason: 'BENCH_NETWORK_USERS=0' };
  const runId = randomBytes(4).toString('hex');
  const people = networkPeople(NETWORK_SEED, config.networkUsers, runId);
  const edges = networkEdges(NETWORK_SEED, people.length, config.networkConnections);
  const userIds = people.map(() => randomUUID());
  progress(
    `writing ${people.length} people and ${edges.length} connections (seed ${NETWORK_SEED}) through the ` +
      'event log, relay, Kafka and projector',
  );
  const pool = createPool(topology.databaseUrl, WRITE_LANES + 1, 'bench-network');
  const settings = loadConfig(baseEnv, topology.ns.commandEnv);
  const redis = createRedis(settings.REDIS_URL, settings.REDIS_KEY_PREFIX);
  const sockets: Socket[] = [];
  try {
    const projection = await writeNetwork({
      pool,
      schemas: topology.schemas,
      vault: topology.vault,
      people,
      userIds,
      edges,
      meter,
      assertAlive: topology.assertAlive,
      progress,
    });
    projection.listsSeconds =
      (await waitForSuggestionLists(pool, ident(topology.schemas.query), topology.assertAlive, progress)) /
      1000;

    // Sessions as a sign-in would leave them (the passwords are not what is measured).
    const signedIn: Array<BenchUser & { index: number }> = [];
    const step = Math.max(1, Math.floor(people.length / SIGNED_IN));
    for (let index = 0; index < people.length && signedIn.length < SIGNED_IN; index += step) {
      const sid = await createSession(redis, userIds[index] as string, 3600);
      signedIn.push({ index, id: userIds[index] as string, cookie: `sid=${sid}` });
    }
    const suggestionsPath = apiPath(routes.listSuggestedConnections);
    const connectionsPath = apiPath(routes.listConnections);
    let turn = 0;
    const cpuReads = new CpuWindow(meter.processes, meter.ticksPerSecond);
    // Replies in the measured window, and how many came from the product's cache, by kind.
    const served: Record<ReadKind, { reads: number; hits: number }> = {
      suggestions: { reads: 0, hits: 0 },
      connections: { reads: 0, hits: 0 },
    };
    // Suggestion replies not from the cache, and those a stored list answered.
    const lists = { misses: 0, stored: 0 };
    let measuring = false;
    const missSamples: number[] = [];
    progress(
      `closed loop of suggestions and connection lists by ${signedIn.length} people, ${config.connections} at once: ` +
        `${config.warmupSeconds}s warm-up + ${config.seconds}s`,
    );
    const reads = await closedLoop(
      {
        connections: config.connections,
        warmupMs: config.warmupSeconds * 1000,
        durationMs: config.seconds * 1000,
        onMeasureStart: () => {
          measuring = true;
          cpuReads.start();
        },
        onMeasureEnd: () => {
          measuring = false;
          cpuReads.end();
        },
      },
      async () => {
        const n = turn++;
        const reader = signedIn[Math.floor(Math.random() * signedIn.length)] as BenchUser;
        const kind: ReadKind = n % 2 === 0 ? 'suggestions' : 'connections';
        const path = kind === 'suggestions' ? suggestionsPath : connectionsPath;
        const sentAt = performance.now();
        const reply = await api.query.request('GET', path, { cookie: reader.cookie, discardBody: true });
        if (measuring && kind === 'suggestions' && reply.headers['x-read-cache'] !== 'hit') {
          missSamples.push(performance.now() - sentAt);
        }
        if (measuring) {
          served[kind].reads++;
          if (reply.headers['x-read-cache'] === 'hit') served[kind].hits++;
          else if (kind === 'suggestions') {
            lists.misses++;
            if (reply.headers['x-suggestions'] === 'stored') lists.stored++;
          }
        }
        return outcomeOf(reply, 200, kind);
      },
    );
    progress(
      `  suggestions p50 ${reads.byKind.suggestions?.p50} ms, p99 ${reads.byKind.suggestions?.p99} ms; ` +
        `connection lists p50 ${reads.byKind.connections?.p50} ms, p99 ${reads.byKind.connections?.p99} ms ` +
        `(${reads.rate.toFixed(0)} reads/s)`,
    );
    const suggestionMisses = summarize(missSamples);
    progress(
      `  suggestions past the cache: p50 ${suggestionMisses.p50.toFixed(2)} ms, p99 ${suggestionMisses.p99.toFixed(2)} ms ` +
        `(${suggestionMisses.count} reads)`,
    );
    const share = (kind: ReadKind) => served[kind].hits / Math.max(served[kind].reads, 1);
    const cacheHitShare = { suggestions: share('suggestions'), connections: share('connections') };
    progress(
      `  served from the product's cache: suggestions ${Math.round(cacheHitShare.suggestions * 100)}%, ` +
        `connection lists ${Math.round(cacheHitShare.connections * 100)}% of the measured reads`,
    );
    const storedListShare = lists.stored / Math.max(lists.misses, 1);
    progress(
      `  suggestions not from the cache answered from a stored list: ${Math.round(storedListShare * 100)}% ` +
        `(${lists.stored} of ${lists.misses})`,
    );

    const peopleReads = await measurePeopleReads(api, signedIn, people, userIds, config, meter, progress);

    // Connect -> push: addressees with a socket open, requesters anyone signed in they are not related to.
    const addressees = signedIn.slice(0, config.sockets);
    const requesters = signedIn.slice(config.sockets);
    for (const user of addressees) sockets.push(await openSocket(gateway.url, gateway.origin, user));
    const related = new Set(edges.map(([a, b]) => pairKey(a, b)));
    const repliedAt = new Map<string, number>();
    const early = new Map<string, number>();
    const samples: number[] = [];
    const errors: Record<string, number> = {};
    let beforeReply = 0;
    let delivered = 0;
    let sent = 0;
    let accepted = 0;
    let inflight = 0;
    const measuredIds = new Set<string>();
    const onPush = (payload: ConnectionRequestedPayload) => {
      const at = performance.now();
      const replied = repliedAt.get(payload.connectionId);
      if (replied === undefined) {
        early.set(payload.connectionId, at);
        return;
      }
      if (!measuredIds.has(payload.connectionId)) return;
      delivered++;
      samples.push(Math.max(0, at - replied));
    };
    for (const socket of sockets) socket.on(serverEvents.connectionRequested, onPush);
    const connectTo = async (measured: boolean) => {
      let from: (typeof signedIn)[number] | undefined;
      let to: (typeof signedIn)[number] | undefined;
      for (let tries = 0; tries < 20 && !from; tries++) {
        const a = requesters[Math.floor(Math.random() * requesters.length)];
        const b = addressees[Math.floor(Math.random() * addressees.length)];
        if (!a || !b || related.has(pairKey(a.index, b.index))) continue;
        related.add(pairKey(a.index, b.index));
        from = a;
        to = b;
      }
      if (!from || !to) {
        if (measured) errors['no unrelated pair left'] = (errors['no unrelated pair left'] ?? 0) + 1;
        return;
      }
      inflight++;
      if (measured) sent++;
      try {
        const reply = await api.command.request(
          'POST',
          `${API_PREFIX}${buildPath(routes.connect, { id: to.id })}`,
          { cookie: from.cookie, headers: { origin: gateway.origin } },
        );
        const at = performance.now();
        if (reply.status !== routes.connect.status) {
          if (measured) errors[`HTTP ${reply.status}`] = (errors[`HTTP ${reply.status}`] ?? 0) + 1;
          return;
        }
        const { data } = JSON.parse(reply.body) as { data: { _id: string } };
        repliedAt.set(data._id, at);
        if (!measured) return;
        accepted++;
        measuredIds.add(data._id);
        const pushedAt = early.get(data._id);
        if (pushedAt !== undefined) {
          early.delete(data._id);
          beforeReply++;
          delivered++;
          samples.push(0);
        }
      } catch (error) {
        if (measured) errors[(error as Error).name] = (errors[(error as Error).name] ?? 0) + 1;
      } finally {
        inflight--;
      }
    };
    const cpuPush = new CpuWindow(meter.processes, meter.ticksPerSecond);
    progress(
      `open loop of connect requests at ${rate.toFixed(0)}/s to ${addressees.length} people with a socket open: ` +
        `${config.warmupSeconds}s warm-up + ${config.seconds}s`,
    );
    await openLoop(
      {
        rate,
        warmupMs: config.warmupSeconds * 1000,
        durationMs: config.seconds * 1000,
        onMeasureStart: cpuPush.start,
        onMeasureEnd: cpuPush.end,
      },
      (measured) => void connectTo(measured),
    );
    await until(() => inflight === 0 && delivered >= accepted, PUSH_TIMEOUT_MS);
    const push: NetworkPush = {
      ...summarize(samples),
      rate,
      sent,
      accepted,
      errors,
      beforeReply,
      missing: Math.max(0, accepted - delivered),
      sockets: sockets.length,
      cpu: cpuPush.usage(),
    };
    progress(
      `  connect -> push: p50 ${push.p50} ms, p99 ${push.p99} ms (${push.count} of ${accepted} delivered, ${push.missing} missing)`,
    );
    return {
      status: 'measured',
      seed: NETWORK_SEED,
      projection,
      reads: { ...reads, cpu: cpuReads.usage(), cacheHitShare, storedListShare, suggestionMisses },
      push,
      people: peopleReads,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    redis.disconnect();
    await pool.end();
  }
}
