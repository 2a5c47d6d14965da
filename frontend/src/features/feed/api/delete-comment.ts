import { endpoints } from '@careers/contracts/api/endpoints';
import type { DeletedComment } from '@careers/contracts/entities/comment';
import { feedMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { updatePost } from './post-cache';

/** Beyond the spec: the comment's author, or the post's author, deletes a comment. */
export async function deleteComment(
  postId: string,
  commentId: string,
  idempotencyKey?: string,
): Promise<DeletedComment> {
  const reply = await callApi(
    endpoints.deleteComment,
    { params: { id: postId, commentId } },
    { fallbackMessage: feedMessages.deleteCommentFailed, idempotencyKey },
  );
  return reply.data;
}

/** The comment leaves every copy of the post, whose count becomes the server's count after it. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, key }: { commentId: string; key: string }) =>
      deleteComment(postId, commentId, key),
    onSuccess: ({ commentId, commentsCount }) =>
      updatePost(queryClient, postId, (post) => ({
        ...post,
        comments: post.comments.filter((comment) => comment._id !== commentId),
        commentsCount,
      })),
  });
}
