/**
 * The bench's own copy of the product: every service as a separate process, as `npm start` runs them,
 * in a fresh namespace (Postgres schemas, Redis prefix, Kafka topics from service-kit's testNamespace)
 * on free loopback ports, plus the baseline servers. Like e2e/topology.ts, but without the web server,
 * with free ports (an e2e run may hold 4101-4103 at the same time) and with production settings.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { baseEnv, createLogger, loadConfig, PersonalDataVault } from '@careers/service-kit';
import { createKafka, groupName, processGroupPrefix, withAdmin } from '@careers/service-kit/kafka';
import {
  freePort,
  productionEnvironment,
  type TestNamespace,
  testNamespace,
} from '@careers/service-kit/testing';
import pg from 'pg';
import type { MeteredProcess } from './cpu.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const STACK_DIR = process.env.CAREERS_STACK_DIR ?? `${ROOT}.stack`;
export const LOG_DIR = `${STACK_DIR}/logs/bench`;
/** scrypt cost (log2 N) of the bench's command-service: the lowest the config allows, see createTopology. */
export const SCRYPT_LOG_N = 14;
/** The browser origin the services are told to trust (CSRF and socket handshake checks). */
export const WEB_ORIGIN = 'http://localhost:5173';

export interface Urls {
  command: string;
  query: string;
  gateway: string;
  insertBaseline: string;
}

export interface BenchTopology {
  ns: TestNamespace;
  /** Filled in by start(). */
  urls: Urls;
  /** The Postgres both services use, and their schemas (the bench writes jobs and reads checkpoints). */
  databaseUrl: string;
  schemas: { command: string; query: string };
  /** EDGE_SECRET of this run: an edge in front of the services sends it (X-Edge-Secret). */
  edgeSecret: string;
  /** The person-key vault the services use: the bench's own writers seal with it too. */
  vault: PersonalDataVault;
  /** Starts the services and the INSERT baseline; resolves once each answers its health check. */
  start(): Promise<void>;
  /**
   * Starts a second copy of each service (`<service>-2`, as `REPLICAS=2 npm start` names them), on the
   * same namespace: the projector and gateway copies join their consumer groups, the command-service
   * copy's relay stands by. Resolves with the URLs of both copies once each answers /readyz.
   */
  startSecondCopies(): Promise<{ command: string[]; query: string[] }>;
  /** Stops the second copies (SIGTERM: each leaves its group) and waits until they are gone. */
  stopSecondCopies(): Promise<void>;
  /**
   * Resolves once the projector's consumer group is stable with `members` members (a member that left
   * or joined has been taken into account, every partition assigned), and `members` gateways each read
   * in a stable group of their own.
   */
  groupsSettled(members: number, timeoutMs?: number): Promise<void>;
  processes(): MeteredProcess[];
  /**
   * Starts an in-memory JSON baseline (process `baseline-<name>`) answering each GET whose path and
   * query string is a key of `bodies` with that body; resolves to its URL.
   */
  startJsonBaseline(name: string, bodies: Record<string, string>): Promise<string>;
  /** Throws if a process this topology started has died. */
  assertAlive(): void;
  /** Kills every process started so far and removes the namespace; safe to call at any point. */
  stop(): Promise<void>;
}

export type StartJsonBaseline = BenchTopology['startJsonBaseline'];

