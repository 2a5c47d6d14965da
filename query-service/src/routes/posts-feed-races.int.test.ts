import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostsBed, pageUrl, postsFixtures } from './posts-testing.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * The feed's response cache when a post on a page changes while the page is read, and when the
 * versions of the posts on it are slow to read.
 */

let bed: PostsBed;

beforeAll(async () => {
  bed = await queryAppTestbed('feed-races');
});
afterAll(async () => {
  await bed?.close();
});

const { project, liked, threePosts, raceApp } = postsFixtures(() => bed);

describe('a page read while a post on it changes', () => {
  it('does not keep it: the next read is a miss and shows the like', async () => {
    const { tag, reader, liker, newest } = await threePosts();
    const race = await raceApp();
    try {
      race.between.work = () => project([liked(newest, 2, liker.id, 1)]);
      const stale = await race.get(reader, pageUrl(tag, 1));
      expect(stale.body.data[0]).toMatchObject({ _id: newest, likesCount: 0 });
      const next = await race.get(reader, pageUrl(tag, 1));
      expect(next.cache).toBe('miss');
      expect(next.body.data[0]).toMatchObject({ _id: newest, likesCount: 1 });
      expect((await race.get(reader, pageUrl(tag, 1))).cache).toBe('hit');
    } finally {
      await race.app.close();
    }
  });

  it('keeps it when the post changed during the read is on no page read', async () => {
    const { tag, reader, liker, oldest } = await threePosts();
    const race = await raceApp();
    try {
      race.between.work = () => project([liked(oldest, 2, liker.id, 1)]);
      const first = await race.get(reader, pageUrl(tag, 1));
      expect(first.cache).toBe('miss');
      expect(await race.get(reader, pageUrl(tag, 1))).toEqual({ cache: 'hit', body: first.body });
    } finally {
      await race.app.close();
    }
  });
});

describe('a page past the cache', () => {
  it('is sent before the versions of the posts on it are read, and kept once they are', async () => {
    const { tag, reader } = await threePosts();
    // Holds the next MGET once armed: the one that reads the versions of the posts a page shows.
    const gate = { armed: false, held: [] as Array<() => Promise<void>> };
    const redis = new Proxy(bed.redis, {
      get(target, prop) {
        if (prop === 'mget' && gate.armed) {
          gate.armed = false;
          return (...keys: string[]) =>
            new Promise((resolve, reject) => {
              gate.held.push(() => target.mget(...keys).then(resolve, reject));
            });
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const releaseHeld = () => Promise.all(gate.held.splice(0).map((release) => release()));
    const race = await raceApp(redis);
    try {
      race.between.work = async () => {
        gate.armed = true;
      };
      const first = await Promise.race([
        race.get(reader, pageUrl(tag, 1)),
        new Promise<'no reply'>((resolve) => setTimeout(() => resolve('no reply'), 2_000)),
      ]);
      if (first === 'no reply') throw new Error('the reply waited for the versions of the posts on it');
      expect(first.cache).toBe('miss');
      expect(gate.held).toHaveLength(1);
      // A read of the page meanwhile waits for it to be kept, and is then answered from the cache.
      let answered = false;
      const second = race.get(reader, pageUrl(tag, 1)).finally(() => {
        answered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(false);
      await releaseHeld();
      expect(await second).toEqual({ cache: 'hit', body: first.body });
    } finally {
      await releaseHeld();
      await race.app.close();
    }
  });
});
