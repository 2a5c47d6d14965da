import { endpoints } from '@careers/contracts/api/endpoints';
import { fallbackMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { updatePost } from './post-cache';

/** The new comment, with its post's comment count after it. */
export async function addComment(postId: string, content: string, idempotencyKey?: string) {
  const reply = await callApi(
    endpoints.addComment,
    { params: { id: postId }, body: { content } },
    { fallbackMessage: fallbackMessages.addComment, idempotencyKey },
  );
  return reply.data;
}

/**
 * Spec section 4: the comment is appended to the post (once: an open list may have refetched it
 * already) and the count becomes the server's. A live push with a later comment's count may have
 * arrived first and counts only grow, so the larger count wins. Spec section 8: a failed comment is
 * only logged.
 */
export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, key }: { content: string; key: string }) => addComment(postId, content, key),
    onSuccess: ({ postId: _postId, commentsCount, ...comment }) =>
      updatePost(queryClient, postId, (post) => ({
        ...post,
        comments: post.comments.some((known) => known._id === comment._id)
          ? post.comments
          : [...post.comments, comment],
        commentsCount: Math.max(post.commentsCount, commentsCount),
      })),
    onError: (error) => console.error(fallbackMessages.addComment, error),
  });
}
