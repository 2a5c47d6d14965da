/**
 * The fault suite's own copy of the product: the command-service (its outbox relay inside), the
 * query-service, the projector and the realtime-gateway as separate processes, in a fresh namespace
 * (schemas, Redis prefix, topics) on free loopback ports, with production settings as the bench runs
 * them. Unlike the bench's topology each service can be SIGKILLed and started again, and a service that
 * exits on its own is recorded as a finding (then started again, as a supervisor would).
 *
 * With `copies: 2` each service runs twice, as `REPLICAS=2 npm start` runs it: copy 1 is named after
 * its service, copy 2 `<service>-2`. A private nginx made from docker/nginx.conf (scripts/lib/edge-nginx.ts,
 * the edge `npm start` runs) is then the one address of the commands, the reads and the sockets; it
 * leaves a copy that fails to answer out for 2 s and sends each person's sockets to one gateway copy.
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
import { writeLocalEdgeConfig } from '../../scripts/lib/edge-nginx.ts';
import { logDir, ROOT, sleep } from './private-stack.ts';

export const WEB_ORIGIN = 'http://localhost:5173';
export const serviceNames = ['command-service', 'query-service', 'projector', 'realtime-gateway'] as const;
export type ServiceName = (typeof serviceNames)[number];
/** One running copy: copy 1 is named after its service, copy k `<service>-k` (as services.sh names them). */
export type InstanceName = ServiceName | `${ServiceName}-${number}`;
export const instanceName = (service: ServiceName, copy: number): InstanceName =>
  copy === 1 ? service : `${service}-${copy}`;
export const serviceOf = (name: InstanceName): ServiceName => name.replace(/-\d+$/, '') as ServiceName;
/** A service that keeps exiting is started again at most this often. */
const MAX_RESTARTS = 10;

/** As `npm start` starts them: the projector and the gateway from their bundles (ensure_service_bundles). */
const entry: Record<ServiceName, string> = {
  'command-service': 'command-service/src/main.ts',
  'query-service': 'query-service/src/main.ts',
  projector: 'query-service/dist/projector-main.js',
  'realtime-gateway': 'realtime-gateway/dist/main.js',
};

/** Where the services find their dependencies (the private stack, Toxiproxy in front, or the shared one). */
export interface Endpoints {
  databaseUrl?: string;
  redisUrl?: string;
  kafkaBrokers?: string;
}

export interface Exit {
  service: InstanceName;
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
  /** Copies of each service (1, or 2 behind a private edge). */
  readonly copies: number;
  private readonly ports = new Map<InstanceName, number>();
  private readonly children = new Map<InstanceName, ChildProcess>();
  private edge: ChildProcess | undefined;
  private readonly killing = new Set<ChildProcess>();
  private readonly env: Record<ServiceName, NodeJS.ProcessEnv>;
  private stopping = false;
  private readonly onExit = () => {
    for (const child of this.children.values()) this.signal(child, 'SIGKILL');
    if (this.edge) this.signal(this.edge, 'SIGKILL');
  };

