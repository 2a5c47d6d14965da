import { describe, expect, it } from 'vitest';
import type { BenchUser, ProductApi, Reply } from './api.ts';
import { readConfig } from './config.ts';
import { LikeWriter, measureFeedUnderWrites } from './measure-feed-under-writes.ts';

const users: BenchUser[] = [
  { id: 'u1', cookie: 'sid=1' },
  { id: 'u2', cookie: 'sid=2' },
];
const meter = { processes: () => [], ticksPerSecond: 100 };
const noBaseline = async () => {
  throw new Error('the baseline must not start');
};
const feedBody = (ids: string[]) => JSON.stringify({ data: ids.map((_id) => ({ _id })) });
const apiAnswering = (reply: Reply) => ({ getFeed: async () => reply }) as unknown as ProductApi;

describe('measureFeedUnderWrites without the means to measure', () => {
  it('is skipped with BENCH_FEED_WRITE_RATE=0, sending nothing', async () => {
    const api = {
      getFeed: async () => {
        throw new Error('nothing must be read');
      },
    } as unknown as ProductApi;
    const result = await measureFeedUnderWrites(
      api,
      { users, postIds: ['p1'] },
      noBaseline,
      readConfig({ BENCH_FEED_WRITE_RATE: '0' }),
      meter,
      () => {},
    );
    expect(result).toEqual({ status: 'missing', reason: 'BENCH_FEED_WRITE_RATE=0' });
  });

  it('reports the feed route missing on 404', async () => {
    const result = await measureFeedUnderWrites(
      apiAnswering({ status: 404, headers: {}, body: '{}' }),
      { users, postIds: ['p1'] },
      noBaseline,
      readConfig({}),
      meter,
      () => {},
    );
    expect(result).toMatchObject({ status: 'missing', reason: expect.stringContaining('answered 404') });
  });

  it('refuses to run when every post is on a page read: the likes would land on them', async () => {
    const result = await measureFeedUnderWrites(
      apiAnswering({ status: 200, headers: {}, body: feedBody(['p1', 'p2']) }),
      { users, postIds: ['p1', 'p2'] },
      noBaseline,
      readConfig({}),
      meter,
      () => {},
    );
    expect(result).toMatchObject({ status: 'missing', reason: expect.stringContaining('on a page read') });
  });
});

describe('LikeWriter', () => {
  it('toggles posts of its list only, at its rate, never one pair twice at once, and counts a window', async () => {
    const sent: string[] = [];
    const inFlight = new Set<string>();
    let overlapped = false;
    const writer = new LikeWriter(
      async (user, postId) => {
        const pair = `${user.id} ${postId}`;
        if (inFlight.has(pair)) overlapped = true;
        inFlight.add(pair);
        sent.push(postId);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight.delete(pair);
        return { status: sent.length % 10 === 0 ? 500 : 200, headers: {}, body: '' };
      },
      users,
      ['old1', 'old2'],
      200,
    );
    const from = performance.now();
    writer.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await writer.stop();
    const to = performance.now();
    const window = writer.window(from, to);
    expect(new Set(sent)).toEqual(new Set(['old1', 'old2']));
    expect(overlapped).toBe(false);
    // 200 arrivals a second over the window as it really lasted (half a second asked; timers on a busy
    // machine run late, never early, so the window may be longer and the lower bound is loose).
    expect(window.sent + window.skippedBusy).toBeGreaterThanOrEqual(20);
    expect(window.sent + window.skippedBusy).toBeLessThanOrEqual(Math.ceil((to - from) * 0.2 * 1.1) + 1);
    expect(window.accepted + (window.errors['HTTP 500'] ?? 0)).toBe(window.sent);
    expect(window.errors['HTTP 500']).toBeGreaterThan(0);
  });
});
