import { postRoutes } from '@careers/contracts/api/post-routes';
import type { Post } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import { buildPath } from '@careers/contracts/routes';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

type PostResponse = z.infer<typeof postRoutes.getPost.response>;

export const postQueryKey = (postId: string) => ['posts', 'detail', postId] as const;

/** One post with all its comments (a feed page carries only the latest ones). */
export async function getPost(postId: string, signal?: AbortSignal): Promise<Post> {
  const body = await apiClient.get<PostResponse>(buildPath(postRoutes.getPost, { id: postId }), {
    signal,
    fallbackMessage: fallbackMessages.fetchPost,
  });
  return body.data;
}

export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: postQueryKey(postId),
    queryFn: ({ signal }) => getPost(postId, signal),
  });
