import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { globalMessages, requestMessages } from '@careers/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { Logger } from './logger.ts';
import { type BackoffSettings, describeError, retryForever } from './retry.ts';

/** Resolves when the dependency answers, rejects (or takes over 2 s) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;
/** A figure shown beside the checks that does not decide readiness (a consumer's lag). */
export type ReadinessInfo = () => Promise<unknown>;

export interface ReadinessReport {
  ready: boolean;
  body: {
    status: 'ready' | 'not ready' | 'starting';
    /** While starting: each dependency the process is still waiting for, with its last failure. */
    waitingFor?: Record<string, string>;
    checks: Record<string, string>;
    info?: Record<string, unknown>;
  };
}

const CHECK_TIMEOUT_MS = 2000;

/**
 * What a process is waiting for before it is started. It listens from the first moment, so an
 * orchestrator sees "alive, not ready, waiting for kafka" rather than a closed port.
 */
export class Startup {
  private readonly waiting = new Map<string, string>();
  private readonly watched = new Map<string, () => string>();
  private readonly controller = new AbortController();
  private finished = false;
  private readonly log: Logger;
  private readonly backoff: BackoffSettings | undefined;

  constructor(log: Logger, backoff?: BackoffSettings) {
    this.log = log;
    this.backoff = backoff;
  }

  get done(): boolean {
    return this.finished;
  }

  /** Aborted when the process closes before it finished starting. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Each dependency still awaited, with its last failure. */
  waitingFor(): Record<string, string> {
    const live = [...this.watched].map(([dependency, reason]) => [dependency, reason()] as const);
    return Object.fromEntries([...this.waiting, ...live]);
  }

  /**
   * Waits for work that retries `dependency` by itself (a supervised consumer); `reason` says, when
   * asked, why it is not there yet.
   */
  async waitFor<T>(dependency: string, reason: () => string, work: Promise<T>): Promise<T> {
    this.watched.set(dependency, reason);
    try {
      return await work;
    } finally {
      this.watched.delete(dependency);
    }
  }

  /** Runs one start-up step, retrying forever while `dependency` is away. */
  async step<T>(dependency: string, action: string, work: () => Promise<T>): Promise<T> {
    this.waiting.set(dependency, `waiting (${action})`);
    try {
      return await retryForever(work, {
        dependency,
        action,
        log: this.log,
        signal: this.controller.signal,
        backoff: this.backoff,
        onFailure: (error) => this.waiting.set(dependency, `failing (${action}): ${describeError(error)}`),
      });
    } finally {
      this.waiting.delete(dependency);
    }
  }

  finish(): void {
    this.finished = true;
    this.waiting.clear();
    this.watched.clear();
  }

  abort(): void {
    this.controller.abort();
  }
}

/** How a service's `start*` function may be asked to start. */
export interface StartOptions {
  /** false: build the app without a listener (tests that use `app.inject`). */
  listen?: boolean;
  /** Told the address as soon as the port listens, before the dependencies answer. */
  onListening?: (url: string) => void;
  /** Gives up a start still waiting for its dependencies (the promise then rejects). */
  signal?: AbortSignal;
}

/** Runs every check at once, each bounded by 2 s; `startup`, while not done, makes the answer 503. */
export async function readiness(
  checks: Record<string, ReadinessCheck>,
  startup?: Startup,
  info: Record<string, ReadinessInfo> = {},
): Promise<ReadinessReport> {
  const [results, figures] = await Promise.all([
    Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, `failing: ${describeError(error)}`] as const;
        }
      }),
    ),
    Promise.all(
      Object.entries(info).map(async ([name, figure]) => [
        name,
        await withTimeout(figure(), CHECK_TIMEOUT_MS).catch(
          (error: unknown) => `unknown: ${describeError(error)}`,
        ),
      ]),
    ),
  ]);
  const checksBody = Object.fromEntries(results);
  const extra = figures.length > 0 ? { info: Object.fromEntries(figures) } : {};
  const healthy = results.every(([, state]) => state === 'ok');
  if (startup && !startup.done) {
    return {
      ready: false,
      body: { status: 'starting', waitingFor: startup.waitingFor(), checks: checksBody, ...extra },
    };
  }
  return { ready: healthy, body: { status: healthy ? 'ready' : 'not ready', checks: checksBody, ...extra } };
}

const startups = new WeakMap<FastifyInstance, Startup>();

/**
 * `/healthz`: the process is up. `/readyz`: each dependency answers within 2 s; 503 names the ones that
 * do not, and while the process is still starting, what it waits for (see `holdUntilStarted`).
 */
export function registerHealth(
  app: FastifyInstance,
  checks: Record<string, ReadinessCheck>,
  info?: Record<string, ReadinessInfo>,
): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const report = await readiness(checks, startups.get(app), info);
    return reply.code(report.ready ? 200 : 503).send(report.body);
  });
}

/**
 * Lets an app listen before its dependencies answer: until `startup` is done, `/healthz` says up,
 * `/readyz` says what is awaited, and every other request gets 503 with Retry-After.
 */
export function holdUntilStarted(app: FastifyInstance, startup: Startup): void {
  startups.set(app, startup);
  app.addHook('onRequest', async (request, reply) => {
    if (startup.done) return;
    const path = request.url.split('?')[0];
    if (path === '/healthz' || path === '/readyz') return;
    return reply.code(503).header('retry-after', '1').send({ message: requestMessages.serviceUnavailable });
  });
}

/**
 * Answers `/healthz` and `/readyz` on a plain Node server (the gateway's, the projector's). Returns
 * false for any other path, which the caller then serves.
 */
export function answerHealth(
  request: IncomingMessage,
  response: ServerResponse,
  checks: Record<string, ReadinessCheck>,
  startup?: Startup,
  info?: Record<string, ReadinessInfo>,
): boolean {
  const path = (request.url ?? '').split('?')[0];
  if (path === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }));
    return true;
  }
  if (path !== '/readyz') return false;
  void readiness(checks, startup, info).then((report) => {
    response
      .writeHead(report.ready ? 200 : 503, { 'content-type': 'application/json' })
      .end(JSON.stringify(report.body));
  });
  return true;
}

/** A listener serving only `/healthz` and `/readyz`, for a process with no HTTP API (the projector). */
export async function startHealthServer(options: {
  host: string;
  port: number;
  checks: Record<string, ReadinessCheck>;
  startup?: Startup;
  info?: Record<string, ReadinessInfo>;
}): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (answerHealth(request, response, options.checks, options.startup, options.info)) return;
    response
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ message: globalMessages.notFound }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
