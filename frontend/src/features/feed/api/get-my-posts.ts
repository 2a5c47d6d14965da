import { postRoutes } from '@careers/contracts/api/post-routes';
import type { Post } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

type MyPostsResponse = z.infer<typeof postRoutes.getMyPosts.response>;

export const myPostsQueryKey = ['posts', 'mine'] as const;

export async function getMyPosts(signal?: AbortSignal): Promise<Post[]> {
  const body = await apiClient.get<MyPostsResponse>(postRoutes.getMyPosts.path, {
    signal,
    fallbackMessage: fallbackMessages.fetchMyPosts,
  });
  return body.data;
}

export const myPostsQueryOptions = () =>
  queryOptions({ queryKey: myPostsQueryKey, queryFn: ({ signal }) => getMyPosts(signal) });
