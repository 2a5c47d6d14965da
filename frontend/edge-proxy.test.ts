// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessages } from '../contracts/src/messages.ts';
import { answerClientError, createEdgeHandlers, edgeRouting } from './edge-proxy.ts';

/** What a fake service saw; each one answers with this so the test can tell who got the request. */
interface Seen {
  service: string;
  method: string;
  url: string;
  host: string | undefined;
  cookie: string | undefined;
  origin: string | undefined;
  forwardedHost: string | undefined;
  forwardedFor: string | undefined;
  forwardedProto: string | undefined;
  realIp: string | undefined;
  edgeSecret: string | undefined;
  body: string;
}

const servers: http.Server[] = [];

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function fakeService(service: string): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: Seen = {
        service,
        method: req.method ?? '',
        url: req.url ?? '',
        host: req.headers.host,
        cookie: req.headers.cookie,
        origin: req.headers.origin,
        forwardedHost: req.headers['x-forwarded-host'] as string | undefined,
        forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
        forwardedProto: req.headers['x-forwarded-proto'] as string | undefined,
        realIp: req.headers['x-real-ip'] as string | undefined,
        edgeSecret: req.headers['x-edge-secret'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      res.setHeader('set-cookie', ['sid=abc; HttpOnly; Path=/', 'theme=dark; Path=/']);
      res.setHeader('x-consistency-token', 'post-1@2');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(seen));
    });
  });
}

const EDGE_SECRET = 'the-edge-secret-of-this-test-0123456789';
let edgeUrl = '';
let edgePort = 0;
let deadEdgeUrl = '';

