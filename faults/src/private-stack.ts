/**
 * Private dependencies for the fault suite: a Redis, a Postgres cluster, a one-node KRaft Kafka and a
 * Toxiproxy of its own, on free loopback ports with their data in a temporary folder, so that killing
 * them leaves the shared local stack (and every other test using it) alone. Each is started the way
 * scripts/stack.sh starts the shared one (same binaries, same settings where they matter: Redis with its
 * append-only file, Kafka from the same jars and properties), and each can be SIGKILLed and started
 * again on the same port and data.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { recordTestProcess } from '@careers/service-kit/testing';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const STACK_DIR = process.env.CAREERS_STACK_DIR ?? `${ROOT}.stack`;
/** The one-copy run's logs; the two-copy run's are in `logs/faults-2-copies` (see `useLogDir`). */
export const LOG_DIR = `${STACK_DIR}/logs/faults`;
let currentLogDir = LOG_DIR;
/** Where the processes of the run now starting write their logs: each run keeps its own. */
export function useLogDir(dir: string): void {
  currentLogDir = dir;
}
export const logDir = (): string => currentLogDir;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Polls `check` every 100 ms until it is true; throws after `timeoutMs` naming `what`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${Math.round(timeoutMs / 1000)} s`);
    await sleep(100);
  }
}

/** One process of the private stack: started, SIGKILLed and started again on the same port and data. */
export interface Dependency {
  readonly name: string;
  readonly port: number;
  start(): Promise<void>;
  kill(): Promise<void>;
}

interface Spawned {
  child: ChildProcess;
  exited: Promise<void>;
}

/** Every process the private stack started and still runs, killed if the suite exits without stopping it. */
const live = new Set<Spawned>();
const dataDirs = new Set<string>();
process.once('exit', () => {
  for (const spawned of live) {
    try {
      if (spawned.child.pid) process.kill(-spawned.child.pid, 'SIGKILL');
    } catch {}
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function spawnLogged(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; uid?: number; gid?: number; cwd?: string } = {},
): Spawned {
  mkdirSync(logDir(), { recursive: true });
  const log = openSync(`${logDir()}/${name}.log`, 'a');
  // Its own process group, so that a kill reaches whatever it started (Kafka's JVM has no children,
  // but a wrapper might).
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd ?? ROOT,
    stdio: ['ignore', log, log],
    detached: true,
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid }),
  });
  closeSync(log);
  recordTestProcess(child.pid);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const spawned = { child, exited };
  live.add(spawned);
  void exited.then(() => live.delete(spawned));
  return spawned;
}

async function killGroup(spawned: Spawned | undefined, signal: NodeJS.Signals = 'SIGKILL') {
  if (!spawned || spawned.child.exitCode !== null || spawned.child.signalCode !== null) return;
  try {
    if (spawned.child.pid) process.kill(-spawned.child.pid, signal);
  } catch {}
  await spawned.exited;
}

function pgBinDir(): string {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest)
    throw new Error('no PostgreSQL binaries in /usr/lib/postgresql (scripts/stack.sh up installs them)');
  return `/usr/lib/postgresql/${newest}/bin`;
}

/** Postgres refuses to run as root: as root, the cluster belongs to the postgres user, as in stack.sh. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export class PrivateRedis implements Dependency {
  readonly name = 'redis';
  readonly port: number;
  private readonly dir: string;
  private process: Spawned | undefined;
  constructor(port: number, dir: string) {
    this.port = port;
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
  }
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start() {
    // The shared stack's settings (scripts/stack.sh): the append-only file, no RDB snapshots.
    this.process = spawnLogged(this.name, 'redis-server', [
      '--bind',
      '127.0.0.1',
      '--port',
      String(this.port),
      '--dir',
      this.dir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--protected-mode',
      'yes',
    ]);
    await waitFor('private Redis', () => portOpen(this.port), 30_000);
  }
  async kill() {
    await killGroup(this.process);
  }
}

export class PrivatePostgres implements Dependency {
  readonly name = 'postgres';
  readonly port: number;
  private readonly dir: string;
  private readonly bin = pgBinDir();
  private readonly user = postgresUser();
  private process: Spawned | undefined;
  constructor(port: number, dir: string) {
    this.port = port;
    this.dir = dir;
  }
  get url() {
    return `postgres://careers:careers@127.0.0.1:${this.port}/careers`;
  }
  private initdb() {
    mkdirSync(this.dir, { recursive: true });
    const pwfile = `${this.dir}.pw`;
    writeFileSync(pwfile, 'careers\n');
    chmodSync(pwfile, 0o644);
    if (this.user) chownSync(this.dir, this.user.uid, this.user.gid);
    execFileSync(
      `${this.bin}/initdb`,
      [
        '-D',
        this.dir,
        '-U',
        'careers',
        `--pwfile=${pwfile}`,
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
      ],
      { stdio: 'ignore', ...(this.user ?? {}) },
    );
    rmSync(pwfile, { force: true });
    // As scripts/stack.sh configures the shared cluster, with its own port and socket folder, except
    // synchronous_commit: the shared development cluster turns it off, which lets a crash take back the
    // last commits after their replies went out (the first runs of this suite lost acknowledged likes
    // and comments that way). A deployment's Postgres (compose's) keeps the default, and so does this one.
    writeFileSync(
      `${this.dir}/postgresql.conf`,
      `${readFileSync(`${this.dir}/postgresql.conf`, 'utf8')}
listen_addresses = '127.0.0.1'
port = ${this.port}
unix_socket_directories = '${this.dir}'
max_connections = 300
shared_buffers = 128MB
`,
    );
  }
  async start() {
    const fresh = !existsSync(`${this.dir}/PG_VERSION`);
    if (fresh) this.initdb();
    // A postmaster killed with SIGKILL leaves its pid file; Postgres itself recovers from the crash.
    this.process = spawnLogged(this.name, `${this.bin}/postgres`, ['-D', this.dir], {
      ...(this.user ?? {}),
      cwd: this.dir,
    });
    await waitFor('private Postgres', () => this.ready(), 60_000);
    if (fresh) {
      execFileSync(
        `${this.bin}/psql`,
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(this.port),
          '-U',
          'careers',
          '-d',
          'postgres',
          '-Atqc',
          'CREATE DATABASE careers',
        ],
        {
          env: { ...process.env, PGPASSWORD: 'careers' },
          stdio: 'ignore',
        },
      );
    }
  }
  private ready(): boolean {
    try {
      execFileSync(`${this.bin}/pg_isready`, ['-q', '-h', '127.0.0.1', '-p', String(this.port)], {
        stdio: 'ignore',
      });
      return true;
    } catch {
      return false;
    }
  }
  async kill() {
    // The postmaster alone, as a crash would: its backends notice and leave.
    await killGroup(this.process);
    await waitFor(
      'the killed Postgres to release its port',
      async () => !(await portOpen(this.port)),
      30_000,
    );
  }
}

