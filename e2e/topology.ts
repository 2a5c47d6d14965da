/**
 * Runs the whole product for browser tests as separate processes, exactly as `npm start` does (the
 * services, and the built app behind nginx with docker/nginx.conf's rules), but on its own ports,
 * Postgres schemas, Redis prefix and Kafka topics, so it never touches a developer's running instance.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { edgeSecretFromEnv } from '@careers/service-kit';
import {
  recordTestProcess,
  type TestNamespace,
  testNamespace,
  waitUntil,
} from '@careers/service-kit/testing';
import { writeLocalEdgeConfig } from '../scripts/lib/edge-nginx.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PORTS = { command: 4101, query: 4102, gateway: 4103, mailer: 4105, web: 5174 } as const;
export const WEB_URL = `http://127.0.0.1:${PORTS.web}`;

/** The production build, made again only when the app or the contracts changed (as npm start does). */
function ensureFrontendBuild(): void {
  execFileSync('bash', ['-c', `source "${ROOT}scripts/lib/services.sh" && ensure_frontend_build`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export interface Topology {
  ns: TestNamespace;
  stop(): Promise<void>;
}

export async function startTopology(): Promise<Topology> {
  const ns = testNamespace('e2e');
  const logDir = `${ROOT}/.stack/logs/e2e`;
  mkdirSync(logDir, { recursive: true });
  const origins = { ALLOWED_ORIGINS: `${WEB_URL},http://localhost:${PORTS.web}`, LOG_LEVEL: 'info' };
  const children: ChildProcess[] = [];
  const keep = (name: string, child: ChildProcess) => {
    const log = createWriteStream(`${logDir}/${name}.log`);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.push(child);
    recordTestProcess(child.pid);
  };
  const run = (name: string, args: string[], env: NodeJS.ProcessEnv) =>
    keep(
      name,
      spawn(process.execPath, args, {
        cwd: ROOT,
        env: { ...env, ...origins },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      }),
    );
  const runEdge = (config: string) =>
    keep(
      'edge',
      spawn('/usr/sbin/nginx', ['-p', config.replace(/\/nginx\.conf$/, ''), '-c', config], {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      }),
    );
  run('command-service', ['command-service/src/main.ts'], { ...ns.commandEnv, PORT: String(PORTS.command) });
  run('query-service', ['query-service/src/main.ts'], { ...ns.queryEnv, PORT: String(PORTS.query) });
  run('projector', ['query-service/src/projector-main.ts'], { ...ns.queryEnv });
  run('realtime-gateway', ['realtime-gateway/src/main.ts'], {
    ...ns.gatewayEnv,
    PORT: String(PORTS.gateway),
    QUERY_SERVICE_URL: `http://127.0.0.1:${PORTS.query}`,
  });
  // The mail goes to the local Mailpit, each after a second (the browser tests read it there).
  run('mailer', ['query-service/src/mailer-main.ts'], {
    ...ns.queryEnv,
    PORT: String(PORTS.mailer),
    PUBLIC_URL: WEB_URL,
    MAIL_BURST_SECONDS: '1',
    MAIL_MESSAGE_DELAY_SECONDS: '2',
    MAIL_POLL_MS: '200',
  });
  ensureFrontendBuild();
  const edgePrefix = `${ROOT}.stack/e2e-edge/${ns.id}`;
  const edgeConfig = writeLocalEdgeConfig({
    prefix: edgePrefix,
    listen: `127.0.0.1:${PORTS.web}`,
    upstreams: {
      command: `127.0.0.1:${PORTS.command}`,
      query: `127.0.0.1:${PORTS.query}`,
      gateway: `127.0.0.1:${PORTS.gateway}`,
    },
    secret: edgeSecretFromEnv(ns.commandEnv),
  });
  runEdge(edgeConfig);

  const ok = (url: string) => async () => (await fetch(url).catch(() => null))?.ok === true;
  try {
    await waitUntil('command-service ready', ok(`http://127.0.0.1:${PORTS.command}/readyz`), 60_000);
    await waitUntil('query-service ready', ok(`http://127.0.0.1:${PORTS.query}/readyz`), 60_000);
    await waitUntil('realtime-gateway ready', ok(`http://127.0.0.1:${PORTS.gateway}/readyz`), 60_000);
    await waitUntil('mailer ready', ok(`http://127.0.0.1:${PORTS.mailer}/readyz`), 60_000);
    await waitUntil('edge ready', ok(`${WEB_URL}/healthz`), 60_000);
  } catch (error) {
    throw new Error(`${(error as Error).message} (logs in .stack/logs/e2e/)`);
  }

  return {
    ns,
    async stop() {
      for (const child of children) {
        if (child.pid) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {}
        }
      }
      await Promise.all(
        children.map((child) =>
          child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)),
        ),
      );
      await ns.cleanup();
      rmSync(edgePrefix, { recursive: true, force: true });
    },
  };
}
