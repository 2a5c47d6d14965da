/**
 * Runs the whole product for browser tests as separate processes, exactly as `npm start` does, but on
 * its own ports, Postgres schemas, Redis prefix and Kafka topics, so it never touches a developer's
 * running instance.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type TestNamespace, testNamespace, waitUntil } from '@careers/service-kit/testing';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PORTS = { command: 4101, query: 4102, gateway: 4103, web: 5174 } as const;
export const WEB_URL = `http://127.0.0.1:${PORTS.web}`;

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
  const run = (name: string, args: string[], env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...env, ...origins },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const log = createWriteStream(`${logDir}/${name}.log`);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.push(child);
  };
  run('command-service', ['command-service/src/main.ts'], { ...ns.commandEnv, PORT: String(PORTS.command) });
  run('query-service', ['query-service/src/main.ts'], { ...ns.queryEnv, PORT: String(PORTS.query) });
  run('projector', ['query-service/src/projector-main.ts'], { ...ns.queryEnv });
  run('realtime-gateway', ['realtime-gateway/src/main.ts'], {
    ...ns.gatewayEnv,
    PORT: String(PORTS.gateway),
    QUERY_SERVICE_URL: `http://127.0.0.1:${PORTS.query}`,
  });
  run('web', [`${ROOT}/node_modules/vite/bin/vite.js`, '--config', 'frontend/vite.config.ts', 'frontend'], {
    ...process.env,
    WEB_PORT: String(PORTS.web),
    COMMAND_SERVICE_URL: `http://127.0.0.1:${PORTS.command}`,
    QUERY_SERVICE_URL: `http://127.0.0.1:${PORTS.query}`,
    REALTIME_GATEWAY_URL: `http://127.0.0.1:${PORTS.gateway}`,
  });

  const ok = (url: string) => async () => (await fetch(url).catch(() => null))?.ok === true;
  try {
    await waitUntil('command-service ready', ok(`http://127.0.0.1:${PORTS.command}/readyz`), 60_000);
    await waitUntil('query-service ready', ok(`http://127.0.0.1:${PORTS.query}/readyz`), 60_000);
    await waitUntil('realtime-gateway ready', ok(`http://127.0.0.1:${PORTS.gateway}/readyz`), 60_000);
    await waitUntil('web ready', ok(`${WEB_URL}/`), 60_000);
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
    },
  };
}