/** A one-node KRaft Kafka (broker and controller) from the jars scripts/stack.sh resolved. */
export class PrivateKafka implements Dependency {
  readonly name = 'kafka';
  readonly port: number;
  private readonly controllerPort: number;
  /** The address clients are told to use: Toxiproxy's, when the traffic goes through it. */
  private readonly advertisedPort: number;
  private readonly dir: string;
  private process: Spawned | undefined;
  constructor(options: { port: number; controllerPort: number; advertisedPort: number; dir: string }) {
    this.port = options.port;
    this.controllerPort = options.controllerPort;
    this.advertisedPort = options.advertisedPort;
    this.dir = options.dir;
  }
  get brokers() {
    return `127.0.0.1:${this.advertisedPort}`;
  }
  private java(args: string[]): [string, string[]] {
    return [
      'java',
      [
        '-Xms256m',
        '-Xmx512m',
        '-XX:+UseG1GC',
        '-cp',
        `${STACK_DIR}/kafka/libs/*`,
        `-Dlog4j2.configurationFile=${ROOT}scripts/config/kafka-log4j2.yaml`,
        ...args,
      ],
    ];
  }
  private configure(): string {
    const properties = `${this.dir}/server.properties`;
    const shared = readFileSync(`${ROOT}scripts/config/kafka.properties`, 'utf8')
      .split('\n')
      .filter((line) => !/^(controller\.quorum\.voters|listeners|advertised\.listeners)=/.test(line));
    writeFileSync(
      properties,
      [
        ...shared,
        `controller.quorum.voters=1@127.0.0.1:${this.controllerPort}`,
        `listeners=PLAINTEXT://127.0.0.1:${this.port},CONTROLLER://127.0.0.1:${this.controllerPort}`,
        `advertised.listeners=PLAINTEXT://127.0.0.1:${this.advertisedPort}`,
        `log.dirs=${this.dir}/data`,
      ].join('\n'),
    );
    return properties;
  }
  async start() {
    if (!existsSync(`${STACK_DIR}/kafka/libs`))
      throw new Error('no Kafka jars: run scripts/stack.sh up first');
    mkdirSync(this.dir, { recursive: true });
    const properties = this.configure();
    if (!existsSync(`${this.dir}/data/meta.properties`)) {
      const [command, args] = this.java([
        'kafka.tools.StorageTool',
        'format',
        '-t',
        'ZmF1bHRzLXByaXZhdGUwMQ',
        '-c',
        properties,
      ]);
      execFileSync(command, args, { stdio: 'ignore' });
    }
    const [command, args] = this.java(['kafka.Kafka', properties]);
    this.process = spawnLogged(this.name, command, args);
    const log = `${logDir()}/${this.name}.log`;
    const from = existsSync(log) ? readFileSync(log, 'utf8').length : 0;
    await waitFor(
      'private Kafka',
      async () =>
        (await portOpen(this.port)) && readFileSync(log, 'utf8').slice(from).includes('Kafka Server started'),
      120_000,
    );
  }
  async kill() {
    await killGroup(this.process);
  }
}

