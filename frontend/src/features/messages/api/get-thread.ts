import { endpoints } from '@careers/contracts/api/endpoints';
import type { MessagePage } from '@careers/contracts/entities/conversation';
import { messagingScreenMessages } from '@careers/contracts/messages';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { threadKey } from './message-keys';

/** A thread as the cache holds it: the newest page first, each page newest first. */
export type ThreadData = InfiniteData<MessagePage>;

/** GET /conversations/:id/messages, `before` a message id to page back in time. */
export async function getThreadPage(
  conversationId: string,
  before: string | undefined,
  signal?: AbortSignal,
) {
  const reply = await callApi(
    endpoints.getConversationMessages,
    { params: { id: conversationId }, query: before ? { before } : {} },
    { signal, fallbackMessage: messagingScreenMessages.threadFailed },
  );
  return reply.data;
}

export function threadQueryOptions(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: threadKey(conversationId),
    queryFn: ({ pageParam, signal }) => getThreadPage(conversationId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MessagePage) => last.nextBefore ?? undefined,
  });
}

export function useThread(conversationId: string) {
  return useInfiniteQuery({ ...threadQueryOptions(conversationId), enabled: conversationId !== '' });
}
