import { endpoints } from '@careers/contracts/api/endpoints';
import { postDefaults } from '@careers/contracts/constants';
import type { PostVisibility } from '@careers/contracts/entities/enums';
import type { Post } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import type { PostImageInput } from '@careers/contracts/requests/create-post';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { addPostFirst } from './post-cache';

/**
 * Spec section 7: the composer sends a text post in the Career category, public unless the person
 * chose Connections only (beyond the spec). Pictures (beyond the spec, uploaded first) go as `images`,
 * in the author's order; a post without any sends no `images`, as before pictures.
 */
export async function createPost(
  content: string,
  visibility: PostVisibility = postDefaults.visibility,
  idempotencyKey?: string,
  images: readonly PostImageInput[] = [],
): Promise<Post> {
  const reply = await callApi(
    endpoints.createPost,
    { body: { content, ...postDefaults, visibility, ...(images.length > 0 ? { images: [...images] } : {}) } },
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
      images,
    }: {
      content: string;
      visibility: PostVisibility;
      key: string;
      images?: readonly PostImageInput[];
    }) => createPost(content, visibility, key, images),
    onSuccess: (post) => addPostFirst(queryClient, post),
  });
}
