import { endpoints } from '@careers/contracts/api/endpoints';
import { feedMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { removePost } from './post-cache';

/** Beyond the spec: the author deletes their post; its likes and comments go with it. */
export async function deletePost(postId: string, idempotencyKey?: string): Promise<void> {
  await callApi(
    endpoints.deletePost,
    { params: { id: postId } },
    { fallbackMessage: feedMessages.deletePostFailed, idempotencyKey },
  );
}

/** The post leaves every list that holds it, and its open view closes, once the server has it gone. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, key }: { postId: string; key: string }) => deletePost(postId, key),
    onSuccess: (_reply, { postId }) => removePost(queryClient, postId),
  });
}
