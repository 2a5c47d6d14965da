import { endpoints } from '@careers/contracts/api/endpoints';
import { postDefaults } from '@careers/contracts/constants';
import type { PostVisibility } from '@careers/contracts/entities/enums';
import type { Post } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { addPostFirst } from './post-cache';

/**
 * Spec section 7: the composer sends a text post in the Career category, public unless the person
 * chose Connections only (beyond the spec).
 */
export async function createPost(
  content: string,
  visibility: PostVisibility = postDefaults.visibility,
  idempotencyKey?: string,
): Promise<Post> {
  const reply = await callApi(
    endpoints.createPost,
    { body: { content, ...postDefaults, visibility } },
    { fallbackMessage: fallbackMessages.createPost, idempotencyKey },
  );
  return reply.data;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      content,
      visibility,
      key,
    }: {
      content: string;
      visibility: PostVisibility;
      key: string;
    }) => createPost(content, visibility, key),
    onSuccess: (post) => addPostFirst(queryClient, post),
  });
}
