import { type PostsPagination, pageInfo } from '@careers/contracts/entities/pagination';
import { postMessages } from '@careers/contracts/messages';
import { API_PREFIX, routes } from '@careers/contracts/routes';
import { notFound, parseOr400 } from '@careers/service-kit';
import { requireViewer } from '../auth.ts';
import type { QueryRouteDeps } from './deps.ts';

const path = (route: { path: string }) => `${API_PREFIX}${route.path}`;

/** GET /api/posts/feed, /api/posts/my/posts and /api/posts/:id. */
export function registerPostQueries({ app, redis, posts }: QueryRouteDeps): void {
  app.get(path(routes.getFeed), async (request) => {
    const viewerId = await requireViewer(redis, request);
    const query = parseOr400(routes.getFeed.query, request.query);
    const { posts: data, total } = await posts.feed(viewerId, query);
    const pagination: PostsPagination = {
      ...pageInfo({ page: query.page, limit: query.limit, total }),
      totalPosts: total,
    };
    return { data, pagination };
  });

  app.get(path(routes.getMyPosts), async (request) => {
    const viewerId = await requireViewer(redis, request);
    return { data: await posts.byAuthor(viewerId) };
  });

  app.get(path(routes.getPost), async (request) => {
    const viewerId = await requireViewer(redis, request);
    // A malformed id reads like an unknown one.
    const params = routes.getPost.params.safeParse(request.params);
    const post = params.success ? await posts.findPost(params.data.id, viewerId) : null;
    if (!post) throw notFound(postMessages.postNotFound);
    return { data: post };
  });
}
