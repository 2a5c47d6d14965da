import { endpoints } from '@careers/contracts/api/endpoints';
import { postDefaults } from '@careers/contracts/constants';
import type { Post } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { addPostFirst } from './post-cache';

/** Spec section 7: the composer always sends a public text post in the Career category. */
export async function createPost(content: string, idempotencyKey?: string): Promise<Post> {
  const reply = await callApi(
    endpoints.createPost,
    { body: { content, ...postDefaults } },
    { fallbackMessage: fallbackMessages.createPost, idempotencyKey },
  );
  return reply.data;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, key }: { content: string; key: string }) => createPost(content, key),
    onSuccess: (post) => addPostFirst(queryClient, post),
  });
}
