/**
 * The fault suite: the product's own copy under load, one fault after another, the time each took to
 * heal, then the checks. `npm run faults` runs every fault on a private Postgres, Redis and Kafka behind
 * Toxiproxy; the bounded run in `npm test` kills the services and a private Redis.
 *
 * With `copies: 2` every service runs twice behind the edge and the faults kill one copy at a time (the
 * relay's holder, the gateway copy holding the watcher's sockets): with its twin up, no read and no
 * command may fail, not even a first try the client would send again.
 */
import { rmSync } from 'node:fs';
import { baseEnv, loadConfig } from '@careers/service-kit';
import { quietPort } from '@careers/service-kit/testing';
import {
  backlog,
  type Check,
  CheckpointWatch,
  consumerLag,
  finalChecks,
  lastPosition,
  newPool,
  type Probe,
  pushReaches,
} from './checks.ts';
import { copyFaults } from './copy-faults.ts';
import { type Attempt, Client, type CommandKind, Load, type Person } from './load.ts';
import {
  LOG_DIR,
  logDir,
  PrivateKafka,
  PrivatePostgres,
  PrivateRedis,
  privateDataDir,
  sleep,
  Toxiproxy,
  useLogDir,
} from './private-stack.ts';
import { describeTarget, HEAL_TARGETS, type HealTarget, judgeTargets, type TargetResult } from './targets.ts';
import { type Exit, FaultTopology, type ServiceName } from './topology.ts';

export interface SuiteOptions {
  mode: 'full' | 'bounded';
  users: number;
  thinkMs: number;
  /** How long a killed dependency (Redis, Postgres, Kafka), or a copy with a twin serving, stays down. */
  downMs: number;
  /**
   * How long a killed service of the one-copy run stays down before it is started again: as long as
   * its supervisor pauses before a first restart (scripts/supervise.sh; compose's restart policy).
   */
  restartMs: number;
  /** How long Kafka stays down while services start (longer than a consumer's give-up time). */
  kafkaOutageMs: number;
  /** How long latency and resets last. */
  toxicMs: number;
  /** A fault not healed within this is reported as not healed. */
  healTimeoutMs: number;
  /** Copies of each service (default 1); 2 runs them behind the edge and kills one copy at a time. */
  copies?: number;
  log: (line: string) => void;
}

export interface FaultResult {
  name: string;
  /** ms from the run's start. */
  at: number;
  downMs: number;
  /** From the fault to the first acknowledged command sent after it. */
  firstCommandMs: number | null;
  /** From the fault until every event written up to the restart is projected (lag 0 for them). */
  caughtUpMs: number | null;
  /** From the fault until a live push reached a subscribed socket again (gateway faults). */
  pushMs?: number | null;
  /** From the fault until its repair was done (the part started again and answering). */
  repairedMs: number;
  /** The heal targets of this fault, when it has any (the full run's). */
  targets?: TargetResult[];
  /** Commands sent between the fault and the heal that got no 2xx. */
  failedCommands: number;
  /** Reads (a person's feed) sent between the fault and the heal that got no 2xx (two-copy runs). */
  failedReads?: number;
  healed: boolean;
}

export interface FaultsReport {
  kind: 'faults';
  mode: SuiteOptions['mode'];
  /** Copies of each service. */
  copies: number;
  startedAt: string;
  durationMs: number;
  users: number;
  commands: Record<CommandKind, { sent: number; acknowledged: number }>;
  /** Reads of the feed sent and answered 200 (two-copy runs). */
  reads?: { sent: number; answered: number };
  faults: FaultResult[];
  checks: Check[];
  exits: Exit[];
  passed: boolean;
}

interface Stack {
  endpoints: { databaseUrl?: string; redisUrl?: string; kafkaBrokers?: string };
  /** How the suite itself reaches Postgres and Kafka (never through Toxiproxy). */
  direct: { databaseUrl?: string; kafkaBrokers?: string };
  redis: PrivateRedis;
  postgres?: PrivatePostgres;
  kafka?: PrivateKafka;
  toxiproxy?: Toxiproxy;
  stop(): Promise<void>;
}

