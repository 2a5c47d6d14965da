import { endpoints } from '@careers/contracts/api/endpoints';
import type { Post } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const postQueryKey = (postId: string) => ['posts', 'detail', postId] as const;

/** One post with all its comments (a feed page carries only the latest ones). */
export async function getPost(postId: string, signal?: AbortSignal): Promise<Post> {
  const reply = await callApi(
    endpoints.getPost,
    { params: { id: postId } },
    { signal, fallbackMessage: fallbackMessages.fetchPost },
  );
  return reply.data;
}

export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: postQueryKey(postId),
    queryFn: ({ signal }) => getPost(postId, signal),
  });
