/**
 * What Redis holds outlives a Redis restart: the local stack and docker-compose.yml run redis-server
 * with the flags of REDIS_PERSISTENCE (scripts/lib/common.sh: an append-only file synced every second).
 * A private redis-server, on a free port and in a directory of the test's own, is given those flags,
 * written to, killed or stopped, started again, and read. The same without the flags loses everything,
 * so the check can fail.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../service-kit/src/testing.ts';

const common = fileURLToPath(new URL('./lib/common.sh', import.meta.url));
const persistence = execFileSync('bash', ['-c', `source "${common}"; echo "$REDIS_PERSISTENCE"`], {
  encoding: 'utf8',
})
  .trim()
  .split(/\s+/);
const dirs: string[] = [];
const servers: ChildProcess[] = [];

afterAll(() => {
  for (const server of servers) server.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A private Redis: a free port, its own directory, the local stack's other flags. */
async function privateRedis(flags: string[]) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'careers-redis-'));
  dirs.push(dir);
  const cli = (...args: string[]) =>
    execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
      encoding: 'utf8',
      timeout: 5000,
    }).trim();
  let server: ChildProcess | undefined;

  const start = async () => {
    server = spawn(
      'redis-server',
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--dir',
        dir,
        ...flags,
        '--save',
        '',
        '--protected-mode',
        'yes',
      ],
      { stdio: 'ignore' },
    );
    servers.push(server);
    for (let i = 0; i < 100; i++) {
      try {
        // A restarted server answers LOADING until its file is read back: wait for a real answer.
        if (cli('PING') === 'PONG') return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`redis-server on ${port} did not start`);
  };

  const ended = () =>
    new Promise<void>((resolve) => {
      if (!server || server.exitCode !== null || server.signalCode !== null) resolve();
      else server.once('exit', () => resolve());
    });

  return {
    cli,
    start,
    /** A crash: no chance to flush anything. */
    kill: async () => {
      server?.kill('SIGKILL');
      await ended();
    },
    /** What `npm run stop` does (scripts/stack.sh stop_redis). */
    shutdown: async () => {
      try {
        cli('SHUTDOWN', 'NOSAVE');
      } catch {
        // the connection closes as the server ends
      }
      await ended();
    },
  };
}

/** Keys of the kinds Redis holds: a session with its TTL, a timeline, a like set, a counter. */
function writeKeys(cli: (...args: string[]) => string): void {
  expect(cli('SET', 'session:abc', '{"userId":"u1"}', 'EX', '3600')).toBe('OK');
  expect(cli('ZADD', 'timeline:home:u1', '1', 'post-1', '2', 'post-2')).toBe('2');
  expect(cli('SADD', 'likes:post-1', 'u1', 'u2')).toBe('2');
  expect(cli('SET', 'counter:post-1:likes', '2')).toBe('OK');
}

function expectKeys(cli: (...args: string[]) => string): void {
  expect(cli('GET', 'session:abc')).toBe('{"userId":"u1"}');
  const ttl = Number(cli('TTL', 'session:abc'));
  expect(ttl).toBeGreaterThan(3500); // the session still expires, and not earlier than written
  expect(ttl).toBeLessThanOrEqual(3600);
  expect(cli('ZRANGE', 'timeline:home:u1', '0', '-1').split('\n')).toEqual(['post-1', 'post-2']);
  expect(cli('SMEMBERS', 'likes:post-1').split('\n').sort()).toEqual(['u1', 'u2']);
  expect(cli('GET', 'counter:post-1:likes')).toBe('2');
}

describe('Redis with the local stack persistence flags', { timeout: 30_000 }, () => {
  it('keeps what was written before a crash (SIGKILL) once the file was synced', async () => {
    expect(persistence).toEqual(['--appendonly', 'yes', '--appendfsync', 'everysec']);
    const redis = await privateRedis(persistence);
    await redis.start();
    writeKeys(redis.cli);
    // Synced every second; a sync still running may hold the next write back up to another second.
    await sleep(2500);
    await redis.kill();
    await redis.start();
    expectKeys(redis.cli);
    await redis.kill();
  });

  it('keeps everything across a stop and start, even written just before the stop', async () => {
    const redis = await privateRedis(persistence);
    await redis.start();
    writeKeys(redis.cli);
    await redis.shutdown();
    await redis.start();
    expectKeys(redis.cli);
    await redis.shutdown();
  });

  it('loses everything without them (what the check above would catch)', async () => {
    const redis = await privateRedis([]);
    await redis.start();
    writeKeys(redis.cli);
    await sleep(1200);
    await redis.kill();
    await redis.start();
    expect(redis.cli('DBSIZE')).toBe('0');
    await redis.kill();
  });
});