async function startStack(
  mode: SuiteOptions['mode'],
  id: string,
  log: (line: string) => void,
): Promise<Stack> {
  const data = privateDataDir(id);
  const redis = new PrivateRedis(await quietPort(), `${data.dir}/redis`);
  await redis.start();
  log(`private Redis on :${redis.port}`);
  if (mode === 'bounded') {
    return {
      endpoints: { redisUrl: redis.url },
      direct: {},
      redis,
      stop: async () => {
        await redis.kill();
        data.remove();
      },
    };
  }
  const [pgPort, pgProxy, kafkaPort, kafkaController, kafkaProxy, toxiPort] = await Promise.all(
    Array.from({ length: 6 }, () => quietPort()),
  );
  const toxiproxy = new Toxiproxy(toxiPort as number);
  await toxiproxy.start();
  const postgres = new PrivatePostgres(pgPort as number, `${data.dir}/postgres`);
  const kafka = new PrivateKafka({
    port: kafkaPort as number,
    controllerPort: kafkaController as number,
    advertisedPort: kafkaProxy as number,
    dir: `${data.dir}/kafka`,
  });
  await toxiproxy.proxy('postgres', pgProxy as number, pgPort as number);
  await toxiproxy.proxy('kafka', kafkaProxy as number, kafkaPort as number);
  await Promise.all([postgres.start(), kafka.start()]);
  log(
    `private Postgres on :${pgPort}, Kafka on :${kafkaPort}, Toxiproxy on :${toxiPort} (Postgres :${pgProxy}, Kafka :${kafkaProxy})`,
  );
  const viaProxy = `postgres://careers:careers@127.0.0.1:${pgProxy}/careers`;
  return {
    endpoints: { redisUrl: redis.url, databaseUrl: viaProxy, kafkaBrokers: kafka.brokers },
    // Kafka advertises the proxy's address, so even the suite's admin client goes through it; the
    // suite reads lag only once the toxics are gone.
    direct: { databaseUrl: postgres.url, kafkaBrokers: kafka.brokers },
    redis,
    postgres,
    kafka,
    toxiproxy,
    stop: async () => {
      await Promise.all([redis.kill(), postgres.kill().catch(() => {}), kafka.kill(), toxiproxy.kill()]);
      data.remove();
    },
  };
}

export interface Fault {
  name: string;
  /** Breaks something; resolves when it is broken. */
  inject(): Promise<void>;
  /** Mends it; resolves when the mending is done (not when the product has healed). */
  restore(): Promise<void>;
  downMs: number;
  /** The gateway was restarted: a live push must reach a socket again. */
  push?: boolean;
  /** How soon it must heal (the full run's targets, issue 58). */
  targets?: HealTarget[];
}

