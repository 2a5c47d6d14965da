import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { type PostsPagination, pageInfo } from '@careers/contracts/entities/pagination';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { postMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import {
  ConsistencyTokenSigner,
  consistencyTokenSecret,
  createHttpServer,
  createLogger,
  SESSION_COOKIE,
} from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_COMMENTS_PER_POST, PostQueries } from '../projectors/posts/queries.ts';
import { profileUpdatedData } from '../projectors/users/testing.ts';
import { ResponseCache } from '../response-cache.ts';
import { feedCacheOptions } from './posts.ts';
import { registerCachedQuery } from './register-cached-query.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * The feed's response cache over the real projectors, Postgres and Redis: a page stays cached while
 * what it shows is unchanged, whatever happens to other posts, and is never served once a change of
 * what it shows is applied. Each test reads its own tag, so its pages hold its own posts only.
 */

let bed: Awaited<ReturnType<typeof queryAppTestbed>>;
let signer: ConsistencyTokenSigner;

beforeAll(async () => {
  bed = await queryAppTestbed('feed-cache');
  signer = new ConsistencyTokenSigner(consistencyTokenSecret(bed.config));
});
afterAll(async () => {
  await bed?.close();
});

let minute = 0;
const later = () => new Date(Date.UTC(2026, 3, 1, 9, minute++)).toISOString();
const project = (events: EventEnvelope[]) => bed.project(events);

interface FeedPost {
  _id: string;
  likesCount: number;
  commentsCount: number;
  isLiked: boolean;
  author: { firstName: string };
}

async function read(who: { sid: string }, url: string, headers: Record<string, string> = {}) {
  const response = await bed.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `${SESSION_COOKIE}=${who.sid}`, ...headers },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { data: FeedPost[]; pagination: { totalPosts: number } };
  return { cache: response.headers['x-read-cache'], body, ids: body.data.map((p) => p._id) };
}

const pageUrl = (tag: string, page: number, limit = 2) =>
  `/api/posts/feed?page=${page}&limit=${limit}&tags=${tag}`;

function created(
  postId: string,
  authorId: string,
  tag: string,
  visibility: 'public' | 'connections' = 'public',
) {
  return bed.event('PostCreated', postId, 1, {
    postId,
    authorId,
    content: `About ${tag}`,
    type: 'text',
    category: 'Career',
    visibility,
    tags: [tag],
    createdAt: later(),
  });
}

const liked = (postId: string, version: number, userId: string, likesCount: number) =>
  bed.event('PostLiked', postId, version, { postId, userId, likesCount, likedAt: later() });

/** The post's first comment. */
const firstComment = (postId: string, version: number, authorId: string, content: string) =>
  bed.event('CommentAdded', postId, version, {
    postId,
    commentId: randomUUID(),
    authorId,
    content,
    commentsCount: 1,
    createdAt: later(),
  });

/** The person's profile saved with a new first name (their second event). */
const profileRenamed = (userId: string, firstName: string) =>
  bed.event('ProfileUpdated', userId, 2, profileUpdatedData(userId, { firstName, jobTitle: 'Engineer' }));

/** Three posts of a new tag, oldest first: page 1 of two shows the newer two, page 2 the oldest. */
async function threePosts() {
  const tag = `t${randomUUID().slice(0, 8)}`;
  const [author, reader, liker] = await Promise.all([
    bed.signedIn('Ada'),
    bed.signedIn('Ben'),
    bed.signedIn('Cy'),
  ]);
  const [oldest, middle, newest] = [randomUUID(), randomUUID(), randomUUID()];
  await project([
    created(oldest, author.id, tag),
    created(middle, author.id, tag),
    created(newest, author.id, tag),
  ]);
  return { tag, author, reader, liker, oldest, middle, newest };
}

