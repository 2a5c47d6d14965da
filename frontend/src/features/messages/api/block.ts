import { endpoints } from '@careers/contracts/api/endpoints';
import { messagingScreenMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { patchConversation } from './message-cache';
import { messagesKey } from './message-keys';

/** PUT /users/:id/block, or DELETE to lift it. */
export async function setBlocked(userId: string, blocked: boolean): Promise<boolean> {
  const reply = blocked
    ? await callApi(
        endpoints.blockUser,
        { params: { id: userId } },
        { fallbackMessage: messagingScreenMessages.blockFailed },
      )
    : await callApi(
        endpoints.unblockUser,
        { params: { id: userId } },
        { fallbackMessage: messagingScreenMessages.unblockFailed },
      );
  return reply.data.blocked;
}

/**
 * Blocks or unblocks the other person of `conversationId`. The thread shows the outcome at once
 * (blocking closes the composer; unblocking leaves the server to say whether the reader may write
 * again, so the conversation is read again), and everything messaging shows is read again with the
 * reply's consistency token.
 */
export function useSetBlocked(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) => setBlocked(userId, blocked),
    onSuccess: (blocked) => {
      patchConversation(queryClient, conversationId, (conversation) => ({
        ...conversation,
        blockedByMe: blocked,
        canWrite: blocked ? false : conversation.canWrite,
      }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}