export async function runSuite(options: SuiteOptions): Promise<FaultsReport> {
  const t0 = Date.now();
  const since = () => `${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s`;
  const log = (line: string) => options.log(`[${since()}] ${line}`);
  // Each run's logs alone: the services' logs are appended to across their restarts within the run.
  // The two-copy run keeps its own folder, so that a run after the one-copy run leaves that one's.
  const copies = options.copies ?? 1;
  useLogDir(copies > 1 ? `${LOG_DIR}-2-copies` : LOG_DIR);
  rmSync(logDir(), { recursive: true, force: true });
  // Two copies: the faults are the copies' own, on a private Redis (the shared Postgres and Kafka stay up).
  const stack = await startStack(copies > 1 ? 'bounded' : options.mode, String(t0), log);
  const topology = new FaultTopology(stack.endpoints, { copies });
  const shared = loadConfig(baseEnv, topology.ns.commandEnv);
  const probe: Probe = {
    pool: newPool(stack.direct.databaseUrl ?? shared.DATABASE_URL),
    schemas: topology.schemas,
    kafkaBrokers: stack.direct.kafkaBrokers ?? (shared.KAFKA_BROKERS[0] as string),
    topicPrefix: String(topology.ns.commandEnv.KAFKA_TOPIC_PREFIX),
  };
  const watch = new CheckpointWatch();
  let watching: NodeJS.Timeout | undefined;
  let load: Load | undefined;
  try {
    await topology.start();
    log(
      copies > 1
        ? `${copies} copies of each service up behind the edge at ${topology.urls.command}`
        : `services up: command ${topology.urls.command}, query ${topology.urls.query}, gateway ${topology.urls.gateway}`,
    );
    const client = new Client(topology.urls.command, topology.urls.query);
    const people: Person[] = [];
    for (let i = 0; i < options.users; i += 5) {
      const batch = Array.from({ length: Math.min(5, options.users - i) }, (_, k) =>
        client.register(i + k, String(t0)),
      );
      people.push(...(await Promise.all(batch)));
    }
    load = new Load(client, people, { thinkMs: options.thinkMs, reads: copies > 1 });
    const seeded = await Promise.all(people.map((p) => load?.post(p) as Promise<Attempt>));
    const jobs = await Promise.all(
      people.filter((p) => p.index % 5 === 0).map((p) => load?.postJob(p) as Promise<Attempt>),
    );
    if (![...seeded, ...jobs].every((a) => a.ok))
      throw new Error('the first posts and jobs were refused: see the service logs');
    // Neighbours (0 and 1, 2 and 3, ...) connected, each pair in a conversation to write in.
    const pairs = people.flatMap((p, i) =>
      i % 2 === 0 && people[i + 1] ? [[p, people[i + 1] as Person]] : [],
    );
    await Promise.all(pairs.map(([a, b]) => load?.pairUp(a as Person, b as Person)));
    log(
      `${people.length} people registered, ${load.posts.length} posts, ${load.jobs.length} jobs and ` +
        `${pairs.length} conversations to act on`,
    );

    watching = setInterval(() => void watch.sample(probe).catch(() => {}), 1000);
    load.start();
    await sleep(3000);
    log('load running');

    const faults =
      copies > 1 ? copyFaults(options, topology, load, log) : buildFaults(options, topology, stack);
    const results: FaultResult[] = [];
    for (const fault of faults) {
      results.push(await runFault(fault, { options, topology, probe, load, t0, log }));
    }
    await load.stop();
    log(
      `load stopped: ${load.attempts.filter((a) => a.ok).length} of ${load.attempts.length} commands acknowledged`,
    );

    // Settle: the relay and the consumers finish what the last commands wrote.
    const end = await lastPosition(probe);
    const deadline = Date.now() + options.healTimeoutMs;
    while (Date.now() < deadline) {
      const lag = await consumerLag(probe).catch(() => ({ error: 1 }));
      if ((await backlog(probe, end).catch(() => 1)) === 0 && Object.values(lag).every((n) => n === 0)) break;
      await sleep(250);
    }
    clearInterval(watching);
    watching = undefined;
    await watch.sample(probe);
    log('checking');
    const checks = await finalChecks(probe, load, client, watch);
    const unexpected = topology.exits;
    checks.push({
      name: 'no service exited on its own',
      ok: unexpected.length === 0,
      detail:
        unexpected.length === 0
          ? 'none'
          : unexpected
              .map((e) => `${e.service} (${e.how}) during "${faultAt(results, e.at - t0)}"`)
              .join(', '),
    });
    if (copies > 1) {
      const inWindow = (r: FaultResult) => (a: { startedAt: number }) =>
        a.startedAt >= t0 + r.at && a.startedAt <= t0 + r.at + r.downMs;
      const attempts = load.attempts;
      const unanswered = results.flatMap((r) =>
        attempts.filter((a) => !a.ok && inWindow(r)(a)).map((a) => `${a.kind} during "${r.name}"`),
      );
      // The edge sends a read, and a keyed command, whose copy died or was starting to the other copy:
      // none needs the client to send it again.
      checks.push({
        name: 'with its twin up, no read or command failed (none sent again by the client)',
        ok: unanswered.length === 0 && results.every((r) => r.failedReads === 0 && r.failedCommands === 0),
        detail: [
          ...unanswered.slice(0, 5),
          ...results.map(
            (r) => `${r.name}: ${r.failedReads} reads failed, ${r.failedCommands} intents needed another try`,
          ),
        ].join('; '),
      });
    }
    const pushes = results.filter((r) => r.pushMs !== undefined);
    checks.push({
      name: 'a live push reaches a subscribed socket after each gateway restart',
      ok: pushes.length > 0 && pushes.every((r) => r.pushMs !== null),
      detail: pushes
        .map((r) => `${r.name}: ${r.pushMs === null ? 'never' : `${(Number(r.pushMs) / 1000).toFixed(1)} s`}`)
        .join(', '),
    });
    const aims = results.flatMap((r) => (r.targets ?? []).map((t) => ({ fault: r.name, ...t })));
    if (aims.length > 0) {
      checks.push({
        name: 'every heal target met (issue 58)',
        ok: aims.every((t) => t.met),
        detail: aims
          .map(
            (t) =>
              `${t.fault}: ${describeTarget(t)}, ${t.measuredMs === null ? 'never' : `${(t.measuredMs / 1000).toFixed(1)} s`}${t.met ? '' : ' MISSED'}`,
          )
          .join('; '),
      });
    }
    checks.push({
      name: 'every fault healed',
      ok: results.every((r) => r.healed),
      detail:
        results
          .filter((r) => !r.healed)
          .map((r) => r.name)
          .join(', ') || `${results.length} faults`,
    });
    const commands = {} as FaultsReport['commands'];
    for (const kind of ['like', 'comment', 'post', 'job', 'apply', 'connect', 'message'] as const) {
      const mine = load.attempts.filter((a) => a.kind === kind);
      commands[kind] = { sent: mine.length, acknowledged: mine.filter((a) => a.ok).length };
    }
    return {
      kind: 'faults',
      mode: options.mode,
      copies,
      ...(copies > 1
        ? { reads: { sent: load.reads.length, answered: load.reads.filter((r) => r.ok).length } }
        : {}),
      startedAt: new Date(t0).toISOString(),
      durationMs: Date.now() - t0,
      users: options.users,
      commands,
      faults: results,
      checks,
      exits: unexpected,
      passed: checks.every((c) => c.ok),
    };
  } finally {
    if (watching) clearInterval(watching);
    await load?.stop();
    await topology.stop();
    await probe.pool.end().catch(() => {});
    if (options.mode === 'bounded') await topology.ns.cleanup().catch(() => {});
    await stack.stop();
  }
}

