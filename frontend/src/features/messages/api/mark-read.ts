import { endpoints } from '@careers/contracts/api/endpoints';
import { callApi } from '../../../lib/api-client';

/** PUT /conversations/:id/read: read up to and including `upToMessageId`, a message of the other person. */
export async function markConversationRead(conversationId: string, upToMessageId: string): Promise<void> {
  await callApi(endpoints.markConversationRead, { params: { id: conversationId }, body: { upToMessageId } });
}
