import { postRoutes } from '@careers/contracts/api/post-routes';
import type { Comment } from '@careers/contracts/entities/comment';
import { fallbackMessages } from '@careers/contracts/messages';
import type { AddCommentRequest } from '@careers/contracts/requests/add-comment';
import { buildPath } from '@careers/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { isCommentCounted } from './counted-comments';
import { updatePost } from './post-cache';

type AddCommentResponse = z.infer<typeof postRoutes.addComment.response>;

export async function addComment(postId: string, content: string): Promise<Comment> {
  const request: AddCommentRequest = { content };
  const body = await apiClient.post<AddCommentResponse>(
    buildPath(postRoutes.addComment, { id: postId }),
    request,
    {
      fallbackMessage: fallbackMessages.addComment,
    },
  );
  return body.data;
}

/**
 * Spec section 4: the comment is appended to the post and its count goes up by 1 (unless a live push
 * already counted it). Spec section 8: a failed comment is only logged.
 */
export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment(postId, content),
    onSuccess: (comment) =>
      updatePost(queryClient, postId, (post) => {
        if (post.comments.some((known) => known._id === comment._id)) return post;
        return {
          ...post,
          comments: [...post.comments, comment],
          commentsCount: isCommentCounted(comment._id) ? post.commentsCount : post.commentsCount + 1,
        };
      }),
    onError: (error) => console.error(fallbackMessages.addComment, error),
  });
}