/** The fault in progress `ms` after the start: the last one that had begun by then. */
function faultAt(results: FaultResult[], ms: number): string {
  return results.filter((r) => r.at <= ms).at(-1)?.name ?? 'the start';
}

function buildFaults(options: SuiteOptions, topology: FaultTopology, stack: Stack): Fault[] {
  // The heal targets hold the full run to them; the bounded run's shorter outages only report.
  const full = options.mode === 'full';
  const aimed = (targets: readonly HealTarget[]) => (full ? { targets: [...targets] } : {});
  const service = (name: ServiceName, push = false, targets: readonly HealTarget[] = []): Fault => ({
    name: `SIGKILL ${name}`,
    inject: () => topology.kill(name),
    restore: async () => {
      await topology.startService(name);
      await topology.waitReady(name, options.healTimeoutMs);
    },
    downMs: options.restartMs,
    push,
    ...aimed(targets),
  });
  const dependency = (
    part: { name: string; kill(): Promise<void>; start(): Promise<void> },
    targets: readonly HealTarget[] = [],
  ): Fault => ({
    name: `SIGKILL ${part.name}`,
    inject: () => part.kill(),
    restore: () => part.start(),
    downMs: options.downMs,
    ...aimed(targets),
  });
  const faults: Fault[] = [
    service('projector', false, HEAL_TARGETS.projectorKilled),
    service('command-service'),
    service('realtime-gateway', true, HEAL_TARGETS.gatewayKilled),
    dependency(stack.redis),
  ];
  const { postgres, kafka, toxiproxy } = stack;
  if (postgres && kafka && toxiproxy) {
    faults.push(dependency(postgres), dependency(kafka, HEAL_TARGETS.kafkaKilled), {
      name: 'projector and gateway started while Kafka is down',
      inject: async () => {
        await kafka.kill();
        await Promise.all([topology.kill('projector'), topology.kill('realtime-gateway')]);
        await Promise.all([topology.startService('projector'), topology.startService('realtime-gateway')]);
      },
      restore: () => kafka.start(),
      downMs: options.kafkaOutageMs,
      push: true,
      ...aimed(HEAL_TARGETS.startedWithoutKafka),
    });
    const toxic = (name: string, apply: (proxy: string) => Promise<unknown>): Fault => ({
      name,
      inject: async () => {
        await apply('postgres');
        await apply('kafka');
      },
      restore: async () => {
        await toxiproxy.heal('postgres');
        await toxiproxy.heal('kafka');
      },
      downMs: options.toxicMs,
    });
    faults.push(
      toxic('300 ms latency to Postgres and Kafka', (proxy) => toxiproxy.latency(proxy, 300, 100)),
      toxic('connection resets to Postgres and Kafka', (proxy) => toxiproxy.resets(proxy, 500)),
    );
  }
  return faults;
}

