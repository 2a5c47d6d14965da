import { endpoints } from '@careers/contracts/api/endpoints';
import { notificationMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { unreadCountKey } from './notification-keys';

/** GET /notifications/unread-count: the bell's number. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const reply = await callApi(
    endpoints.getUnreadNotificationCount,
    {},
    { signal, fallbackMessage: notificationMessages.fetchFailed },
  );
  return reply.data.unreadCount;
}

/**
 * Read once when the bell's socket has connected; from then on the notifications:changed push sets it, so it is never
 * stale by age (a reconnect reads it again: pushes may have been missed while the socket was down).
 */
export const unreadCountQueryOptions = queryOptions({
  queryKey: unreadCountKey,
  queryFn: ({ signal }) => getUnreadCount(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** `enabled` false holds the first read back (the bell waits for its socket: useSocketSettled). */
export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}