beforeAll(async () => {
  const gateway = fakeService('gateway');
  gateway.on('upgrade', (req, socket) => {
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Seen-Url: ${req.url}\r\nX-Seen-Cookie: ${req.headers.cookie}\r\nX-Seen-Forwarded-For: ${req.headers['x-forwarded-for']}\r\nX-Seen-Edge-Secret: ${req.headers['x-edge-secret']}\r\n\r\n`,
    );
    socket.on('data', (data: Buffer) => socket.write(`echo:${data.toString('utf8')}`));
    socket.on('end', () => socket.end()); // as a websocket server does when the client goes away
  });
  const targets = {
    query: await listen(fakeService('query')),
    command: await listen(fakeService('command')),
    gateway: await listen(gateway),
  };

  const edgeServerFor = (edgeTargets: typeof targets) => {
    const edge = createEdgeHandlers(edgeTargets, EDGE_SECRET);
    const server = http.createServer((req, res) =>
      edge.handleRequest(req, res, () => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>spa</title>');
      }),
    );
    server.on('upgrade', edge.handleUpgrade);
    return server;
  };
  edgeUrl = await listen(edgeServerFor(targets));
  edgePort = Number(new URL(edgeUrl).port);

  // A port nobody listens on: take one, then free it.
  const probe = http.createServer();
  const closedUrl = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  servers.splice(servers.indexOf(probe), 1);
  deadEdgeUrl = await listen(edgeServerFor({ query: closedUrl, command: closedUrl, gateway: closedUrl }));
});

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

async function seenBy(path: string, init?: RequestInit): Promise<Seen> {
  const response = await fetch(`${edgeUrl}${path}`, init);
  expect(response.status).toBe(200);
  return (await response.json()) as Seen;
}

describe('edge proxy', () => {
  it('sends GET /api to the query-service with path, query, cookies and Host unchanged', async () => {
    const seen = await seenBy('/api/jobs?search=react&page=2', { headers: { cookie: 'sid=abc' } });

    expect(seen).toMatchObject({
      service: 'query',
      method: 'GET',
      url: '/api/jobs?search=react&page=2',
      cookie: 'sid=abc',
    });
    expect(seen.host).toBe(`127.0.0.1:${edgePort}`);
    expect(seen.forwardedHost).toBe(`127.0.0.1:${edgePort}`);
  });

  it('states the client address it saw, whatever the client claimed (issue 14, finding 1)', async () => {
    const seen = await seenBy('/api/jobs', {
      headers: {
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-proto': 'https',
        'x-real-ip': '6.6.6.6',
        forwarded: 'for=6.6.6.6',
        'x-edge-secret': 'a-guess',
      },
    });

    // Issue 55, finding 8: the edge's own secret, which the services ask for, replaces the guess.
    expect(seen).toMatchObject({
      forwardedFor: '127.0.0.1',
      forwardedProto: 'http',
      edgeSecret: EDGE_SECRET,
    });
    expect('realIp' in seen).toBe(false);
  });

  it('sends HEAD /api to the query-service', async () => {
    const response = await fetch(`${edgeUrl}/api/jobs`, { method: 'HEAD' });

    expect(response.status).toBe(200);
    expect(response.headers.get('x-consistency-token')).toBe('post-1@2');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'sends %s /api with its body to the command-service',
    async (method) => {
      const seen = await seenBy('/api/posts/p-1', {
        method,
        headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
        body: '{"content":"Hello"}',
      });

      expect(seen).toMatchObject({
        service: 'command',
        method,
        url: '/api/posts/p-1',
        origin: 'http://localhost:5173',
        body: '{"content":"Hello"}',
      });
    },
  );

  it('passes every Set-Cookie and custom header of the reply back', async () => {
    const response = await fetch(`${edgeUrl}/api/auth/login`, { method: 'POST' });

    expect(response.headers.getSetCookie()).toEqual(['sid=abc; HttpOnly; Path=/', 'theme=dark; Path=/']);
    expect(response.headers.get('x-consistency-token')).toBe('post-1@2');
  });

  it('sends socket.io polling, GET and POST, to the realtime-gateway', async () => {
    expect((await seenBy('/socket.io/?EIO=4&transport=polling')).service).toBe('gateway');
    expect(
      (await seenBy('/socket.io/?EIO=4&transport=polling&sid=x', { method: 'POST', body: '40' })).service,
    ).toBe('gateway');
  });

  it('leaves everything else to the static app', async () => {
    const response = await fetch(`${edgeUrl}/jobs/123`);

    expect(await response.text()).toContain('<title>spa</title>');
  });

  it('answers 502 with a message when the service is down', async () => {
    const response = await fetch(`${deadEdgeUrl}/api/jobs`);

    expect(response.status).toBe(502);
    expect(((await response.json()) as { message: string }).message).toMatch(/query-service/);
  });

  it('tunnels a socket.io websocket upgrade to the realtime-gateway', async () => {
    const socket = net.connect(edgePort, '127.0.0.1');
    let received = '';
    socket.on('data', (data: Buffer) => {
      received += data.toString('utf8');
    });
    const until = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (received.includes(text)) resolve();
          else if (Date.now() - started > 2000)
            reject(new Error(`no "${text}" in ${JSON.stringify(received)}`));
          else setTimeout(check, 5);
        };
        check();
      });

    socket.write(
      [
        'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
        `Host: 127.0.0.1:${edgePort}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Cookie: sid=abc',
        'X-Forwarded-For: 6.6.6.6',
        'X-Edge-Secret: a-guess',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    await until('\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 101 /);
    expect(received).toContain('X-Seen-Url: /socket.io/?EIO=4&transport=websocket');
    expect(received).toContain('X-Seen-Cookie: sid=abc');
    // Issue 14, finding 1: the gateway hears the address the edge saw, not the client's claim.
    expect(received).toContain('X-Seen-Forwarded-For: 127.0.0.1\r\n');
    expect(received).toContain(`X-Seen-Edge-Secret: ${EDGE_SECRET}\r\n`);

    socket.write('frame');
    await until('echo:frame');
    socket.destroy();
  });
});

describe('requests the edge cannot read', () => {
  it('answers an over-long query string with 431 { message }, as the services do (fuzz finding)', async () => {
    // The plugin as Vite runs it: its configureServer given a server with middlewares and the http server.
    const httpServer = http.createServer((_req, res) => res.end('not reached'));
    const plugin = edgeRouting({ query: deadEdgeUrl, command: deadEdgeUrl, gateway: deadEdgeUrl });
    const configure = plugin.configureServer as (server: unknown) => void;
    configure({ middlewares: { use: () => undefined }, httpServer });
    const url = await listen(httpServer);

    const response = await fetch(`${url}/api/jobs?location=${'a'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: requestMessages.invalidRequest });
  });

  it('answers a request line it cannot parse with 400 { message }', async () => {
    const server = http.createServer((_req, res) => res.end('not reached'));
    server.on('clientError', answerClientError);
    const url = new URL(await listen(server));
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname, () =>
        socket.write('NOT HTTP AT ALL\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.split('\r\n\r\n')[1]).toBe(JSON.stringify({ message: requestMessages.invalidRequest }));
  });
});
