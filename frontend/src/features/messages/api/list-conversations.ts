import { endpoints } from '@careers/contracts/api/endpoints';
import type { ConversationPage, ConversationSummary } from '@careers/contracts/entities/conversation';
import { messagingScreenMessages } from '@careers/contracts/messages';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { conversationListKey } from './message-keys';

/** The list as the cache holds it: pages of conversations, the latest changed first. */
export type ConversationsData = InfiniteData<ConversationPage>;

/** GET /conversations, `before` the last one's updatedAt to page on. */
export async function listConversations(before: string | undefined, signal?: AbortSignal) {
  return callApi(
    endpoints.listConversations,
    { query: before ? { before } : {} },
    { signal, fallbackMessage: messagingScreenMessages.conversationsFailed },
  );
}

export const conversationListQueryOptions = infiniteQueryOptions({
  queryKey: conversationListKey,
  queryFn: ({ pageParam, signal }) => listConversations(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: ConversationPage) => last.nextBefore ?? undefined,
});

export function useConversations() {
  return useInfiniteQuery(conversationListQueryOptions);
}

/** Every conversation the cached list holds, each once (a moved one may sit in two pages for a moment). */
export function conversationsOf(data: ConversationsData | undefined): ConversationSummary[] {
  const seen = new Set<string>();
  const all: ConversationSummary[] = [];
  for (const page of data?.pages ?? []) {
    for (const conversation of page.data) {
      if (seen.has(conversation._id)) continue;
      seen.add(conversation._id);
      all.push(conversation);
    }
  }
  return all;
}
