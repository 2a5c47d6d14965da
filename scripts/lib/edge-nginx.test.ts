import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APP_DIST,
  COMPOSE_EDGE,
  EDGE_SECRET_PLACEHOLDER,
  localEdgeConfig,
  localServerConfig,
  workerUser,
  writeLocalEdgeConfig,
} from './edge-nginx.ts';

const edge = {
  prefix: '/tmp/edge-prefix',
  listen: '127.0.0.1:5999',
  upstreams: { command: '127.0.0.1:4901', query: '127.0.0.1:4902', gateway: '127.0.0.1:4903' },
  secret: 'an-edge-secret-for-this-test-0123456789',
};
const compose = readFileSync(COMPOSE_EDGE, 'utf8');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the local edge made from docker/nginx.conf', () => {
  it('changes only the addresses and the secret: upstreams, listen, root, no Docker resolver', () => {
    const local = localServerConfig(edge, compose);
    expect(local).toContain('server 127.0.0.1:4901;');
    expect(local).toContain('server 127.0.0.1:4902;');
    expect(local).toContain('server 127.0.0.1:4903;');
    expect(local).toContain('listen 127.0.0.1:5999;');
    expect(local).toContain(`root "${APP_DIST}";`);
    expect(local).not.toMatch(/resolver|resolve;|query-service:|\blisten\s+80;|\/usr\/share\/nginx/);
    // The secret goes with every request to a service (the three proxied locations), never a placeholder.
    expect(local.split(`proxy_set_header X-Edge-Secret "${edge.secret}";`)).toHaveLength(4);
    expect(local).not.toContain(EDGE_SECRET_PLACEHOLDER);
    // Every other line is compose's, in order.
    const untouched = (text: string) =>
      text
        .split('\n')
        .filter(
          (line) => !/^\s*(server\s|listen\s|root\s|resolver\s|proxy_set_header X-Edge-Secret)/.test(line),
        );
    expect(untouched(local)).toEqual(untouched(compose));
  });

  it("spreads each route over the copies of its service (REPLICAS), a person's sockets on one gateway copy", () => {
    const copies = {
      ...edge,
      upstreams: {
        command: '127.0.0.1:4901,127.0.0.1:5001',
        query: '127.0.0.1:4902,127.0.0.1:5002,127.0.0.1:5102',
        gateway: '127.0.0.1:4903,127.0.0.1:5003',
      },
    };
    const local = localServerConfig(copies, compose);
    const upstream = (name: string) => new RegExp(`upstream ${name} \\{[^}]*\\}`).exec(local)?.[0] ?? '';
    const servers = (name: string) =>
      [...upstream(name).matchAll(/server (\S+) max_fails=1 fail_timeout=2s;/g)].map((m) => m[1]);
    expect(servers('command_service')).toEqual(['127.0.0.1:4901', '127.0.0.1:5001']);
    expect(servers('query_service')).toEqual(['127.0.0.1:4902', '127.0.0.1:5002', '127.0.0.1:5102']);
    expect(servers('realtime_gateway')).toEqual(['127.0.0.1:4903', '127.0.0.1:5003']);
    // socket.io's polling handshake and its upgrade must meet the same copy: chosen by the session.
    expect(upstream('realtime_gateway')).toContain('hash $cookie_sid consistent;');
    expect(() =>
      localServerConfig({ ...edge, upstreams: { ...edge.upstreams, query: '' } }, compose),
    ).toThrow(/no address for the query upstream/);
  });

  it('says which line of docker/nginx.conf it could not find, rather than run something else', () => {
    expect(() => localServerConfig(edge, compose.replace(/listen\s+80;/, 'listen 8080;'))).toThrow(
      /expected one listen 80, found 0/,
    );
    expect(() => localServerConfig(edge, compose.replace('server query-service:4002 resolve;', ''))).toThrow(
      /upstream query_service/,
    );
    expect(() => localServerConfig(edge, compose.replaceAll(EDGE_SECRET_PLACEHOLDER, 'x'))).toThrow(
      /EDGE_SECRET/,
    );
    // A secret that could break out of its quoted string is refused, not written.
    expect(() => localServerConfig({ ...edge, secret: `${'a'.repeat(32)}";` }, compose)).toThrow(
      /EDGE_SECRET/,
    );
  });

  it('is a configuration nginx accepts, its files under the prefix, workers dropping root', () => {
    const prefix = mkdtempSync(join(tmpdir(), 'careers-edge-'));
    folders.push(prefix);
    const path = writeLocalEdgeConfig({ ...edge, prefix });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(`pid "${prefix}/nginx.pid";`);
    expect(text).toContain('daemon off;');
    // It holds the edge's secret.
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(localEdgeConfig(edge, compose, 'www-data')).toMatch(/^user www-data www-data;$/m);
    expect(localEdgeConfig(edge, compose, null)).not.toMatch(/^user /m);
    // -t parses it, opens the files it names and tries the listen address.
    const check = execFileSync('/usr/sbin/nginx', ['-t', '-p', prefix, '-c', path], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    expect(check).toBe('');
  });

  // Started as root (npm start, and CI, run as root here), nginx drops its workers to www-data.
  it.runIf(userInfo().uid === 0)(
    'drops its workers to www-data, or to root where www-data could read nothing',
    () => {
      const folder = (mode: number) => {
        const path = mkdtempSync(join(tmpdir(), 'careers-edge-user-'));
        folders.push(path);
        writeFileSync(`${path}/index.html`, '');
        chmodSync(`${path}/index.html`, 0o644);
        chmodSync(path, mode);
        return path;
      };
      const open = folder(0o755);
      expect(workerUser({ ...edge, prefix: open, root: open })).toBe('www-data');
      const closed = folder(0o700);
      expect(workerUser({ ...edge, prefix: closed, root: closed })).toBe('root');
    },
  );
});
