/**
 * Two realtime-gateway copies as processes behind the production edge (nginx with docker/nginx.conf's
 * rules, as `REPLICAS=2 npm start` runs them; issue 59): a person's socket, connected as the app
 * connects it (long polling, then the upgrade, with the app's reconnection delay), is held by one copy;
 * when that copy is killed (SIGKILL) the socket is on the other within 2 s, and pushes reach it there.
 * The figure is printed (`socket moved in N ms`).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { SOCKET_PATH, SOCKET_RECONNECT_DELAY_MS, serverEvents } from '@careers/contracts/sockets';
import {
  baseEnv,
  createRedis,
  createSession,
  edgeSecretFromEnv,
  loadConfig,
  SESSION_COOKIE,
} from '@careers/service-kit';
import type { TextProducer } from '@careers/service-kit/kafka';
import {
  freePort,
  publishConnectionRequest,
  recordTestProcess,
  testNamespace,
  topicProducer,
  waitUntil,
} from '@careers/service-kit/testing';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLocalEdgeConfig } from '../scripts/lib/edge-nginx.ts';
import { ROOT } from './topology.ts';

const ns = testNamespace('gateway-failover');
const config = loadConfig(baseEnv, ns.gatewayEnv);
const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
const edgePrefix = `${ROOT}.stack/e2e-edge/${ns.id}`;
const children: ChildProcess[] = [];
const gateways: { port: number; child: ChildProcess }[] = [];
let edgeUrl = '';
let producer: TextProducer;
let socket: Socket | undefined;

function spawnDetached(command: string, args: string[], env?: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: 'ignore', detached: true });
  children.push(child);
  recordTestProcess(child.pid);
  return child;
}

const answers = (url: string) => async () => (await fetch(url).catch(() => null))?.ok === true;

beforeAll(async () => {
  producer = await topicProducer(ns.gatewayEnv);
  const edgePort = await freePort();
  edgeUrl = `http://127.0.0.1:${edgePort}`;
  for (let k = 0; k < 2; k++) {
    const port = await freePort();
    const child = spawnDetached(process.execPath, ['realtime-gateway/src/main.ts'], {
      ...ns.gatewayEnv,
      PORT: String(port),
      ALLOWED_ORIGINS: edgeUrl,
      LOG_LEVEL: 'warn',
    });
    gateways.push({ port, child });
  }
  // The edge routes /api to ports nothing listens on: this file's requests are the sockets'.
  const nowhere = `127.0.0.1:${await freePort()}`;
  mkdirSync(edgePrefix, { recursive: true });
  const edgeConfig = writeLocalEdgeConfig({
    prefix: edgePrefix,
    listen: `127.0.0.1:${edgePort}`,
    upstreams: {
      command: nowhere,
      query: nowhere,
      gateway: gateways.map(({ port }) => `127.0.0.1:${port}`).join(','),
    },
    secret: edgeSecretFromEnv(ns.commandEnv),
  });
  spawnDetached('/usr/sbin/nginx', ['-p', edgePrefix, '-c', edgeConfig]);
  for (const { port } of gateways) {
    await waitUntil(`gateway :${port} ready`, answers(`http://127.0.0.1:${port}/readyz`), 60_000);
  }
  await waitUntil('the edge', answers(`${edgeUrl}/healthz`), 30_000);
}, 120_000);

afterAll(async () => {
  socket?.disconnect();
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
  }
  await producer?.close();
  redis.disconnect();
  rmSync(edgePrefix, { recursive: true, force: true });
  await ns.cleanup();
});

/** Sends connection requests (a new one every 500 ms) until one reaches `received`. */
async function aPushArrives(recipientId: string, received: string[], timeoutMs: number): Promise<void> {
  const sent: string[] = [];
  await waitUntil(
    'a connection request pushed to its recipient',
    async () => {
      sent.push(await publishConnectionRequest(producer, config, recipientId));
      await new Promise((resolve) => setTimeout(resolve, 500));
      return received.some((id) => sent.includes(id));
    },
    timeoutMs,
  );
}

describe('a gateway copy killed behind the edge', () => {
  it("moves its sockets to the other copy within 2 s, where the person's pushes reach them", async () => {
    const recipientId = randomUUID();
    const sid = await createSession(redis, recipientId, 600);
    // As the app connects (frontend/src/lib/socket.ts): long polling first, then the upgrade.
    const connected = io(edgeUrl, {
      path: SOCKET_PATH,
      reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
      extraHeaders: { origin: edgeUrl, cookie: `${SESSION_COOKIE}=${sid}` },
    });
    socket = connected;
    const received: string[] = [];
    connected.on(serverEvents.connectionRequested, (payload: { connectionId: string }) =>
      received.push(payload.connectionId),
    );
    await new Promise<void>((resolve, reject) => {
      connected.once('connect', () => resolve());
      connected.once('connect_error', reject);
    });
    await waitUntil('the upgrade to a websocket', () => connected.io.engine.transport.name === 'websocket');
    await aPushArrives(recipientId, received, 30_000);

    const held = await holder();
    const killedAt = Date.now();
    held.child.kill('SIGKILL');
    await new Promise<void>((resolve) => connected.once('disconnect', () => resolve()));
    await new Promise<void>((resolve) => connected.io.once('reconnect', () => resolve()));
    const movedMs = Date.now() - killedAt;
    console.info(`socket moved in ${movedMs} ms`);
    expect(movedMs, `moved in ${movedMs} ms`).toBeLessThan(2_000);

    // Pushes of the survivor's partitions reach it at once; those of the dead copy's wait until the
    // consumer group hands them over (its session timeout). Each try is a new key, so a new partition.
    received.length = 0;
    await aPushArrives(recipientId, received, 60_000);
  });
});

/**
 * The gateway copy the edge sends the socket to: the one with an established connection from nginx
 * (`ss` names the process at each end; the test's own requests come from node).
 */
async function holder(): Promise<{ port: number; child: ChildProcess }> {
  return waitUntil('the copy holding the socket', () =>
    gateways.find(({ port }) =>
      execFileSync('ss', ['-tnpH', 'state', 'established', `( dport = :${port} )`], {
        encoding: 'utf8',
      }).includes('"nginx"'),
    ),
  );
}
