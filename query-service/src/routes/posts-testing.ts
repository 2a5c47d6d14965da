import { randomUUID } from 'node:crypto';
import { type PostsPagination, pageInfo } from '@careers/contracts/entities/pagination';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { routes } from '@careers/contracts/routes';
import { createHttpServer, createLogger, SESSION_COOKIE } from '@careers/service-kit';
import { expect } from 'vitest';
import { PostQueries } from '../projectors/posts/queries.ts';
import { profileUpdatedData } from '../projectors/users/testing.ts';
import { ResponseCache } from '../response-cache.ts';
import { feedCacheOptions } from './posts.ts';
import { registerCachedQuery } from './register-cached-query.ts';
import type { queryAppTestbed } from './testing.ts';

/**
 * Posts, likes and comments for the posts route tests, over the real projectors, Postgres and Redis
 * (the query app of `queryAppTestbed`). Each test reads its own tag, so its pages hold its own posts only.
 */

export type PostsBed = Awaited<ReturnType<typeof queryAppTestbed>>;

export interface FeedPost {
  _id: string;
  likesCount: number;
  commentsCount: number;
  isLiked: boolean;
  author: { firstName: string };
}

export const pageUrl = (tag: string, page: number, limit = 2) =>
  `/api/posts/feed?page=${page}&limit=${limit}&tags=${tag}`;

/** The helpers over the testbed `bed()` gives once it is opened (in `beforeAll`). */
export function postsFixtures(bed: () => PostsBed) {
  let minute = 0;
  const later = () => new Date(Date.UTC(2026, 3, 1, 9, minute++)).toISOString();
  const project = (events: EventEnvelope[]) => bed().project(events);

  async function read(who: { sid: string }, url: string, headers: Record<string, string> = {}) {
    const response = await bed().app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${SESSION_COOKIE}=${who.sid}`, ...headers },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: FeedPost[]; pagination: { totalPosts: number } };
    return { cache: response.headers['x-read-cache'], body, ids: body.data.map((p) => p._id) };
  }

  function created(
    postId: string,
    authorId: string,
    tag: string,
    visibility: 'public' | 'connections' = 'public',
  ) {
    return bed().event('PostCreated', postId, 1, {
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
    bed().event('PostLiked', postId, version, { postId, userId, likesCount, likedAt: later() });

  /** The post's first comment. */
  const firstComment = (postId: string, version: number, authorId: string, content: string) =>
    bed().event('CommentAdded', postId, version, {
      postId,
      commentId: randomUUID(),
      authorId,
      content,
      commentsCount: 1,
      createdAt: later(),
    });

  /** The person's profile saved with a new first name (their second event). */
  const profileRenamed = (userId: string, firstName: string) =>
    bed().event('ProfileUpdated', userId, 2, profileUpdatedData(userId, { firstName, jobTitle: 'Engineer' }));

  /** Three posts of a new tag, oldest first: page 1 of two shows the newer two, page 2 the oldest. */
  async function threePosts() {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const [author, reader, liker] = await Promise.all([
      bed().signedIn('Ada'),
      bed().signedIn('Ben'),
      bed().signedIn('Cy'),
    ]);
    const [oldest, middle, newest] = [randomUUID(), randomUUID(), randomUUID()];
    await project([
      created(oldest, author.id, tag),
      created(middle, author.id, tag),
      created(newest, author.id, tag),
    ]);
    return { tag, author, reader, liker, oldest, middle, newest };
  }

  /**
   * The feed route's cache on an app of its own (on the Redis client given) whose handler runs
   * `between.work` once right after the page's rows were read: a like applied there (committed, and its
   * versions moved) makes the reply older than the like.
   */
  async function raceApp(redis: PostsBed['redis'] = bed().redis) {
    const app = await createHttpServer({
      serviceName: 'feed-race',
      logger: createLogger('test', 'silent'),
      allowedOrigins: [],
      trustedProxies: [],
    });
    const posts = new PostQueries(bed().pool, bed().redis, bed().schema);
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

  return { later, project, read, created, liked, firstComment, profileRenamed, threePosts, raceApp };
}