  constructor(endpoints: Endpoints, options: { copies?: number } = {}) {
    this.copies = options.copies ?? 1;
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

  /** Every copy of `service`, copy 1 first. */
  instances(service: ServiceName): InstanceName[] {
    return Array.from({ length: this.copies }, (_, k) => instanceName(service, k + 1));
  }

  /** The port a copy listens on (its /readyz; the projector's health listener). */
  port(name: InstanceName): number {
    const port = this.ports.get(name);
    if (port === undefined) throw new Error(`${name} has no port: the topology has not started`);
    return port;
  }

  /** The process of a running copy, if it runs. */
  pid(name: InstanceName): number | undefined {
    return this.running(name) ? this.children.get(name)?.pid : undefined;
  }

  /** Starts every service (in each of its copies, and the edge before them) and waits until each answers /readyz. */
  async start() {
    const taken = new Set<number>();
    const freePort = async () => {
      // Each its own: a port is only tested free here, not held, so a later pick could meet it.
      let port = await quietPort();
      while (taken.has(port)) port = await quietPort();
      taken.add(port);
      return port;
    };
    for (const service of serviceNames)
      for (const name of this.instances(service)) this.ports.set(name, await freePort());
    const url = (name: InstanceName) => `http://127.0.0.1:${this.ports.get(name)}`;
    const queries = this.instances('query-service').map(url);
    if (this.copies === 1) {
      this.urls.command = url('command-service');
      this.urls.query = url('query-service');
      this.urls.gateway = url('realtime-gateway');
    } else {
      const edge = `http://127.0.0.1:${await freePort()}`;
      await this.startEdge(edge);
      Object.assign(this.urls, { command: edge, query: edge, gateway: edge });
    }
    // Each gateway copy asks its own query-service copy first, then the others (as services.sh starts them).
    this.gatewayQueryUrls = (copy: number) =>
      [queries[copy - 1], ...queries.filter((_, k) => k !== copy - 1)].join(',');
    // The command-service first: it makes the schemas' migrations and the topics the others read.
    await this.startService('command-service');
    if (!(await this.waitReady('command-service', 120_000))) {
      throw new Error(`the command-service did not become ready within 120 s (logs in ${logDir()})`);
    }
    const rest = serviceNames
      .flatMap((service) => this.instances(service))
      .filter((name) => name !== 'command-service');
    await Promise.all(rest.map((name) => this.startService(name)));
    const ready = await Promise.all(rest.map((name) => this.waitReady(name, 120_000)));
    if (!ready.every(Boolean))
      throw new Error(`a service did not become ready within 120 s (logs in ${logDir()})`);
  }

  private gatewayQueryUrls: (copy: number) => string = () => '';

  /**
   * The edge of `REPLICAS=2 npm start`: nginx with docker/nginx.conf's rules, its upstreams every copy,
   * at `url`, its files under the suite's log folder.
   */
  private async startEdge(url: string) {
    const addresses = (service: ServiceName) =>
      this.instances(service)
        .map((name) => `127.0.0.1:${this.ports.get(name)}`)
        .join(',');
    const prefix = `${logDir()}/edge`;
    mkdirSync(prefix, { recursive: true });
    const config = writeLocalEdgeConfig({
      prefix,
      listen: url.replace(/^http:\/\//, ''),
      upstreams: {
        command: addresses('command-service'),
        query: addresses('query-service'),
        gateway: addresses('realtime-gateway'),
      },
      // The app's files are not asked for: the edge serves the API and the sockets here.
      root: prefix,
      secret: String(this.env['command-service'].EDGE_SECRET),
    });
    const log = openSync(`${logDir()}/edge.log`, 'a');
    this.edge = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', config], {
      stdio: ['ignore', log, log],
      detached: true,
    });
    closeSync(log);
    recordTestProcess(this.edge.pid);
    const deadline = Date.now() + 10_000;
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || this.edge.exitCode !== null)
        throw new Error(`the edge did not start within 10 s (${logDir()}/edge.log)`);
      await sleep(100);
    }
  }

  /** Starts one copy (again) on its port; does not wait. */
  async startService(name: InstanceName) {
    if (this.stopping) throw new Error('the fault suite is stopping');
    mkdirSync(logDir(), { recursive: true });
    const log = openSync(`${logDir()}/${name}.log`, 'a');
    const port = this.ports.get(name);
    const service = serviceOf(name);
    const copy = Number(/-(\d+)$/.exec(name)?.[1] ?? 1);
    const child = spawn(process.execPath, [entry[service]], {
      cwd: ROOT,
      // The projector's port is its health listener's (/readyz once its consumer is in the group).
      env: {
        ...this.env[service],
        [service === 'projector' ? 'PROJECTOR_PORT' : 'PORT']: String(port),
        ...(service === 'realtime-gateway' ? { QUERY_SERVICE_URL: this.gatewayQueryUrls(copy) } : {}),
        // A projector copy started again takes its partitions back under its lasting name.
        ...(service === 'projector' ? { KAFKA_GROUP_INSTANCE_ID: name } : {}),
      },
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

  /** Resolves whether the copy's /readyz answered 200 within `timeoutMs`. */
  async waitReady(name: InstanceName, timeoutMs: number): Promise<boolean> {
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

  running(name: InstanceName): boolean {
    const child = this.children.get(name);
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  /** SIGKILL to the copy's process group; resolves once it is gone. */
  async kill(name: InstanceName) {
    const child = this.children.get(name);
    if (!child || !this.running(name)) return;
    this.killing.add(child);
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.signal(child, 'SIGKILL');
    await gone;
  }

  async stop() {
    this.stopping = true;
    const live = [...this.children.values(), ...(this.edge ? [this.edge] : [])].filter(
      (c) => c.exitCode === null && c.signalCode === null,
    );
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