describe('the feed cache, scoped to the posts on a page', () => {
  it('keeps a page cached while other posts are liked, and serves the change to pages that show the post', async () => {
    const { tag, reader, liker, oldest, middle, newest } = await threePosts();
    const first = await read(reader, pageUrl(tag, 1));
    expect(first.ids).toEqual([newest, middle]);
    expect(first.cache).toBe('miss');
    expect((await read(reader, pageUrl(tag, 1))).cache).toBe('hit');
    const second = await read(reader, pageUrl(tag, 2));
    expect(second.ids).toEqual([oldest]);
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('hit');

    // A like of the oldest post: page 1 does not show it and stays cached; page 2 shows it at once.
    await project([liked(oldest, 2, liker.id, 1)]);
    expect(await read(reader, pageUrl(tag, 1))).toMatchObject({ cache: 'hit', body: first.body });
    const afterLike = await read(reader, pageUrl(tag, 2));
    expect(afterLike.cache).toBe('miss');
    expect(afterLike.body.data[0]).toMatchObject({ _id: oldest, likesCount: 1, isLiked: false });
    // The liker's own page says they liked it.
    expect((await read(liker, pageUrl(tag, 2))).body.data[0]).toMatchObject({ likesCount: 1, isLiked: true });

    // A like and a comment on page 1's posts make it fresh; page 2 stays cached.
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('hit');
    await project([liked(newest, 2, reader.id, 1)]);
    const likedByReader = await read(reader, pageUrl(tag, 1));
    expect(likedByReader.cache).toBe('miss');
    expect(likedByReader.body.data[0]).toMatchObject({ _id: newest, likesCount: 1, isLiked: true });
    await project([firstComment(middle, 2, liker.id, 'Well put')]);
    const commented = await read(reader, pageUrl(tag, 1));
    expect(commented.cache).toBe('miss');
    expect(commented.body.data[1]).toMatchObject({ _id: middle, commentsCount: 1 });
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('hit');
  });

  it('answers a reader holding the token of a like with the like applied, never the page from before it', async () => {
    const { tag, reader, newest } = await threePosts();
    const before = await read(reader, pageUrl(tag, 1));
    expect((await read(reader, pageUrl(tag, 1))).cache).toBe('hit');
    const token = signer.issue({ streamId: newest, streamVersion: 2 }, reader.id);
    // The read waits for the like's projection, which comes while it waits.
    const waiting = read(reader, pageUrl(tag, 1), { [CONSISTENCY_HEADER]: token });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await project([liked(newest, 2, reader.id, 1)]);
    const waited = await waiting;
    expect(waited.cache).toBe('miss');
    expect(waited.body.data[0]).toMatchObject({ _id: newest, likesCount: 1, isLiked: true });
    // Without the token too, once the like is applied: the page from before is gone.
    const after = await read(reader, pageUrl(tag, 1));
    expect(after.body).toEqual(waited.body);
    expect(after.body).not.toEqual(before.body);
  });

  it('makes every page fresh when a post is made: membership and totals change', async () => {
    const { tag, author, reader, newest } = await threePosts();
    expect((await read(reader, pageUrl(tag, 1))).ids[0]).toBe(newest);
    await read(reader, pageUrl(tag, 2));
    expect((await read(reader, pageUrl(tag, 1))).cache).toBe('hit');
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('hit');
    const fresh = randomUUID();
    await project([created(fresh, author.id, tag)]);
    const page1 = await read(reader, pageUrl(tag, 1));
    expect(page1.cache).toBe('miss');
    expect(page1.ids[0]).toBe(fresh);
    expect(page1.body.pagination.totalPosts).toBe(4);
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('miss');
  });

  it('makes pages fresh when a connection is made: connections-only posts join them', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const [author, reader] = await Promise.all([bed.signedIn('Dee'), bed.signedIn('Eve')]);
    const open = randomUUID();
    const closed = randomUUID();
    await project([created(open, author.id, tag), created(closed, author.id, tag, 'connections')]);
    expect((await read(reader, pageUrl(tag, 1, 10))).ids).toEqual([open]);
    expect((await read(reader, pageUrl(tag, 1, 10))).cache).toBe('hit');
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId: author.id, recipientId: reader.id };
    await project([
      bed.event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: later() }),
      bed.event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: later() }),
    ]);
    const connected = await read(reader, pageUrl(tag, 1, 10));
    expect(connected.cache).toBe('miss');
    expect(connected.ids).toEqual([closed, open]);
  });

  it("makes pages fresh when an author's name changes", async () => {
    const { tag, author, reader } = await threePosts();
    expect((await read(reader, pageUrl(tag, 1))).body.data[0]?.author.firstName).toBe('Ada');
    expect((await read(reader, pageUrl(tag, 1))).cache).toBe('hit');
    await project([profileRenamed(author.id, 'Adaline')]);
    const renamed = await read(reader, pageUrl(tag, 1));
    expect(renamed.cache).toBe('miss');
    expect(renamed.body.data.map((p) => p.author.firstName)).toEqual(['Adaline', 'Adaline']);
  });
});