const ok = (url: string) => async () => (await fetch(url).catch(() => null))?.ok === true;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createTopology(options: { poolSize: number; origin?: string }): BenchTopology {
  const ns = testNamespace('bench', { freshSchemas: true });
  const baselineSchema = `t_${ns.id}_base`;
  const bodyFile = (name: string) => `${tmpdir()}/careers-bench-${ns.id}-${name}.json`;
  const bodyFiles: string[] = [];
  const databaseUrl = loadConfig(baseEnv, ns.commandEnv).DATABASE_URL;
  // Production settings rather than the test-file ones testNamespace picks (a small pool, 2
  // partitions, a fast relay poll, every answer checked against the route table), except the scrypt cost: 2^14 instead of 2^17, so that registering
  // the bench's users takes seconds (sign-in cost is not what the bench measures).
  const production = productionEnvironment({
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    origin: options.origin ?? WEB_ORIGIN,
    poolSize: options.poolSize,
  });
  const baseline = (port: number, extra: Record<string, string>): NodeJS.ProcessEnv => ({
    ...process.env,
    DATABASE_URL: databaseUrl,
    BASELINE_POOL_SIZE: String(options.poolSize),
    PORT: String(port),
    ...extra,
  });

  // BENCH_CPU_PROFILE names processes (comma-separated, e.g. `query-service,command-service`) to run
  // under `node --cpu-prof`; each writes a .cpuprofile into LOG_DIR/profiles when it exits.
  const profiled = new Set((process.env.BENCH_CPU_PROFILE ?? '').split(',').map((name) => name.trim()));
  const nodeFlags = (name: string) =>
    profiled.has(name)
      ? ['--cpu-prof', `--cpu-prof-dir=${LOG_DIR}/profiles`, `--cpu-prof-name=${name}.cpuprofile`]
      : [];

  const children = new Map<string, ChildProcess>();
  /** Processes being stopped on purpose while the bench goes on (their exit is not a death). */
  const retiring = new Set<string>();
  let stopping = false;
  let died: string | undefined;
  const run = (name: string, args: string[], env: NodeJS.ProcessEnv, openFiles?: number) => {
    if (stopping) throw new Error('the bench is stopping');
    mkdirSync(LOG_DIR, { recursive: true });
    const log = openSync(`${LOG_DIR}/${name}.log`, 'w');
    // A process that holds many sockets is started through a shell that raises its open-file limit
    // (as far as the hard limit allows) and then becomes the process itself (same pid).
    const argsWithFlags = [...nodeFlags(name), ...args];
    const [command, argv] =
      openFiles === undefined
        ? [process.execPath, argsWithFlags]
        : [
            'bash',
            [
              '-c',
              `ulimit -n ${openFiles} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`,
              process.execPath,
              ...argsWithFlags,
            ],
          ];
    // Its own process group, so that stop() ends the process with anything it started.
    const child = spawn(command, argv, {
      cwd: ROOT,
      env,
      stdio: ['ignore', log, log],
      detached: true,
    });
    closeSync(log);
    child.once('exit', (code, signal) => {
      if (!stopping && !retiring.has(name))
        died ??= `${name} exited (${signal ?? `code ${code}`}); see ${LOG_DIR}/${name}.log`;
    });
    children.set(name, child);
  };
  const running = () => [...children.values()].filter((c) => c.exitCode === null && c.signalCode === null);
  const killAll = (signal: NodeJS.Signals) => {
    for (const child of running()) {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {}
    }
  };
  // Last resort if the bench itself exits without running stop().
  const onExit = () => killAll('SIGKILL');
  process.once('exit', onExit);

  const ready = async (what: string, url: string) => {
    const deadline = Date.now() + 60_000;
    while (!(await ok(url)())) {
      topology.assertAlive();
      if (stopping) throw new Error('the bench is stopping');
      if (Date.now() > deadline) throw new Error(`${what} not ready after 60 s (logs in ${LOG_DIR})`);
      await sleep(100);
    }
  };

  /** One copy of each service (`suffix` '' for the first, '-2' for the second), on the given ports. */
  const runServices = (
    suffix: string,
    ports: { command: number; query: number; gateway: number },
    queryUrls: string[],
  ) => {
    run(`command-service${suffix}`, ['command-service/src/main.ts'], {
      ...production(ns.commandEnv, ports.command),
      PASSWORD_SCRYPT_LOG_N: String(SCRYPT_LOG_N),
      // Every bench user registers from this one loopback address.
      REGISTER_MAX_PER_IP: '100000',
      // The per-user limits are raised, not switched off: each command still pays for its Redis
      // count, as in production, while bench users act faster than any person.
      RATE_LIMIT_FACTOR: '1000',
      // The registration phase signs many users up at once: they wait for a hashing slot.
      PASSWORD_HASH_QUEUE: '10000',
    });
    run(`query-service${suffix}`, ['query-service/src/main.ts'], production(ns.queryEnv, ports.query));
    // The projector and the gateway from their bundles, as npm start runs them (bench/run.sh builds them).
    run(`projector${suffix}`, ['query-service/dist/projector-main.js'], {
      ...production(ns.queryEnv),
      KAFKA_GROUP_INSTANCE_ID: `projector${suffix}`,
    });
    run(
      `realtime-gateway${suffix}`,
      ['realtime-gateway/dist/main.js'],
      {
        ...production(ns.gatewayEnv, ports.gateway),
        // Post rooms are joined only for posts the query-service shows the socket's session.
        QUERY_SERVICE_URL: queryUrls.join(','),
      },
      // The sockets-at-scale phase holds tens of thousands of sockets on this one process.
      65_536,
    );
  };

  const topology: BenchTopology = {
    ns,
    urls: { command: '', query: '', gateway: '', insertBaseline: '' },
    databaseUrl,
    schemas: { command: String(ns.commandEnv.DB_SCHEMA), query: String(ns.queryEnv.DB_SCHEMA) },
    edgeSecret: String(production(ns.commandEnv).EDGE_SECRET),
    vault: new PersonalDataVault(
      String(production(ns.commandEnv).PERSONAL_DATA_SECRET),
      String(ns.commandEnv.VAULT_SCHEMA),
    ),
    async start() {
      const [command, query, gateway, insert] = await Promise.all([
        freePort(),
        freePort(),
        freePort(),
        freePort(),
      ]);
      const url = (port: number) => `http://127.0.0.1:${port}`;
      this.urls = {
        command: url(command),
        query: url(query),
        gateway: url(gateway),
        insertBaseline: url(insert),
      };
      runServices('', { command, query, gateway }, [url(query)]);
      run(
        'baseline-insert',
        ['bench/src/baseline-server.ts', 'insert'],
        baseline(insert, { BASELINE_SCHEMA: baselineSchema }),
      );
      await Promise.all([
        ready('command-service', `${this.urls.command}/readyz`),
        ready('query-service', `${this.urls.query}/readyz`),
        ready('realtime-gateway', `${this.urls.gateway}/readyz`),
        ready('INSERT baseline', `${this.urls.insertBaseline}/healthz`),
      ]);
      topology.assertAlive();
    },
    async startSecondCopies() {
      const [command, query, gateway] = await Promise.all([freePort(), freePort(), freePort()]);
      const url = (port: number) => `http://127.0.0.1:${port}`;
      // Each gateway copy asks its own query-service copy first (as services.sh starts them).
      runServices('-2', { command, query, gateway }, [url(query), this.urls.query]);
      await Promise.all([
        ready('command-service-2', `${url(command)}/readyz`),
        ready('query-service-2', `${url(query)}/readyz`),
        ready('realtime-gateway-2', `${url(gateway)}/readyz`),
      ]);
      return { command: [this.urls.command, url(command)], query: [this.urls.query, url(query)] };
    },
    async stopSecondCopies() {
      const copies = [...children].filter(([name]) => name.endsWith('-2'));
      for (const [name] of copies) retiring.add(name);
      const exits = copies.map(
        ([, child]) =>
          new Promise<void>((resolve) =>
            child.exitCode !== null || child.signalCode !== null
              ? resolve()
              : child.once('exit', () => resolve()),
          ),
      );
      for (const [, child] of copies) {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGTERM');
        } catch {}
      }
      await Promise.all(exits);
      for (const [name] of copies) children.delete(name);
    },
    async groupsSettled(members, timeoutMs = 60_000) {
      const settings = loadConfig(baseEnv, ns.queryEnv);
      const kafka = createKafka(settings, 'bench-groups', createLogger('bench', 'warn'));
      // Compared without case: the broker names a state 'Stable', the client's own list 'STABLE'.
      const stable = (state: string) => state.toLowerCase() === 'stable';
      await withAdmin(kafka, async (admin) => {
        // The projector's copies share one group; each gateway reads in a group of its own.
        const projector = groupName(settings, 'query-projector');
        const gateways = processGroupPrefix(settings, 'realtime-gateway');
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          // Groups of every protocol (the client lists classic ones only unless told).
          const listed = await admin.listGroups({ types: [] });
          const ids = [projector, ...[...listed.keys()].filter((id) => id.startsWith(gateways))];
          const groups = [...(await admin.describeGroups({ groups: ids })).values()];
          const shared = groups.find((g) => g.id === projector);
          const own = groups.filter((g) => g.id !== projector && g.members.size > 0);
          if (
            shared !== undefined &&
            stable(shared.state) &&
            shared.members.size === members &&
            own.length === members &&
            own.every((g) => stable(g.state))
          )
            return;
          if (Date.now() > deadline)
            throw new Error(
              `consumer groups not settled with ${members} members: ${groups.map((g) => `${g.id} ${g.state} ${g.members.size}`).join(', ')}`,
            );
          await sleep(250);
        }
      });
    },
    processes: () =>
      [...children].flatMap(([name, child]) =>
        child.pid === undefined
          ? []
          : [
              {
                name,
                kind: name.startsWith('baseline') ? 'baseline' : 'service',
                pid: child.pid,
                tree: false,
              },
            ],
      ),
    async startJsonBaseline(name, bodies) {
      const file = bodyFile(name);
      bodyFiles.push(file);
      writeFileSync(file, JSON.stringify(bodies));
      const port = await freePort();
      run(
        `baseline-${name}`,
        ['bench/src/baseline-server.ts', 'json'],
        baseline(port, { BASELINE_BODY_FILE: file }),
      );
      await ready(`${name} JSON baseline`, `http://127.0.0.1:${port}/healthz`);
      return `http://127.0.0.1:${port}`;
    },
    assertAlive() {
      if (died) throw new Error(died);
    },
    async stop() {
      stopping = true;
      const exits = running().map(
        (child) => new Promise<void>((resolve) => child.once('exit', () => resolve())),
      );
      killAll('SIGTERM');
      const timer = setTimeout(() => killAll('SIGKILL'), 10_000);
      await Promise.all(exits);
      clearTimeout(timer);
      process.removeListener('exit', onExit);
      for (const file of bodyFiles) rmSync(file, { force: true });
      await ns.cleanup();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${baselineSchema}" CASCADE`);
      await client.end();
    },
  };
  return topology;
}
