import { type PostsPagination, pageInfo } from '@careers/contracts/entities/pagination';
import { postMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { notFound } from '@careers/service-kit';
import type { z } from 'zod';
import { postVersionKeys } from '../projectors/posts/keys.ts';
import { feedVersion } from '../projectors/version-scopes.ts';
import { ResponseCache } from '../response-cache.ts';
import type { QueryRouteDeps } from './deps.ts';
import { type CachedQueryOptions, registerCachedQuery } from './register-cached-query.ts';
import { registerQuery } from './register-query.ts';

/**
 * How a reply made of posts is cached: per reader (`isLiked`, and which posts they may see), valid while
 * the feed's version (which posts there are, authors' and commenters' names and pictures, connections,
 * removals) and the version of each post it shows (its likes, comments and counts) hold: a like of a
 * post it does not show leaves it.
 */
function postsCacheOptions<Body>(
  cache: ResponseCache,
  postIdsOf: (body: Body) => string[],
): CachedQueryOptions<Body> {
  return {
    cache,
    versionKey: feedVersion.key,
    perReader: true,
    parts: {
      of: (body) => postIdsOf(body).map((postId) => postVersionKeys.post(postId)),
      sequenceKey: postVersionKeys.sequence,
    },
  };
}

/** How feed pages are cached (see postsCacheOptions). */
export function feedCacheOptions(
  cache: ResponseCache,
): CachedQueryOptions<z.output<typeof routes.getFeed.response>> {
  return postsCacheOptions(cache, (body) => body.data.map((post) => post._id));
}

/** How a single post (GET /api/posts/:id) is cached (see postsCacheOptions). */
export function postCacheOptions(
  cache: ResponseCache,
): CachedQueryOptions<z.output<typeof routes.getPost.response>> {
  return postsCacheOptions(cache, (body) => [body.data._id]);
}

/** GET /api/posts/feed, /api/posts/my/posts and /api/posts/:id. */
export function registerPostQueries(deps: QueryRouteDeps): void {
  const { posts, tagFollows } = deps;
  // Feed pages per reader and query, valid while what decides the page (feedVersion) and each post on
  // it keep their versions: a like elsewhere leaves them, and repeated reads cost one Redis round
  // trip. 32 MB at most.
  const cache = new ResponseCache(32 * 1024 * 1024);

  registerCachedQuery(deps, routes.getFeed, feedCacheOptions(cache), async ({ viewerId, query }) => {
    // A filtered Following page asks for the reader's followed tags (the timeline holds their posts).
    const { posts: data, total } = await posts.feed(viewerId, query, () => tagFollows.ofUser(viewerId));
    const pagination: PostsPagination = {
      ...pageInfo({ page: query.page, limit: query.limit, total }),
      totalPosts: total,
    };
    return { data, pagination };
  });

  registerQuery(deps, routes.getMyPosts, async ({ viewerId }) => ({ data: await posts.byAuthor(viewerId) }));

  // A post read again and again (its page open, or polled for its count) costs one Redis round trip
  // until it changes, instead of two Postgres statements and a Redis one. 16 MB at most.
  const postCache = new ResponseCache(16 * 1024 * 1024);
  registerCachedQuery(deps, routes.getPost, postCacheOptions(postCache), async ({ viewerId, params }) => {
    // A post the viewer may not see reads like an unknown one (and a malformed id, see registerCachedQuery).
    const post = await posts.findPost(params.id, viewerId);
    if (!post) throw notFound(postMessages.postNotFound);
    return { data: post };
  });
}
