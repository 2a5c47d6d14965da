import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CONSISTENCY_HEADER, parseConsistencyTokens } from '@careers/contracts/consistency';
import { routes } from '@careers/contracts/routes';
import { baseEnv, createRedis, createSession, loadConfig } from '@careers/service-kit';
import { type BenchUser, HttpStatusError, header, type LikeState, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { openLoop } from './load.ts';
import type { Population } from './measure-setup.ts';
import type { SwarmReply, SwarmRequest } from './socket-swarm.ts';
import { type LatencySummary, summarize } from './stats.ts';
import { type BenchTopology, ROOT } from './topology.ts';

/** Clients per swarm process: a few thousand sockets keep one client process well inside a core. */
const SOCKETS_PER_PROCESS = 2500;
/**
 * Clients sharing one session, as a person's tabs and devices do (below the gateway's cap of
 * MAX_SOCKETS_PER_SESSION, 16 by default).
 */
const SOCKETS_PER_SESSION = 10;
/** Handshakes in flight per swarm process. */
const HANDSHAKES_AT_ONCE = 25;
const PROBE_TIMEOUT_MS = 30_000;
const DRAIN_TIMEOUT_MS = 10_000;
const SETTLE_MS = 2000;

export type SocketsResult =
  | {
      status: 'measured';
      /** Clients asked for, and connected (authenticated by their session cookie) to the one gateway. */
      requested: number;
      connected: number;
      processes: number;
      /** Sessions the clients share (created as a sign-in leaves them), and the people they belong to. */
      sessions: number;
      users: number;
      /** Each client's handshake, and the whole connect from the first to the last. */
      connect: LatencySummary & { seconds: number; perSecond: number; errors: Record<string, number> };
      /** The gateway's resident memory before the clients and with them all connected. */
      memory: { beforeMb: number; afterMb: number; bytesPerSocket: number };
      watchers: number;
      /** Like toggles per second on the watched post (scheduled), accepted in the window, by how many people. */
      likeRate: number;
      accepted: number;
      acceptedRate: number;
      likers: number;
      errors: Record<string, number>;
      /**
       * Like reply -> each watcher's socket has a push with that like's version or a newer one (the
       * count after it, or after a later like). `wrongFinal`: watchers whose last count is not the
       * post's final one; `steppedBack`: pushes older than one the watcher already had.
       */
      push: LatencySummary & {
        expected: number;
        missing: number;
        wrongFinal: number;
        steppedBack: number;
        pushesPerWatcher: number;
      };
      cpu: CpuUsage[];
    }
  | { status: 'missing'; reason: string };

const now = () => performance.timeOrigin + performance.now();

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** A swarm process and its requests, answered in the order sent. */
class Swarm {
  readonly child: ChildProcess;
  readonly #waiting: Array<{ resolve: (reply: SwarmReply) => void; reject: (error: Error) => void }> = [];
  #gone: Error | undefined;

  constructor(index: number, deadlineMs: number) {
    this.child = spawn(process.execPath, ['bench/src/socket-swarm.ts'], {
      cwd: ROOT,
      env: { ...process.env, SWARM_DEADLINE_MS: String(deadlineMs) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (reply: SwarmReply) => {
      const waiter = this.#waiting.shift();
      if (!waiter) return;
      if (reply.type === 'failed') waiter.reject(new Error(`socket swarm ${index}: ${reply.message}`));
      else waiter.resolve(reply);
    });
    this.child.once('exit', (code, signal) => {
      this.#gone = new Error(`socket swarm ${index} exited (${signal ?? `code ${code}`})`);
      for (const waiter of this.#waiting.splice(0)) waiter.reject(this.#gone);
    });
  }

  ask<T extends SwarmReply['type']>(
    request: SwarmRequest,
    expect: T,
  ): Promise<Extract<SwarmReply, { type: T }>> {
    if (this.#gone) return Promise.reject(this.#gone);
    return new Promise((resolve, reject) => {
      this.#waiting.push({
        resolve: (reply) =>
          reply.type === expect
            ? resolve(reply as Extract<SwarmReply, { type: T }>)
            : reject(new Error(`socket swarm answered ${reply.type}, not ${expect}`)),
        reject,
      });
      this.child.send(request);
    });
  }

  /** Asks it to close its sockets and exit; kills it if it has not within a few seconds. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    if (this.child.connected) this.child.send({ type: 'close' } satisfies SwarmRequest);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * Sockets at scale: `scaleSockets` authenticated socket.io clients, held by swarm processes of
 * SOCKETS_PER_PROCESS each, on the topology's one gateway process (its memory per socket and the
 * connect times); then `scaleWatchers` of them subscribe to one new post that takes `scaleLikeRate`
 * like toggles a second through the command path, from the population's people in turn. Every
 * accepted like's reply is timed to every watcher's first push at or past its stream version, and every
 * watcher must end with the post's final count.
 *
 * Sessions: the population registered through the API; each of its people gets several sessions,
 * written by the same function sign-in uses (password hashing is not what is measured), and each
 * session is shared by SOCKETS_PER_SESSION clients. The watchers hold distinct sessions.
 */
export async function measureSockets(
  api: ProductApi,
  population: Population,
  topology: Pick<BenchTopology, 'ns' | 'processes' | 'assertAlive'>,
  gateway: { url: string; origin: string },
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<SocketsResult> {
  if (config.scaleSockets === 0) return { status: 'missing', reason: 'BENCH_SCALE_SOCKETS=0' };
  const gatewayPid = topology.processes().find((p) => p.name === 'realtime-gateway')?.pid;
  if (gatewayPid === undefined) throw new Error('the topology has no realtime-gateway process');
  const requested = config.scaleSockets;
  const watchersWanted = Math.min(config.scaleWatchers, requested);
  const sessionCount = Math.max(watchersWanted, Math.ceil(requested / SOCKETS_PER_SESSION));
  const processes = Math.ceil(requested / SOCKETS_PER_PROCESS);
  const settings = loadConfig(baseEnv, topology.ns.commandEnv);
  const redis = createRedis(settings.REDIS_URL, settings.REDIS_KEY_PREFIX);
  const swarms: Swarm[] = [];
  // If the bench exits without the finally below (a signal), the swarms go with it.
  const killSwarms = () => {
    for (const swarm of swarms) swarm.child.kill('SIGKILL');
  };
  process.once('exit', killSwarms);
  try {
    const cookies: string[] = [];
    for (let i = 0; i < sessionCount; i++) {
      const user = population.users[i % population.users.length] as BenchUser;
      cookies.push(`sid=${await createSession(redis, user.id, 3600)}`);
    }
    // Client j uses session j mod sessions and lives in process j mod processes: each process's
    // first clients (its watchers) hold sessions no other watcher holds.
    const shares: string[][] = Array.from({ length: processes }, () => []);
    for (let j = 0; j < requested; j++) shares[j % processes]?.push(cookies[j % sessionCount] as string);
    const users = new Set(cookies.map((_, i) => i % population.users.length)).size;
    for (let i = 0; i < processes; i++) swarms.push(new Swarm(i, 30 * 60_000));

    const beforeMb = residentMb(gatewayPid);
    progress(
      `connecting ${requested} socket.io clients from ${processes} processes (${sessionCount} sessions of ` +
        `${users} people, ${HANDSHAKES_AT_ONCE * processes} handshakes at once)`,
    );
    const connectStart = performance.now();
    const connected = await Promise.all(
      swarms.map((swarm, i) =>
        swarm.ask(
          {
            type: 'connect',
            url: gateway.url,
            origin: gateway.origin,
            cookies: shares[i] ?? [],
            atOnce: HANDSHAKES_AT_ONCE,
          },
          'connected',
        ),
      ),
    );
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const connectMs = connected.flatMap((c) => c.connectMs);
    const connectErrors: Record<string, number> = {};
    for (const reply of connected) {
      for (const [name, n] of Object.entries(reply.errors))
        connectErrors[name] = (connectErrors[name] ?? 0) + n;
    }
    topology.assertAlive();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const afterMb = residentMb(gatewayPid);
    const memory = {
      beforeMb: Math.round(beforeMb * 10) / 10,
      afterMb: Math.round(afterMb * 10) / 10,
      bytesPerSocket:
        connectMs.length > 0 ? Math.round(((afterMb - beforeMb) * 1024 * 1024) / connectMs.length) : 0,
    };
    const connect = {
      ...summarize(connectMs),
      seconds: Math.round(connectSeconds * 10) / 10,
      perSecond: Math.round(connectMs.length / connectSeconds),
      errors: connectErrors,
    };
    progress(
      `  ${connectMs.length} of ${requested} connected in ${connect.seconds} s (handshake p50 ${connect.p50} ms, ` +
        `p99 ${connect.p99} ms); gateway RSS ${memory.beforeMb} -> ${memory.afterMb} MB, ` +
        `${(memory.bytesPerSocket / 1024).toFixed(1)} KB per socket`,
    );

    // The watched post: new, so its count starts at 0 and only this phase's likes move it.
    const author = population.users[0] as BenchUser;
    const post = await api.createPost(author, 'Bench post: one thousand people watching this one.');
    const readable = await api.getPost(author, post.postId, post.token);
    if (readable.status !== 200) throw new HttpStatusError(`read post ${post.postId}`, readable);
    const perProcess = Array.from(
      { length: processes },
      (_, i) => Math.floor(watchersWanted / processes) + (i < watchersWanted % processes ? 1 : 0),
    );
    const watching = await Promise.all(
      swarms.map((swarm, i) =>
        swarm.ask({ type: 'watch', postId: post.postId, watchers: perProcess[i] ?? 0 }, 'watching'),
      ),
    );
    const watchers = watching.reduce((sum, w) => sum + w.joined, 0);
    if (watchers < watchersWanted)
      throw new Error(`only ${watchers} of ${watchersWanted} sockets could watch the post`);

    const likers = population.users;
    const newest = { version: 0, likesCount: 0 };
    const toggle = async (user: BenchUser) => {
      const reply = await api.toggleLike(user, post.postId);
      const at = now();
      if (reply.status !== routes.toggleLike.status) return { ok: false as const, status: reply.status };
      const version = parseConsistencyTokens(header(reply, CONSISTENCY_HEADER))?.[0]?.streamVersion ?? 0;
      const { data } = JSON.parse(reply.body) as { data: LikeState };
      if (version > newest.version) Object.assign(newest, { version, likesCount: data.likesCount });
      return { ok: true as const, version, at };
    };
    // The watchers are subscribed and the gateway's consumer is live once a like reaches all of them.
    const probe = await toggle(author);
    if (!probe.ok) throw new Error(`probe like: HTTP ${probe.status}`);
    const probed = await Promise.all(
      swarms.map((swarm) =>
        swarm.ask({ type: 'await', version: probe.version, timeoutMs: PROBE_TIMEOUT_MS }, 'seen'),
      ),
    );
    const seen = probed.reduce((sum, s) => sum + s.watchers, 0);
    if (seen < watchers) throw new Error(`${watchers - seen} watchers got no like push within 30 s`);
    progress(
      `${watchers} of the clients watch one post; ${config.scaleLikeRate} like toggles/s by ${likers.length} people`,
    );

    const busy = new Set<string>();
    const likes: Array<[number, number]> = [];
    const errors: Record<string, number> = {};
    let turn = 0;
    let inflight = 0;
    const fire = async (measured: boolean) => {
      // The next person in turn whose previous toggle is answered (a person's toggles must not cross).
      let user: BenchUser | undefined;
      for (let tries = 0; tries < likers.length && !user; tries++) {
        const candidate = likers[turn++ % likers.length] as BenchUser;
        if (!busy.has(candidate.id)) user = candidate;
      }
      if (!user) {
        if (measured) errors.skipped = (errors.skipped ?? 0) + 1;
        return;
      }
      busy.add(user.id);
      inflight++;
      try {
        const result = await toggle(user);
        if (!result.ok) {
          if (measured) errors[`HTTP ${result.status}`] = (errors[`HTTP ${result.status}`] ?? 0) + 1;
        } else if (measured) {
          likes.push([result.version, result.at]);
        }
      } catch (error) {
        if (measured) errors[(error as Error).name] = (errors[(error as Error).name] ?? 0) + 1;
      } finally {
        busy.delete(user.id);
        inflight--;
      }
    };
    // The swarms are metered too: on one machine, what the clients cost is taken from the gateway.
    const swarmProcesses = swarms.flatMap((swarm, i) =>
      swarm.child.pid === undefined
        ? []
        : [{ name: `socket swarm ${i + 1}`, kind: 'bench' as const, pid: swarm.child.pid, tree: false }],
    );
    const cpu = new CpuWindow(() => [...meter.processes(), ...swarmProcesses], meter.ticksPerSecond);
    await openLoop(
      {
        rate: config.scaleLikeRate,
        warmupMs: config.warmupSeconds * 1000,
        durationMs: config.seconds * 1000,
        onMeasureStart: cpu.start,
        onMeasureEnd: cpu.end,
      },
      (measured) => void fire(measured),
    );
    const drainBy = performance.now() + DRAIN_TIMEOUT_MS;
    while (inflight > 0 && performance.now() < drainBy) await new Promise((r) => setTimeout(r, 20));
    // Every watcher should end at the newest version; wait for it (bounded), then count what came.
    await Promise.all(
      swarms.map((swarm) =>
        swarm.ask({ type: 'await', version: newest.version, timeoutMs: DRAIN_TIMEOUT_MS }, 'seen'),
      ),
    );
    const collected = await Promise.all(
      swarms.map((swarm) =>
        swarm.ask({ type: 'collect', likes, finalCount: newest.likesCount }, 'collected'),
      ),
    );
    const samples = collected.flatMap((c) => c.samples);
    const sum = (pick: (c: (typeof collected)[number]) => number) =>
      collected.reduce((n, c) => n + pick(c), 0);
    const push = {
      ...summarize(samples),
      expected: likes.length * watchers,
      missing: sum((c) => c.missing),
      wrongFinal: sum((c) => c.wrongFinal),
      steppedBack: sum((c) => c.steppedBack),
      pushesPerWatcher: Math.round((sum((c) => c.pushes) / Math.max(1, watchers)) * 10) / 10,
    };
    progress(
      `  like -> ${watchers} watchers: p50 ${push.p50} ms, p99 ${push.p99} ms (${push.count} of ${push.expected}, ` +
        `${push.missing} missing, ${push.wrongFinal} without the final count, ${push.pushesPerWatcher} pushes per watcher ` +
        `for ${likes.length} likes in the window)`,
    );
    return {
      status: 'measured',
      requested,
      connected: connectMs.length,
      processes,
      sessions: sessionCount,
      users,
      connect,
      memory,
      watchers,
      likeRate: config.scaleLikeRate,
      accepted: likes.length,
      acceptedRate: likes.length / config.seconds,
      likers: likers.length,
      errors,
      push,
      cpu: cpu.usage(),
    };
  } finally {
    await Promise.all(swarms.map((swarm) => swarm.stop()));
    process.removeListener('exit', killSwarms);
    redis.disconnect();
  }
}
