import { endpoints } from '@careers/contracts/api/endpoints';
import type { Post } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const myPostsQueryKey = ['posts', 'mine'] as const;

export async function getMyPosts(signal?: AbortSignal): Promise<Post[]> {
  const reply = await callApi(
    endpoints.getMyPosts,
    {},
    { signal, fallbackMessage: fallbackMessages.fetchMyPosts },
  );
  return reply.data;
}

export const myPostsQueryOptions = () =>
  queryOptions({ queryKey: myPostsQueryKey, queryFn: ({ signal }) => getMyPosts(signal) });
