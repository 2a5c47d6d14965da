import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { proxyPostgres } from './tcp-proxy.ts';

/**
 * The self-healing tests put Postgres behind a proxy they close and open. The local stack's services
 * reach Postgres through its Unix socket (scripts/lib/common.sh, local_endpoints), so the proxy takes
 * either form of the URL.
 */

const tcpUrl = loadConfig(baseEnv, { NODE_ENV: 'test' }).DATABASE_URL;

/** Where the server's Unix socket is, and a URL of libpq's form that reaches it. */
async function serverSocket(): Promise<{ path: string; url: string }> {
  const client = new pg.Client({ connectionString: tcpUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ dirs: string; port: string }>(
      `SELECT current_setting('unix_socket_directories') AS dirs, current_setting('port') AS port`,
    );
    const { dirs = '', port = '5432' } = rows[0] ?? {};
    const dir = dirs.split(',')[0]?.trim() ?? '';
    return {
      path: `${dir}/.s.PGSQL.${port}`,
      url: `postgres://careers:careers@localhost:${port}/careers?host=${dir}`,
    };
  } finally {
    await client.end();
  }
}
const socket = await serverSocket();

const proxies: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

/** Whether a client of `url` reaches the server over a Unix socket (null: refused). */
async function overSocket(url: string): Promise<boolean | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const { rows } = await client.query<{ socket: boolean }>('SELECT inet_server_addr() IS NULL AS socket');
    return rows[0]?.socket ?? null;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('proxyPostgres', () => {
  it('proxies the TCP address of a URL, and refuses once closed', async () => {
    const { proxy, databaseUrl } = await proxyPostgres(tcpUrl);
    proxies.push(proxy);
    expect(await overSocket(databaseUrl)).toBe(false);
    await proxy.close();
    expect(await overSocket(databaseUrl)).toBeNull();
  });

  // Only where the server's socket is on this machine (not with the containers of testcontainers).
  it.skipIf(!existsSync(socket.path))(
    'proxies the Unix socket of a URL whose host is a folder, with a URL of its own TCP address',
    async () => {
      expect(await overSocket(socket.url)).toBe(true);
      const { proxy, databaseUrl } = await proxyPostgres(socket.url);
      proxies.push(proxy);
      expect(new URL(databaseUrl).searchParams.has('host')).toBe(false);
      expect(new URL(databaseUrl).hostname).toBe('127.0.0.1');
      // The client speaks TCP to the proxy; the server sees the proxy's connection on its socket.
      expect(await overSocket(databaseUrl)).toBe(true);
      // Closing cuts a connection that is open through it, as a crashed server would.
      const open = new pg.Client({ connectionString: databaseUrl });
      open.on('error', () => {});
      await open.connect();
      await proxy.close();
      await expect(open.query('SELECT 1')).rejects.toThrow();
      expect(await overSocket(databaseUrl)).toBeNull();
      await proxy.open();
      expect(await overSocket(databaseUrl)).toBe(true);
    },
  );
});
