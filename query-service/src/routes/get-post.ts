import { notFound } from '@careers/service-kit';
import { z } from 'zod';
import { requireViewer } from '../auth.ts';
import { findPost } from '../projectors/posts/queries.ts';
import type { QueryRouteDeps } from './deps.ts';

const Params = z.object({ id: z.string().min(1).max(100) });

/** GET /api/posts/:id — one post with its comments and the viewer's like. */
export function registerGetPost({ app, pool, redis, schema }: QueryRouteDeps): void {
  app.get('/api/posts/:id', async (request) => {
    const viewerId = await requireViewer(redis, request);
    const { id } = Params.parse(request.params);
    const post = await findPost(pool, redis, schema, id, viewerId);
    if (!post) throw notFound('Post not found');
    return { data: post };
  });
}
