/**
 * `local_endpoints` points the services, tests and bench at the stack's Postgres and Redis through their
 * Unix sockets once the stack made them, and leaves the TCP defaults wherever a socket cannot serve:
 * no socket (yet), an address given by the caller, a folder whose path a URL would have to escape.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const common = fileURLToPath(new URL('./common.sh', import.meta.url));
const made: string[] = [];
const listening: Server[] = [];

afterAll(async () => {
  await Promise.all(listening.map((server) => new Promise((resolve) => server.close(resolve))));
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function stackDir(name = 'careers-endpoints-'): string {
  const dir = mkdtempSync(join(tmpdir(), name));
  made.push(dir);
  return dir;
}

/** A listening Unix socket at `path`, as the stack's Postgres or Redis makes one. */
async function socketAt(path: string): Promise<void> {
  mkdirSync(join(path, '..'), { recursive: true });
  const server = createServer();
  listening.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
}

/** DATABASE_URL and REDIS_URL after `local_endpoints`, with `given` in the environment before. */
function endpoints(stack: string, given: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, CAREERS_STACK_DIR: stack };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  Object.assign(env, given);
  const script = `source "${common}"; local_endpoints; printf '%s\\n%s\\n' "\${DATABASE_URL:-}" "\${REDIS_URL:-}"`;
  const [database = '', redis = ''] = execFileSync('bash', ['-c', script], { env }).toString().split('\n');
  return { database, redis };
}

describe('local_endpoints', () => {
  it('leaves both unset (the TCP defaults) while the stack has made no socket', () => {
    expect(endpoints(stackDir())).toEqual({ database: '', redis: '' });
  });

  it('reaches each through its socket once there is one, in the forms node-postgres and ioredis read', async () => {
    const stack = stackDir();
    await socketAt(join(stack, 'postgres', '.s.PGSQL.5432'));
    expect(endpoints(stack)).toEqual({
      database: `postgres://careers:careers@localhost:5432/careers?host=${stack}/postgres`,
      redis: '',
    });
    await socketAt(join(stack, 'redis', 'redis.sock'));
    expect(endpoints(stack).redis).toBe(`redis://127.0.0.1:6379?path=${stack}/redis/redis.sock`);
  });

  it('keeps an address the caller gave', async () => {
    const stack = stackDir();
    await socketAt(join(stack, 'postgres', '.s.PGSQL.5432'));
    await socketAt(join(stack, 'redis', 'redis.sock'));
    const given = {
      DATABASE_URL: 'postgres://u:p@db.example:5432/x',
      REDIS_URL: 'redis://cache.example:6379',
    };
    expect(endpoints(stack, given)).toEqual({ database: given.DATABASE_URL, redis: given.REDIS_URL });
  });

  it('keeps TCP for a folder whose path a URL would have to escape', async () => {
    const stack = stackDir('careers endpoints&');
    await socketAt(join(stack, 'postgres', '.s.PGSQL.5432'));
    expect(endpoints(stack)).toEqual({ database: '', redis: '' });
  });
});
