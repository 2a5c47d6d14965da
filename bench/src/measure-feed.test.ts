import { describe, expect, it } from 'vitest';
import type { ProductApi, Reply } from './api.ts';
import { readConfig } from './config.ts';
import { measureFeed } from './measure-feed.ts';

const population = { users: [{ id: 'u1', cookie: 'sid=x' }], postIds: ['p1'] };
const meter = { processes: () => [], ticksPerSecond: 100 };
const apiAnswering = (reply: Reply) => ({ getFeed: async () => reply }) as unknown as ProductApi;
const noBaseline = async () => {
  throw new Error('the baseline must not start');
};

describe('measureFeed without a working feed route', () => {
  it('reports the route as missing on 404, without loading anything', async () => {
    const result = await measureFeed(
      apiAnswering({ status: 404, headers: {}, body: '{"message":"Resource not found."}' }),
      population,
      noBaseline,
      readConfig({}),
      meter,
      () => {},
    );
    expect(result).toEqual({
      status: 'missing',
      reason: 'feed route missing: GET /api/posts/feed answered 404',
    });
  });

  it('reports any other failure with its status and message', async () => {
    const result = await measureFeed(
      apiAnswering({ status: 500, headers: {}, body: '{"message":"Server error."}' }),
      population,
      noBaseline,
      readConfig({}),
      meter,
      () => {},
    );
    expect(result).toMatchObject({ status: 'missing', reason: expect.stringContaining('HTTP 500') });
  });
});
