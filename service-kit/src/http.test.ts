import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { requestMessages } from '@careers/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import {
  createHttpServer,
  DEFAULT_TRUSTED_PROXIES,
  EDGE_SECRET_HEADER,
  helmetHeaders,
  isCrossSiteMutation,
  parseOr400,
  proxyTrust,
  viaEdge,
} from './http.ts';
import { createLogger } from './logger.ts';

const allowed = ['http://localhost:5173'];

describe('isCrossSiteMutation', () => {
  it('lets reads through whatever their origin', () => {
    expect(isCrossSiteMutation('GET', { origin: 'https://evil.example' }, allowed)).toBe(false);
  });
  it('accepts a mutation from an allowed origin', () => {
    expect(
      isCrossSiteMutation(
        'POST',
        { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' },
        allowed,
      ),
    ).toBe(false);
  });
  it('rejects a mutation from another origin, a null origin, or a cross-site fetch', () => {
    expect(isCrossSiteMutation('POST', { origin: 'https://evil.example' }, allowed)).toBe(true);
    expect(isCrossSiteMutation('DELETE', { origin: 'null' }, allowed)).toBe(true);
    expect(isCrossSiteMutation('PUT', { 'sec-fetch-site': 'cross-site' }, allowed)).toBe(true);
  });
  it('lets a non-browser client without Origin through (it carries no ambient cookies)', () => {
    expect(isCrossSiteMutation('POST', {}, allowed)).toBe(false);
  });
});

describe('parseOr400', () => {
  it('returns parsed data or throws 400 with the schema message', () => {
    const schema = z.object({ content: z.string().trim().min(1, 'Post content cannot be empty') });
    expect(parseOr400(schema, { content: ' hi ' })).toEqual({ content: 'hi' });
    try {
      parseOr400(schema, { content: '   ' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 400, message: 'Post content cannot be empty' });
    }
  });
});

describe('bodies Fastify cannot read', () => {
  let app: Awaited<ReturnType<typeof createHttpServer>>;
  beforeAll(async () => {
    app = await createHttpServer({
      serviceName: 'test',
      logger: createLogger('test', 'silent'),
      allowedOrigins: allowed,
      bodyLimit: 64,
    });
    app.post('/echo', async (request) => ({ got: request.body }));
  });
  afterAll(() => app.close());

  it.each([
    ['broken JSON', 'application/json', '{"content":', 400, requestMessages.invalidJson],
    ['an empty JSON body', 'application/json', '', 400, requestMessages.invalidJson],
    ['another media type', 'application/xml', '<post/>', 415, requestMessages.jsonExpected],
    [
      'a body over the limit',
      'application/json',
      JSON.stringify({ x: 'y'.repeat(100) }),
      413,
      requestMessages.payloadTooLarge,
    ],
  ])("answers %s in the product's words", async (_what, type, payload, status, message) => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': type },
      payload,
    });
    expect([response.statusCode, response.json()]).toEqual([status, { message }]);
  });
});

