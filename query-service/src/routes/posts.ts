import { type PostsPagination, pageInfo } from '@careers/contracts/entities/pagination';
import { postMessages } from '@careers/contracts/messages';
import { apiPath, routes } from '@careers/contracts/routes';
import { notFound, parseOr400 } from '@careers/service-kit';
import { requireViewer } from '../auth.ts';
import { PROJECTIONS_VERSION_KEY } from '../projectors/runner.ts';
import { ResponseCache } from '../response-cache.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/** GET /api/posts/feed, /api/posts/my/posts and /api/posts/:id. */
export function registerPostQueries(deps: QueryRouteDeps): void {
  const { app, redis, posts } = deps;
  // Feed pages per reader and query, valid while the read models keep their version: repeated reads
  // cost one Redis round trip. 32 MB at most.
  const cache = new ResponseCache(32 * 1024 * 1024);

  app.get(apiPath(routes.getFeed), async (request, reply) => {
    const [viewerId, version] = await Promise.all([
      requireViewer(redis, request),
      redis.get(PROJECTIONS_VERSION_KEY),
    ]);
    // Keyed by the raw URL, so a hit skips parsing; a query spelled differently is just another entry.
    const key = `${viewerId} ${request.url}`;
    const cached = version ? cache.get(key, version) : undefined;
    reply.type('application/json; charset=utf-8');
    reply.header('x-read-cache', cached === undefined ? 'miss' : 'hit');
    if (cached !== undefined) return reply.send(cached);
    const query = parseOr400(routes.getFeed.query, request.query);
    const { posts: data, total } = await posts.feed(viewerId, query);
    const pagination: PostsPagination = {
      ...pageInfo({ page: query.page, limit: query.limit, total }),
      totalPosts: total,
    };
    const body = JSON.stringify({ data, pagination });
    // Stored under the version read before the query: a change made meanwhile makes it a miss.
    if (version) cache.set(key, version, body);
    return reply.send(body);
  });

  registerQuery(deps, routes.getMyPosts, async ({ viewerId }) => ({ data: await posts.byAuthor(viewerId) }));

  registerQuery(deps, routes.getPost, async ({ viewerId, params }) => {
    // A post the viewer may not see reads like an unknown one (and a malformed id, see registerQuery).
    const post = await posts.findPost(params.id, viewerId);
    if (!post) throw notFound(postMessages.postNotFound);
    return { data: post };
  });
}
