import { endpoints } from '@careers/contracts/api/endpoints';
import type { EditedPost } from '@careers/contracts/entities/comment';
import { feedMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { updatePost } from './post-cache';

/** Beyond the spec: the author's new text for their post, and when it changed. */
export async function editPost(
  postId: string,
  content: string,
  idempotencyKey?: string,
): Promise<EditedPost> {
  const reply = await callApi(
    endpoints.editPost,
    { params: { id: postId }, body: { content } },
    { fallbackMessage: feedMessages.editPostFailed, idempotencyKey },
  );
  return reply.data;
}

/** Every post edit's key: a post:edited push for an edit of this tab still on its way is left to the reply. */
export const editPostMutationKey = ['edit-post'] as const;

export interface EditPostInput {
  postId: string;
  content: string;
  key: string;
}

/** The new text and its "Edited" mark show on every screen that holds the post, from the reply. */
export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editPostMutationKey,
    mutationFn: ({ postId, content, key }: EditPostInput) => editPost(postId, content, key),
    onSuccess: ({ postId, content, editedAt }) =>
      updatePost(queryClient, postId, (post) => ({ ...post, content, editedAt })),
  });
}