async function runFault(
  fault: Fault,
  context: {
    options: SuiteOptions;
    topology: FaultTopology;
    probe: Probe;
    load: Load;
    t0: number;
    log: (line: string) => void;
  },
): Promise<FaultResult> {
  const { options, probe, load, log } = context;
  log(`fault: ${fault.name}`);
  const at = Date.now();
  await fault.inject();
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  // Set once the fault is mended: a sign not seen within healTimeoutMs after that is not healed.
  let deadline = Number.POSITIVE_INFINITY;
  /** Polls `healed` until it holds or the deadline passes; resolves to the ms from the fault, or null. */
  const until = async (
    what: string,
    healed: () => Promise<boolean>,
    pause: number,
  ): Promise<number | null> => {
    while (Date.now() < deadline) {
      if (await healed().catch(() => false)) {
        const ms = Date.now() - at;
        log(`  ${what} after ${seconds(ms)}`);
        return ms;
      }
      await sleep(pause);
    }
    return null;
  };
  // The signs of healing are watched side by side, so a slow one does not delay the others. The first
  // command and the live push are watched from the fault on (with two copies they may come back before
  // the killed copy does); the backlog from the repair on, as it is the backlog of that moment.
  const firstAck = until(
    'first acknowledged command sent after the fault',
    async () => load.firstAckSince(at) !== undefined,
    100,
  );
  const push = fault.push
    ? until(
        'a live push reached a socket',
        () => {
          const [watcher, liker] = [load.people[0], load.people[1]] as [Person, Person];
          return pushReaches(
            context.topology.urls.gateway,
            load,
            watcher,
            liker,
            load.posts[0] as string,
            3000,
          );
        },
        100,
      )
    : Promise.resolve(null);
  await sleep(fault.downMs);
  log(`  mending after ${(fault.downMs / 1000).toFixed(0)} s`);
  await fault.restore();
  const repairedMs = Date.now() - at;
  deadline = Date.now() + options.healTimeoutMs;
  let position: string | undefined;
  const caughtUp = until(
    'read side caught up',
    async () => {
      position ??= await lastPosition(probe);
      return (await backlog(probe, position)) === 0;
    },
    100,
  );
  const [firstAckMs, caughtUpMs, pushMs] = await Promise.all([firstAck, caughtUp, push]);
  // When it came back, not when the poll noticed: the first acknowledged command's own reply time.
  const first = firstAckMs === null ? undefined : load.firstAckSince(at);
  const firstCommandMs = first ? first.endedAt - at : null;
  const healedAt = Date.now();
  // Intents that met the fault: a try unanswered or failed (each was sent again until answered).
  const failedCommands = load.attempts.filter(
    (a) => (!a.ok || a.tries > 1) && a.startedAt >= at && a.startedAt <= healedAt,
  ).length;
  const reads =
    context.topology.copies > 1
      ? load.reads.filter((r) => r.startedAt >= at && r.startedAt <= healedAt)
      : null;
  const healed = firstCommandMs !== null && caughtUpMs !== null && (!fault.push || pushMs !== null);
  if (!healed) log(`  NOT healed within ${(options.healTimeoutMs / 1000).toFixed(0)} s`);
  const targets = fault.targets
    ? judgeTargets(fault.targets, { caughtUpMs, pushMs: fault.push ? pushMs : undefined, repairedMs })
    : undefined;
  for (const t of targets ?? [])
    if (!t.met)
      log(
        `  target missed: ${describeTarget(t)}, measured ${t.measuredMs === null ? 'never' : seconds(t.measuredMs)}`,
      );
  return {
    name: fault.name,
    at: at - context.t0,
    downMs: fault.downMs,
    repairedMs,
    ...(targets ? { targets } : {}),
    firstCommandMs,
    caughtUpMs,
    ...(fault.push ? { pushMs } : {}),
    failedCommands,
    ...(reads ? { failedReads: reads.filter((r) => !r.ok).length } : {}),
    healed,
  };
}
