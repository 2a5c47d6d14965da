import { endpoints } from '@careers/contracts/api/endpoints';
import type { PostLikeState } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { updatePost } from './post-cache';

export async function toggleLike(postId: string): Promise<PostLikeState> {
  const reply = await callApi(
    endpoints.toggleLike,
    { params: { id: postId } },
    { fallbackMessage: fallbackMessages.toggleLike },
  );
  return reply.data;
}

/** Every like mutation's key: a push about the reader's own heart waits while one of theirs is on its way. */
export const toggleLikeMutationKey = ['toggle-like'] as const;

/** The like as the reader saw it when they clicked. */
export type LikeSnapshot = Pick<PostLikeState, 'postId' | 'likesCount' | 'isLiked'>;

/**
 * Optimistic: the heart and the count change at once, the server's answer then settles both, and a
 * failure puts back what the reader saw. Spec section 8: a failed like is only logged.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const setLike = (state: LikeSnapshot) =>
    updatePost(queryClient, state.postId, (post) => ({
      ...post,
      likesCount: state.likesCount,
      isLiked: state.isLiked,
    }));
  return useMutation({
    mutationKey: toggleLikeMutationKey,
    mutationFn: (before: LikeSnapshot) => toggleLike(before.postId),
    onMutate: (before) =>
      setLike({
        postId: before.postId,
        isLiked: !before.isLiked,
        likesCount: Math.max(0, before.likesCount + (before.isLiked ? -1 : 1)),
      }),
    onSuccess: (after) => setLike(after),
    onError: (error, before) => {
      setLike(before);
      console.error(fallbackMessages.toggleLike, error);
    },
  });
}
