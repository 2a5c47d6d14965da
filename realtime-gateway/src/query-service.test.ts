import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWN_MS, QueryServiceClient } from './query-service.ts';

/** Two stand-in query-service copies, each answering with its own name and counting questions. */
const copies: Array<{ server: http.Server; url: string; asked: number }> = [];
/** A port nothing listens on: a copy that is down. */
let downUrl = '';

beforeAll(async () => {
  for (const name of ['one', 'two']) {
    const copy = { server: http.createServer(), url: '', asked: 0 };
    copy.server.on('request', (req, res) => {
      copy.asked++;
      res.writeHead(req.url === '/api/missing' ? 404 : 200).end(name);
    });
    await new Promise<void>((resolve) => copy.server.listen(0, '127.0.0.1', resolve));
    copy.url = `http://127.0.0.1:${(copy.server.address() as AddressInfo).port}`;
    copies.push(copy);
  }
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  for (const { server } of copies) await new Promise((resolve) => server.close(resolve));
});

const text = async (response: Response) => `${response.status} ${await response.text()}`;

describe('QueryServiceClient (issue 59: a gateway keeps answering while a query-service copy is down)', () => {
  it('asks the first copy, and takes its answer even when it is an error status', async () => {
    const [one, two] = copies as [(typeof copies)[0], (typeof copies)[0]];
    const client = new QueryServiceClient(`${one.url}/, ${two.url}`);
    expect(await text(await client.get('/api/posts/1', {}, 2000))).toBe('200 one');
    const before = two.asked;
    expect(await text(await client.get('/api/missing', {}, 2000))).toBe('404 one');
    expect(two.asked).toBe(before);
  });

  it('asks the next copy when one cannot be reached, and rests that one for DOWN_MS', async () => {
    const [, two] = copies as [(typeof copies)[0], (typeof copies)[0]];
    const client = new QueryServiceClient([downUrl, two.url]);
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: string, init?: RequestInit) => {
      fetched.push(new URL(input).origin);
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      expect(await text(await client.get('/api/posts/1', {}, 2000))).toBe('200 two');
      expect(await text(await client.get('/api/posts/2', {}, 2000))).toBe('200 two');
    } finally {
      globalThis.fetch = realFetch;
    }
    // The copy that was down was tried once; the second question went straight to the other.
    expect(fetched).toEqual([downUrl, two.url, two.url]);
    expect(DOWN_MS).toBeLessThanOrEqual(2000);
  });

  it('fails only when no copy can be reached', async () => {
    const client = new QueryServiceClient([downUrl, downUrl.replace(/:\d+$/, ':1')]);
    await expect(client.get('/api/posts/1', {}, 2000)).rejects.toThrow();
    expect(() => new QueryServiceClient(' , ')).toThrow('QUERY_SERVICE_URL names no query-service');
  });
});
