import { endpoints } from '@careers/contracts/api/endpoints';
import type { Message } from '@careers/contracts/entities/conversation';
import { messagingScreenMessages } from '@careers/contracts/messages';
import { callApi } from '../../../lib/api-client';

/**
 * POST /conversations/:id/messages with the send's own Idempotency-Key: a Retry sends the same key,
 * so a message the server did write (its answer lost) is answered again rather than written twice.
 */
export async function sendMessage(
  conversationId: string,
  text: string,
  idempotencyKey: string,
): Promise<Message> {
  const reply = await callApi(
    endpoints.sendMessage,
    { params: { id: conversationId }, body: { text } },
    { idempotencyKey, fallbackMessage: messagingScreenMessages.sendFailed },
  );
  return reply.data;
}
