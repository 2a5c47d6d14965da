import { endpoints } from '@careers/contracts/api/endpoints';
import type { EditedComment } from '@careers/contracts/entities/comment';
import { feedMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { updateComment } from './post-cache';

/** Beyond the spec: the author's new text for their comment, and when it changed. */
export async function editComment(
  postId: string,
  commentId: string,
  content: string,
  idempotencyKey?: string,
): Promise<EditedComment> {
  const reply = await callApi(
    endpoints.editComment,
    { params: { id: postId, commentId }, body: { content } },
    { fallbackMessage: feedMessages.editCommentFailed, idempotencyKey },
  );
  return reply.data;
}

/** Every comment edit's key: a push for an edit of this tab still on its way is left to the reply. */
export const editCommentMutationKey = ['edit-comment'] as const;

export interface EditCommentInput {
  commentId: string;
  content: string;
  key: string;
}

/** The new text and its "Edited" mark show wherever the post's comments are held, from the reply. */
export function useEditComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editCommentMutationKey,
    mutationFn: ({ commentId, content, key }: EditCommentInput) =>
      editComment(postId, commentId, content, key),
    onSuccess: ({ commentId, content, editedAt }) =>
      updateComment(queryClient, postId, commentId, (comment) => ({ ...comment, content, editedAt })),
  });
}