describe('the client address (issue 14, finding 1: forged X-Forwarded-For)', () => {
  let app: Awaited<ReturnType<typeof createHttpServer>>;
  beforeAll(async () => {
    app = await createHttpServer({
      serviceName: 'test',
      logger: createLogger('test', 'silent'),
      allowedOrigins: allowed,
      trustedProxies: ['127.0.0.1', '10.0.0.0/8'],
    });
    app.get('/who', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  });
  afterAll(() => app.close());

  const who = async (remoteAddress: string, headers: Record<string, string> = {}) =>
    (await app.inject({ method: 'GET', url: '/who', remoteAddress, headers })).json();

  it('is the peer when the peer is not a trusted proxy, whatever X-Forwarded-For says', async () => {
    expect(await who('203.0.113.9', { 'x-forwarded-for': '198.51.100.1' })).toEqual({
      ip: '203.0.113.9',
      protocol: 'http',
    });
    expect(await who('203.0.113.9', { 'x-forwarded-proto': 'https' })).toMatchObject({ protocol: 'http' });
  });

  it('is the address a trusted proxy saw', async () => {
    expect(await who('10.1.2.3', { 'x-forwarded-for': '198.51.100.1' })).toMatchObject({
      ip: '198.51.100.1',
    });
    expect(await who('::ffff:127.0.0.1', { 'x-forwarded-for': '2001:db8::1' })).toMatchObject({
      ip: '2001:db8::1',
    });
  });

  it('is the peer when even a trusted peer forwards something that is not one address', async () => {
    for (const forged of [
      'x'.repeat(6000),
      'not-an-address',
      `198.51.100.1, ${'1.2.3.4, '.repeat(40)}1.2.3.4`,
    ]) {
      expect(await who('127.0.0.1', { 'x-forwarded-for': forged })).toMatchObject({ ip: '127.0.0.1' });
    }
  });

  it('sends HSTS only to answers that came over TLS through a trusted proxy', async () => {
    const plain = await app.inject({ method: 'GET', url: '/who' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await app.inject({
      method: 'GET',
      url: '/who',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const tls = await app.inject({
      method: 'GET',
      url: '/who',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' },
    });
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('rejects a trusted-proxy list entry that is not an address', () => {
    expect(() => proxyTrust(['loopback'])).toThrow(/loopback/);
    expect(proxyTrust(DEFAULT_TRUSTED_PROXIES)('127.0.0.2')).toBe(true);
    expect(proxyTrust(DEFAULT_TRUSTED_PROXIES)('192.168.1.1')).toBe(false);
  });
});

describe('the edge secret (issue 55, finding 8: a local process names any address)', () => {
  const secret = 'the-edge-secret-of-this-test-only-0123456789';
  let app: Awaited<ReturnType<typeof createHttpServer>>;
  beforeAll(async () => {
    app = await createHttpServer({
      serviceName: 'test',
      logger: createLogger('test', 'silent'),
      allowedOrigins: allowed,
      edgeSecret: secret,
    });
    app.get('/who', async (request) => ({
      ip: request.ip,
      protocol: request.protocol,
      sawSecret: request.headers[EDGE_SECRET_HEADER] !== undefined,
    }));
  });
  afterAll(() => app.close());

  const who = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/who', remoteAddress: '127.0.0.1', headers })).json();

  it('is the loopback peer when it forwards an address without the secret, or with another', async () => {
    const forwarded = { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' };
    expect(await who(forwarded)).toEqual({ ip: '127.0.0.1', protocol: 'http', sawSecret: false });
    for (const guess of ['', 'x', secret.slice(0, -1), `${secret}x`, secret.toUpperCase()]) {
      expect(await who({ ...forwarded, [EDGE_SECRET_HEADER]: guess })).toMatchObject({ ip: '127.0.0.1' });
    }
  });

  it("is the address the edge names when the edge's secret comes with it, which no route sees", async () => {
    expect(await who(viaEdge(app, '198.51.100.1'))).toEqual({
      ip: '198.51.100.1',
      protocol: 'http',
      sawSecret: false,
    });
  });

  it('is the peer when the secret comes from a peer that is not a trusted proxy', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/who',
      remoteAddress: '203.0.113.9',
      headers: viaEdge(app, '198.51.100.1'),
    });
    expect(response.json()).toMatchObject({ ip: '203.0.113.9' });
  });
});

describe("every error body is the product's { message } (issue 14, findings 7 and 8)", () => {
  let app: Awaited<ReturnType<typeof createHttpServer>>;
  beforeAll(async () => {
    app = await createHttpServer({
      serviceName: 'test',
      logger: createLogger('test', 'silent'),
      allowedOrigins: allowed,
    });
    app.get('/api/posts/:id', async (request) => ({ params: request.params, query: request.query }));
    app.post('/api/posts', async (request) => ({ got: request.body }));
  });
  afterAll(() => app.close());

  it.each([
    ['a URL that does not decode', 'GET', '/api/posts/%ZZ', 400, requestMessages.malformedUrl],
    ['an unknown path', 'GET', '/api/nothing-here', 404, 'Resource not found.'],
    ['an unknown method on a known path', 'PATCH', '/api/posts', 404, 'Resource not found.'],
    ['a NUL in the query string', 'GET', '/api/posts/1?tags=a%00b', 400, requestMessages.unsafeText],
  ])('answers %s', async (_what, method, url, status, message) => {
    const response = await app.inject({ method: method as 'GET', url });
    expect([response.statusCode, response.json()]).toEqual([status, { message }]);
  });

  it.each([
    ['a NUL', '{"content":"a\\u0000b"}'],
    ['a lone high surrogate', '{"content":"a\\ud800b"}'],
    ['a lone low surrogate deep inside', '{"tags":[{"x":"\\udc00"}]}'],
    ['a NUL in a key', '{"a\\u0000":1}'],
  ])('refuses a body with %s before any schema sees it', async (_what, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect([response.statusCode, response.json()]).toEqual([400, { message: requestMessages.unsafeText }]);
  });

  it('lets emoji and other scripts through', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'Zoë 👩‍💻 日本語' }),
    });
    expect(response.json()).toEqual({ got: { content: 'Zoë 👩‍💻 日本語' } });
  });

  it("sends helmet's whole set of security headers on every answer: found, not found, refused", async () => {
    const expected = {
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-site',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    expect(await helmetHeaders()).toEqual(expected);
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/posts/1' }),
      app.inject({ method: 'GET', url: '/api/nothing-here' }),
      app.inject({ method: 'POST', url: '/api/posts', headers: { origin: 'https://evil.example' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 403]);
    for (const { headers } of answers) expect(headers).toMatchObject(expected);
  });

  it('sends frame, sniffing and referrer protection and a CSP on every answer', async () => {
    for (const url of ['/api/posts/1', '/api/nothing-here']) {
      const { headers } = await app.inject({ method: 'GET', url });
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    }
  });
});

describe('while the service closes (fuzz finding)', () => {
  it("answers requests still arriving on an open connection 503 { message }, not Fastify's body", async () => {
    const app = await createHttpServer({
      serviceName: 'test',
      logger: createLogger('test', 'silent'),
      allowedOrigins: allowed,
    });
    let release = () => {};
    const entered = new Promise<void>((resolve) => {
      app.get('/hold', async () => {
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
        return { held: true };
      });
    });
    app.get('/next', async () => ({ served: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // A keep-alive connection busy with one request when close begins, then sending another.
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /hold HTTP/1.1\r\nHost: x\r\n\r\n');
    await entered;
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write('GET /next HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await ended;
    await closed;

    const [first, second] = raw.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(JSON.parse(second?.split('\r\n\r\n')[1] ?? '')).toEqual({
      message: requestMessages.serviceUnavailable,
    });
  });
});
