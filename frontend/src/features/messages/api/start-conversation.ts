import { endpoints } from '@careers/contracts/api/endpoints';
import { messagingScreenMessages } from '@careers/contracts/messages';
import { conversationPath } from '@careers/contracts/notification-text';
import type { StartConversationRequest } from '@careers/contracts/requests/messaging';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../../lib/api-client';

/** POST /conversations: the conversation with the person (the same one when it exists). */
export async function startConversation(request: StartConversationRequest): Promise<string> {
  const reply = await callApi(
    endpoints.startConversation,
    { body: request },
    { fallbackMessage: messagingScreenMessages.startFailed },
  );
  return reply.data.conversationId;
}

/** Opens (or finds) the conversation and goes to its thread; a refusal stays in `error` to show. */
export function useStartConversation() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (conversationId) => navigate(conversationPath(conversationId)),
  });
}
