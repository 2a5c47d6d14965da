/**
 * The edge (nginx with docker/nginx.conf's rules, as `npm start` runs it) in front of two
 * command-service copies, where the first request either copy receives dies with it unanswered, as a
 * copy killed mid-request does (issue 59). A command with an Idempotency-Key is sent to the other copy
 * and answered; one without a key, and a keyed upload, are not sent again (the edge answers 503, and
 * the app's client sends them again itself, with their key). A copy that answers 503 while it
 * starts is passed over for reads and keyed commands.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@careers/service-kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeLocalEdgeConfig } from './edge-nginx.ts';

const received: Array<{ copy: string; method: string; url: string; body: string }> = [];
/** Requests still to let die unanswered, over both copies together. */
let toKill = 0;
/** Requests still to answer 503, as a copy that is starting does. */
let toRefuse = 0;
const copies: http.Server[] = [];
const prefix = mkdtempSync(join(tmpdir(), 'careers-edge-retries-'));
let nginx: ChildProcess | undefined;
let edge = '';

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  const addresses: string[] = [];
  for (const name of ['copy-1', 'copy-2']) {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ copy: name, method: req.method ?? '', url: req.url ?? '', body });
        if (toKill > 0) {
          toKill--;
          req.socket.destroy();
          return;
        }
        if (toRefuse > 0) {
          toRefuse--;
          res.writeHead(503, { 'retry-after': '1' }).end('{"message":"starting"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ copy: name }));
      });
    });
    copies.push(server);
    addresses.push(await listen(server));
  }
  const port = await freePort();
  edge = `http://127.0.0.1:${port}`;
  const config = writeLocalEdgeConfig({
    prefix,
    listen: `127.0.0.1:${port}`,
    upstreams: {
      command: addresses.join(','),
      query: addresses.join(','),
      gateway: addresses[1] as string,
    },
    root: prefix,
    secret: 'edge-retries-test-secret-0123456789abcdef',
  });
  nginx = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', config], { stdio: 'ignore', detached: true });
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${edge}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error('the edge did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 30_000);

afterAll(async () => {
  if (nginx?.pid) process.kill(-nginx.pid, 'SIGTERM');
  for (const server of copies) await new Promise((resolve) => server.close(resolve));
  rmSync(prefix, { recursive: true, force: true });
});

beforeEach(() => {
  received.length = 0;
  toKill = 1;
  toRefuse = 0;
});

/** Both copies in the upstream again: nginx leaves a copy that failed out for 2 s (`fail_timeout`). */
const bothCopiesUp = () => new Promise((resolve) => setTimeout(resolve, 3000));

/** The edge's own answer when no copy answered: 503 with Retry-After, in the product's words. */
async function expectUnreachable(reply: Response) {
  expect(reply.status).toBe(503);
  expect(reply.headers.get('retry-after')).toBe('2');
  expect(await reply.json()).toEqual({
    message: 'The service is temporarily unavailable. Please try again shortly.',
  });
}

const post = (path: string, headers: Record<string, string>, body?: string) =>
  fetch(`${edge}${path}`, { method: 'POST', headers, ...(body === undefined ? {} : { body }) });

describe('the edge with a command-service copy that dies mid-request', () => {
  it('sends a keyed command on to the other copy, path, query and body unchanged', async () => {
    await bothCopiesUp();
    const reply = await post(
      '/api/posts?from=test',
      { 'idempotency-key': 'intent-1', 'content-type': 'application/json' },
      '{"content":"hello"}',
    );
    expect(reply.status, JSON.stringify(received)).toBe(200);
    expect(new Set(received.map((r) => r.copy)).size).toBe(2);
    expect(received.map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/api/posts?from=test', body: '{"content":"hello"}' },
      { url: '/api/posts?from=test', body: '{"content":"hello"}' },
    ]);
    // A keyed command without a body (a like) too.
    await bothCopiesUp();
    received.length = 0;
    toKill = 1;
    const like = await post('/api/posts/1/like', { 'idempotency-key': 'intent-2' });
    expect(like.status, JSON.stringify(received)).toBe(200);
    expect(received.map((r) => r.url)).toEqual(['/api/posts/1/like', '/api/posts/1/like']);
  }, 15_000);

  it('does not send a command without a key again', async () => {
    await bothCopiesUp();
    await expectUnreachable(
      await post('/api/posts', { 'content-type': 'application/json' }, '{"content":"hello"}'),
    );
    expect(received).toHaveLength(1);
  });

  it('does not hold a keyed upload to send it again', async () => {
    await bothCopiesUp();
    await expectUnreachable(
      await post(
        '/api/users/me/avatar',
        { 'idempotency-key': 'intent-3', 'content-type': 'multipart/form-data; boundary=x' },
        '--x--',
      ),
    );
    expect(received).toHaveLength(1);
  });

  it('sends a read and a keyed command past a copy that answers 503 while it starts', async () => {
    await bothCopiesUp();
    toKill = 0;
    toRefuse = 1;
    const read = await fetch(`${edge}/api/posts/1`);
    expect(read.status, JSON.stringify(received)).toBe(200);
    expect(received.map((r) => r.method)).toEqual(['GET', 'GET']);
    await bothCopiesUp();
    received.length = 0;
    toRefuse = 1;
    expect((await post('/api/posts/1/like', { 'idempotency-key': 'intent-5' })).status).toBe(200);
    expect(received).toHaveLength(2);
  }, 15_000);

  it("answers its own refusals with their status and the product's words", async () => {
    toKill = 0;
    const tooLarge = await fetch(`${edge}/api/posts`, { headers: { 'x-filler': 'x'.repeat(10_000) } });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({ message: 'The request is not valid' });
    expect(received).toEqual([]);
  });

  it('keeps its internal path to itself', async () => {
    toKill = 0;
    expect((await post('/_keyed/api/posts', { 'idempotency-key': 'intent-4' })).status).toBe(404);
    expect(received).toEqual([]);
  });
});
