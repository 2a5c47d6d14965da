import { endpoints } from '@careers/contracts/api/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { messageUnreadCountKey } from './message-keys';

/** GET /conversations/unread-count: how many conversations have messages the reader has not read. */
export async function getMessageUnreadCount(signal?: AbortSignal): Promise<number> {
  const reply = await callApi(endpoints.getUnreadMessageCount, {}, { signal });
  return reply.count;
}

/**
 * Read once the socket has connected, then kept current by the pushes (live/use-live-messages.ts), so
 * it is never stale by age; a reconnect reads it again, as pushes may have been missed meanwhile.
 */
export const messageUnreadCountQueryOptions = queryOptions({
  queryKey: messageUnreadCountKey,
  queryFn: ({ signal }) => getMessageUnreadCount(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** `enabled` false holds the first read back until the socket is settled (useSocketSettled). */
export function useMessageUnreadCount(enabled = true) {
  return useQuery({ ...messageUnreadCountQueryOptions, enabled });
}
