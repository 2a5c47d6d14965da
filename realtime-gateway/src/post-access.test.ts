import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostAccessCheck, REFUSAL_MEMORY_MS } from './post-access.ts';

/** A stand-in query-service: answers GET /api/posts/:id by the table below, counting questions. */
const answers: Record<string, { status: number; body?: unknown }> = {
  'public-post': { status: 200, body: { data: { _id: 'public-post', visibility: 'public' } } },
  'friends-post': { status: 200, body: { data: { _id: 'friends-post', visibility: 'connections' } } },
  'not-yours': { status: 404, body: { message: 'Post not found' } },
  'signed-out': { status: 401, body: { message: 'Please sign in to continue' } },
  broken: { status: 500, body: { message: 'Server error' } },
  'wrong-post': { status: 200, body: { data: { _id: 'another', visibility: 'public' } } },
};
const asked: Array<{ url: string; cookie: string | undefined }> = [];
let server: http.Server;
let url = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push({ url: req.url ?? '', cookie: req.headers.cookie });
    const id = decodeURIComponent((req.url ?? '').replace('/api/posts/', ''));
    const answer = answers[id] ?? { status: 404 };
    res
      .writeHead(answer.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('PostAccessCheck (issue 14, finding 3)', () => {
  it("asks the query-service as the socket's own session and follows its answer", async () => {
    const errors: unknown[] = [];
    const check = new PostAccessCheck(url, (error) => errors.push(error));
    expect(await check.check('s/1', 'friends-post')).toBe('visible');
    expect(asked.at(-1)).toEqual({ url: '/api/posts/friends-post', cookie: 'sid=s%2F1' });
    expect(await check.check('s1', 'not-yours')).toBe('hidden');
    expect(await check.check('s1', 'signed-out')).toBe('signed-out');
    expect(errors).toEqual([]);
  });

  it('counts anything unclear as hidden: a server error, a different post, a service that is down', async () => {
    const errors: unknown[] = [];
    expect(await new PostAccessCheck(url, (error) => errors.push(error)).check('s1', 'broken')).toBe(
      'hidden',
    );
    expect(await new PostAccessCheck(url, () => {}).check('s1', 'wrong-post')).toBe('hidden');
    expect(
      await new PostAccessCheck('http://127.0.0.1:1', (error) => errors.push(error)).check('s1', 'x'),
    ).toBe('hidden');
    expect(errors).toHaveLength(2);
  });

  it('given many sockets subscribing to a post at once, asks once if it is public, and each session otherwise', async () => {
    const check = new PostAccessCheck(url, () => {});
    const before = asked.length;
    const publicAnswers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => check.check(`s${i}`, 'public-post')),
    );
    expect(publicAnswers).toEqual(Array(20).fill('visible'));
    expect(asked.slice(before).map((a) => a.url)).toEqual(['/api/posts/public-post']);

    const mark = asked.length;
    const answers = await Promise.all([
      check.check('s1', 'friends-post'),
      check.check('s2', 'friends-post'),
      check.check('s3', 'signed-out'),
      check.check('s4', 'signed-out'),
    ]);
    expect(answers).toEqual(['visible', 'visible', 'signed-out', 'signed-out']);
    // Not public: every session asked for itself.
    expect(
      asked
        .slice(mark)
        .map((a) => a.cookie ?? '')
        .sort(),
    ).toEqual(['sid=s1', 'sid=s2', 'sid=s3', 'sid=s4']);
  });

  it('remembers public posts (they stay public) and asks again for the others', async () => {
    const check = new PostAccessCheck(url, () => {});
    const before = asked.length;
    await check.check('s1', 'public-post');
    await check.check('s2', 'public-post');
    await check.check('s1', 'friends-post');
    await check.check('s2', 'friends-post');
    expect(asked.slice(before).map((a) => a.url)).toEqual([
      '/api/posts/public-post',
      '/api/posts/friends-post',
      '/api/posts/friends-post',
    ]);
  });

  it('remembers a refusal briefly: the same hidden post asked again and again costs one question', async () => {
    const check = new PostAccessCheck(url, () => {});
    const before = asked.length;
    for (let i = 0; i < 50; i++) expect(await check.check('s9', 'not-yours')).toBe('hidden');
    expect(asked.length - before).toBe(1);
    // Another session asks for itself; and after the memory, the same one asks again.
    expect(await check.check('s10', 'not-yours')).toBe('hidden');
    expect(asked.length - before).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, REFUSAL_MEMORY_MS + 50));
    expect(await check.check('s9', 'not-yours')).toBe('hidden');
    expect(asked.length - before).toBe(3);
  });
});