/**
 * The feed route's cache on an app of its own (on the Redis client given) whose handler runs
 * `between.work` once right after the page's rows were read: a like applied there (committed, and its
 * versions moved) makes the reply older than the like.
 */
async function raceApp(redis: typeof bed.redis = bed.redis) {
  const app = await createHttpServer({
    serviceName: 'feed-race',
    logger: createLogger('test', 'silent'),
    allowedOrigins: [],
    trustedProxies: [],
  });
  const posts = new PostQueries(bed.pool, bed.redis, bed.schema);
  const cache = new ResponseCache(1024 * 1024);
  const between: { work: (() => Promise<void>) | null } = { work: null };
  registerCachedQuery(
    { app, redis },
    routes.getFeed,
    feedCacheOptions(cache),
    async ({ viewerId, query }) => {
      const { posts: data, total } = await posts.feed(viewerId, query);
      const work = between.work;
      between.work = null;
      if (work) await work();
      const pagination: PostsPagination = {
        ...pageInfo({ page: query.page, limit: query.limit, total }),
        totalPosts: total,
      };
      return { data, pagination };
    },
  );
  await app.ready();
  const get = async (who: { sid: string }, url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${SESSION_COOKIE}=${who.sid}` },
    });
    const body = response.json() as { data: FeedPost[] };
    return { cache: response.headers['x-read-cache'], body };
  };
  return { app, cache, between, get };
}

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

describe('GET /api/posts/:id', () => {
  it('shows the post with every comment, oldest first, where its feed card has the latest only', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const [author, reader, commenter] = await Promise.all([
      bed.signedIn('Ada'),
      bed.signedIn('Ben'),
      bed.signedIn('Cy'),
    ]);
    const postId = randomUUID();
    const n = FEED_COMMENTS_PER_POST + 5;
    const comments = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), content: `Comment ${i + 1}` }));
    await project([
      created(postId, author.id, tag),
      ...comments.map((c, i) =>
        bed.event('CommentAdded', postId, i + 2, {
          postId,
          commentId: c.id,
          authorId: i % 2 === 0 ? commenter.id : author.id,
          content: c.content,
          commentsCount: i + 1,
          createdAt: later(),
        }),
      ),
      liked(postId, n + 2, reader.id, 1),
    ]);

    const response = await bed.app.inject({
      method: 'GET',
      url: `/api/posts/${postId}`,
      headers: { cookie: `${SESSION_COOKIE}=${reader.sid}` },
    });
    expect(response.statusCode).toBe(200);
    const post = response.json().data;
    expect(post).toMatchObject({ _id: postId, likesCount: 1, isLiked: true, commentsCount: n });
    expect(post.author.firstName).toBe('Ada');
    expect(post.comments.map((c: { content: string }) => c.content)).toEqual(comments.map((c) => c.content));
    expect(post.comments[0].author.firstName).toBe('Cy');
    expect(post.comments[1].author.firstName).toBe('Ada');

    const asAuthor = await bed.app.inject({
      method: 'GET',
      url: `/api/posts/${postId}`,
      headers: { cookie: `${SESSION_COOKIE}=${author.sid}` },
    });
    expect(asAuthor.json().data.isLiked).toBe(false);

    const card = (await read(reader, pageUrl(tag, 1))).body.data[0] as FeedPost & {
      comments: { content: string }[];
    };
    expect(card.comments.map((c) => c.content)).toEqual(
      comments.slice(-FEED_COMMENTS_PER_POST).map((c) => c.content),
    );
  });

  it('answers 404 for a post that does not exist', async () => {
    const reader = await bed.signedIn('Ben');
    const response = await bed.app.inject({
      method: 'GET',
      url: `/api/posts/${randomUUID()}`,
      headers: { cookie: `${SESSION_COOKIE}=${reader.sid}` },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the cache of a single post (GET /api/posts/:id)', () => {
  async function readPost(who: { sid: string }, postId: string, headers: Record<string, string> = {}) {
    const response = await bed.app.inject({
      method: 'GET',
      url: `/api/posts/${postId}`,
      headers: { cookie: `${SESSION_COOKIE}=${who.sid}`, ...headers },
    });
    return {
      status: response.statusCode,
      cache: response.headers['x-read-cache'],
      post: response.statusCode === 200 ? (response.json().data as FeedPost & { comments: unknown[] }) : null,
    };
  }

  it('serves it again from the cache until the post itself changes, and a like of another post leaves it', async () => {
    const { reader, liker, oldest, newest } = await threePosts();
    expect(await readPost(reader, newest)).toMatchObject({ status: 200, cache: 'miss' });
    const again = await readPost(reader, newest);
    expect(again).toMatchObject({ status: 200, cache: 'hit', post: { _id: newest, likesCount: 0 } });

    await project([liked(oldest, 2, liker.id, 1)]);
    expect((await readPost(reader, newest)).cache).toBe('hit');

    await project([liked(newest, 2, liker.id, 1)]);
    const afterLike = await readPost(reader, newest);
    expect(afterLike).toMatchObject({ cache: 'miss', post: { likesCount: 1, isLiked: false } });
    // Each reader has their own entry: the liker's says they liked it.
    expect((await readPost(liker, newest)).post).toMatchObject({ likesCount: 1, isLiked: true });
    expect((await readPost(reader, newest)).cache).toBe('hit');

    await project([firstComment(newest, 3, liker.id, 'Agreed')]);
    const commented = await readPost(reader, newest);
    expect(commented).toMatchObject({ cache: 'miss', post: { commentsCount: 1 } });
    expect(commented.post?.comments).toHaveLength(1);
  });

  it('answers a reader holding the token of a like with the like applied', async () => {
    const { reader, newest } = await threePosts();
    await readPost(reader, newest);
    expect((await readPost(reader, newest)).cache).toBe('hit');
    const token = signer.issue({ streamId: newest, streamVersion: 2 }, reader.id);
    const waiting = readPost(reader, newest, { [CONSISTENCY_HEADER]: token });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await project([liked(newest, 2, reader.id, 1)]);
    expect(await waiting).toMatchObject({ cache: 'miss', post: { likesCount: 1, isLiked: true } });
  });

  it("shows a connections-only post once the reader is connected, and the author's new name", async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const [author, reader] = await Promise.all([bed.signedIn('Fay'), bed.signedIn('Gus')]);
    const closed = randomUUID();
    await project([created(closed, author.id, tag, 'connections')]);
    expect((await readPost(reader, closed)).status).toBe(404);
    expect((await readPost(author, closed)).cache).toBe('miss');
    expect((await readPost(author, closed)).cache).toBe('hit');

    const connectionId = randomUUID();
    const parties = { connectionId, requesterId: author.id, recipientId: reader.id };
    await project([
      bed.event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: later() }),
      bed.event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: later() }),
    ]);
    expect(await readPost(reader, closed)).toMatchObject({ status: 200, post: { _id: closed } });
    expect((await readPost(reader, closed)).cache).toBe('hit');

    await project([profileRenamed(author.id, 'Faye')]);
    expect(await readPost(reader, closed)).toMatchObject({
      cache: 'miss',
      post: { author: { firstName: 'Faye' } },
    });
  });

  it('answers a malformed id as it answers an unknown one, every time: 404 "Post not found"', async () => {
    const reader = await bed.signedIn('Hal');
    for (const id of ['not-an-id', randomUUID(), 'not-an-id']) {
      const response = await bed.app.inject({
        method: 'GET',
        url: `/api/posts/${id}`,
        headers: { cookie: `${SESSION_COOKIE}=${reader.sid}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: postMessages.postNotFound });
    }
  });
});
