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
/**
 * How many copies of each service the browser tests run against (E2E_COPIES, default 2): as
 * `REPLICAS=2 npm start` runs them, behind the one edge (issue 59).
 */
export const COPIES = Number(process.env.E2E_COPIES ?? 2);

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
  // Every service in COPIES copies, as `REPLICAS=2 npm start` runs them: copy k on its port + 10·(k-1),
  // each gateway asking its own query-service copy first. The browser tests then run against two of each.
  const copies = Array.from({ length: COPIES }, (_, k) => k);
  const at = (port: number, k: number) => port + 10 * k;
  const named = (name: string, k: number) => (k === 0 ? name : `${name}-${k + 1}`);
  for (const k of copies) {
    run(named('command-service', k), ['command-service/src/main.ts'], {
      ...ns.commandEnv,
      PORT: String(at(PORTS.command, k)),
    });
    run(named('query-service', k), ['query-service/src/main.ts'], {
      ...ns.queryEnv,
      PORT: String(at(PORTS.query, k)),
    });
    run(named('projector', k), ['query-service/src/projector-main.ts'], {
      ...ns.queryEnv,
      KAFKA_GROUP_INSTANCE_ID: named('projector', k),
    });
    run(named('realtime-gateway', k), ['realtime-gateway/src/main.ts'], {
      ...ns.gatewayEnv,
      PORT: String(at(PORTS.gateway, k)),
      // Its own query-service copy first, then the others (the next when one cannot be reached).
      QUERY_SERVICE_URL: [k, ...copies.filter((j) => j !== k)]
        .map((j) => `http://127.0.0.1:${at(PORTS.query, j)}`)
        .join(','),
    });
    // The mail goes to the local Mailpit, each after a second (the browser tests read it there).
    run(named('mailer', k), ['query-service/src/mailer-main.ts'], {
      ...ns.queryEnv,
      PORT: String(at(PORTS.mailer, k)),
      PUBLIC_URL: WEB_URL,
      MAIL_BURST_SECONDS: '1',
      MAIL_MESSAGE_DELAY_SECONDS: '2',
      MAIL_POLL_MS: '200',
    });
  }
  ensureFrontendBuild();
  const edgePrefix = `${ROOT}.stack/e2e-edge/${ns.id}`;
  const edgeConfig = writeLocalEdgeConfig({
    prefix: edgePrefix,
    listen: `127.0.0.1:${PORTS.web}`,
    upstreams: {
      command: copies.map((k) => `127.0.0.1:${at(PORTS.command, k)}`).join(','),
      query: copies.map((k) => `127.0.0.1:${at(PORTS.query, k)}`).join(','),
      gateway: copies.map((k) => `127.0.0.1:${at(PORTS.gateway, k)}`).join(','),
    },
    secret: edgeSecretFromEnv(ns.commandEnv),
  });
  runEdge(edgeConfig);

  const ok = (url: string) => async () => (await fetch(url).catch(() => null))?.ok === true;
  try {
    for (const k of copies) {
      for (const [service, port] of [
        ['command-service', PORTS.command],
        ['query-service', PORTS.query],
        ['realtime-gateway', PORTS.gateway],
        ['mailer', PORTS.mailer],
      ] as const) {
        const url = `http://127.0.0.1:${at(port, k)}/readyz`;
        await waitUntil(`${named(service, k)} ready`, ok(url), 60_000);
      }
    }
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
