import { postRoutes } from '@careers/contracts/api/post-routes';
import { postDefaults } from '@careers/contracts/constants';
import type { Post } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import type { CreatePostRequestInput } from '@careers/contracts/requests/create-post';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { addPostFirst } from './post-cache';

type CreatePostResponse = z.infer<typeof postRoutes.createPost.response>;

/** Spec section 7: the composer always sends a public text post in the Career category. */
export async function createPost(content: string): Promise<Post> {
  const request: CreatePostRequestInput = { content, ...postDefaults };
  const body = await apiClient.post<CreatePostResponse>(postRoutes.createPost.path, request, {
    fallbackMessage: fallbackMessages.createPost,
  });
  return body.data;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => addPostFirst(queryClient, post),
  });
}
