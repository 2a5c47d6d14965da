/**
 * The fault suite's own copy of the product: the command-service (its outbox relay inside), the
 * query-service, the projector and the realtime-gateway as separate processes, in a fresh namespace
 * (schemas, Redis prefix, topics) on free loopback ports, with production settings as the bench runs
 * them. Unlike the bench's topology each service can be SIGKILLed and started again, and a service that
 * exits on its own is recorded as a finding (then started again, as a supervisor would).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import {
  productionEnvironment,
  quietPort,
  recordTestProcess,
  type TestNamespace,
  testNamespace,
} from '@careers/service-kit/testing';
import { LOG_DIR, ROOT, sleep } from './private-stack.ts';

export const WEB_ORIGIN = 'http://localhost:5173';
export const serviceNames = ['command-service', 'query-service', 'projector', 'realtime-gateway'] as const;
export type ServiceName = (typeof serviceNames)[number];
/** A service that keeps exiting is started again at most this often. */
const MAX_RESTARTS = 10;

const entry: Record<ServiceName, string> = {
  'command-service': 'command-service/src/main.ts',
  'query-service': 'query-service/src/main.ts',
  projector: 'query-service/src/projector-main.ts',
  'realtime-gateway': 'realtime-gateway/src/main.ts',
};

/** Where the services find their dependencies (the private stack, Toxiproxy in front, or the shared one). */
export interface Endpoints {
  databaseUrl?: string;
  redisUrl?: string;
  kafkaBrokers?: string;
}

export interface Exit {
  service: ServiceName;
  at: number;
  how: string;
  /** True when the suite killed it. */
  killed: boolean;
}

export class FaultTopology {
  readonly ns: TestNamespace;
  readonly urls: Record<'command' | 'query' | 'gateway', string> = { command: '', query: '', gateway: '' };
  readonly schemas: { command: string; query: string };
  /** Exits the suite did not cause: each is a finding. */
  readonly exits: Exit[] = [];
  private readonly ports = new Map<ServiceName, number>();
  private readonly children = new Map<ServiceName, ChildProcess>();
  private readonly killing = new Set<ChildProcess>();
  private readonly env: Record<ServiceName, NodeJS.ProcessEnv>;
  private stopping = false;
  private readonly onExit = () => {
    for (const child of this.children.values()) this.signal(child, 'SIGKILL');
  };

  constructor(endpoints: Endpoints) {
    this.ns = testNamespace('faults');
    this.schemas = {
      command: String(this.ns.commandEnv.DB_SCHEMA),
      query: String(this.ns.queryEnv.DB_SCHEMA),
    };
    const deployment = productionEnvironment({
      logLevel: process.env.FAULTS_LOG_LEVEL ?? 'info',
      origin: WEB_ORIGIN,
      poolSize: 8,
    });
    const production = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
      ...deployment(env),
      ...(endpoints.databaseUrl ? { DATABASE_URL: endpoints.databaseUrl } : {}),
      ...(endpoints.redisUrl ? { REDIS_URL: endpoints.redisUrl } : {}),
      ...(endpoints.kafkaBrokers ? { KAFKA_BROKERS: endpoints.kafkaBrokers } : {}),
    });
    this.env = {
      'command-service': production(this.ns.commandEnv),
      'query-service': production(this.ns.queryEnv),
      projector: production(this.ns.queryEnv),
      'realtime-gateway': production(this.ns.gatewayEnv),
    };
    process.once('exit', this.onExit);
  }

  private signal(child: ChildProcess, signal: NodeJS.Signals) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, signal);
    } catch {}
  }

  /** Starts every service and waits until each answers /readyz. */
  async start() {
    for (const name of serviceNames) {
      // Each its own: a port is only tested free here, not held, so a later pick could meet it.
      let port = await quietPort();
      while ([...this.ports.values()].includes(port)) port = await quietPort();
      this.ports.set(name, port);
    }
    const url = (name: ServiceName) => `http://127.0.0.1:${this.ports.get(name)}`;
    this.urls.command = url('command-service');
    this.urls.query = url('query-service');
    this.urls.gateway = url('realtime-gateway');
    this.env['realtime-gateway'].QUERY_SERVICE_URL = this.urls.query;
    // The command-service first: it makes the schemas' migrations and the topics the others read.
    await this.startService('command-service');
    if (!(await this.waitReady('command-service', 120_000))) {
      throw new Error(`the command-service did not become ready within 120 s (logs in ${LOG_DIR})`);
    }
    await Promise.all([
      this.startService('query-service'),
      this.startService('projector'),
      this.startService('realtime-gateway'),
    ]);
    const ready = await Promise.all(
      (['query-service', 'projector', 'realtime-gateway'] as const).map((name) =>
        this.waitReady(name, 120_000),
      ),
    );
    if (!ready.every(Boolean))
      throw new Error(`a service did not become ready within 120 s (logs in ${LOG_DIR})`);
  }

  /** Starts one service (again) on its port; does not wait. */
  async startService(name: ServiceName) {
    if (this.stopping) throw new Error('the fault suite is stopping');
    mkdirSync(LOG_DIR, { recursive: true });
    const log = openSync(`${LOG_DIR}/${name}.log`, 'a');
    const port = this.ports.get(name);
    const child = spawn(process.execPath, [entry[name]], {
      cwd: ROOT,
      // The projector's port is its health listener's (/readyz once its consumer is in the group).
      env: { ...this.env[name], [name === 'projector' ? 'PROJECTOR_PORT' : 'PORT']: String(port) },
      stdio: ['ignore', log, log],
      detached: true,
    });
    closeSync(log);
    recordTestProcess(child.pid);
    child.once('exit', (code, signal) => {
      const killed = this.killing.delete(child);
      if (this.stopping || killed) return;
      this.exits.push({ service: name, at: Date.now(), how: signal ?? `code ${code}`, killed });
      // As a deployment's supervisor would (compose's restart policy, npm start's): started again after
      // a second, so that the faults after this one still measure something. The exit stays a finding.
      if (this.exits.filter((e) => e.service === name).length <= MAX_RESTARTS) {
        setTimeout(() => {
          if (!this.stopping && this.children.get(name) === child)
            void this.startService(name).catch(() => {});
        }, 1000);
      }
    });
    this.children.set(name, child);
  }

  /** Resolves whether the service's /readyz answered 200 within `timeoutMs`. */
  async waitReady(name: ServiceName, timeoutMs: number): Promise<boolean> {
    const port = this.ports.get(name);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return true;
      await sleep(100);
    }
    return false;
  }

  running(name: ServiceName): boolean {
    const child = this.children.get(name);
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  /** SIGKILL to the service's process group; resolves once it is gone. */
  async kill(name: ServiceName) {
    const child = this.children.get(name);
    if (!child || !this.running(name)) return;
    this.killing.add(child);
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.signal(child, 'SIGKILL');
    await gone;
  }

  async stop() {
    this.stopping = true;
    const live = [...this.children.values()].filter((c) => c.exitCode === null && c.signalCode === null);
    const gone = live.map((c) => new Promise<void>((resolve) => c.once('exit', () => resolve())));
    for (const child of live) this.signal(child, 'SIGTERM');
    const timer = setTimeout(() => {
      for (const child of live) this.signal(child, 'SIGKILL');
    }, 10_000);
    await Promise.all(gone);
    clearTimeout(timer);
    process.removeListener('exit', this.onExit);
  }
}