/** Toxiproxy in front of Kafka and Postgres: latency and connection resets on demand. */
export class Toxiproxy {
  readonly port: number;
  private process: Spawned | undefined;
  constructor(port: number) {
    this.port = port;
  }
  static binary(): string {
    return `${STACK_DIR}/bin/toxiproxy-server`;
  }
  async start() {
    if (!existsSync(Toxiproxy.binary()))
      throw new Error(`no ${Toxiproxy.binary()}: scripts/faults.sh builds it`);
    this.process = spawnLogged('toxiproxy', Toxiproxy.binary(), [
      '-host',
      '127.0.0.1',
      '-port',
      String(this.port),
    ]);
    await waitFor('Toxiproxy', () => portOpen(this.port), 30_000);
  }
  private async api(method: string, path: string, body?: unknown) {
    const response = await fetch(`http://127.0.0.1:${this.port}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`toxiproxy ${method} ${path}: ${response.status} ${await response.text()}`);
  }
  proxy(name: string, listen: number, upstream: number) {
    return this.api('POST', '/proxies', {
      name,
      listen: `127.0.0.1:${listen}`,
      upstream: `127.0.0.1:${upstream}`,
      enabled: true,
    });
  }
  /** Every byte each way waits `latency` ms (± jitter). */
  latency(proxy: string, latency: number, jitter: number) {
    return Promise.all(
      (['downstream', 'upstream'] as const).map((stream) =>
        this.api('POST', `/proxies/${proxy}/toxics`, {
          name: `latency_${stream}`,
          type: 'latency',
          stream,
          toxicity: 1,
          attributes: { latency, jitter },
        }),
      ),
    );
  }
  /** Every connection is reset (TCP RST) `afterMs` after it opens, new ones included. */
  resets(proxy: string, afterMs: number) {
    return this.api('POST', `/proxies/${proxy}/toxics`, {
      name: 'reset_upstream',
      type: 'reset_peer',
      stream: 'upstream',
      toxicity: 1,
      attributes: { timeout: afterMs },
    });
  }
  /** Removes every toxic (the proxies stay). */
  async heal(proxy: string) {
    const response = await fetch(`http://127.0.0.1:${this.port}/proxies/${proxy}/toxics`);
    const toxics = (await response.json()) as Array<{ name: string }>;
    for (const toxic of toxics) await this.api('DELETE', `/proxies/${proxy}/toxics/${toxic.name}`);
  }
  async kill() {
    await killGroup(this.process);
  }
}

/** A temporary folder for the private stack's data, removed by `remove()`. */
export function privateDataDir(id: string) {
  const dir = `${tmpdir()}/careers-faults-${id}`;
  mkdirSync(dir, { recursive: true });
  const user = postgresUser();
  // Postgres (as its own user) must reach its data folder inside.
  if (user) chmodSync(dir, 0o755);
  dataDirs.add(dir);
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      dataDirs.delete(dir);
    },
  };
}
