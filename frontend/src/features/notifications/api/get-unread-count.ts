import { notificationRoutes } from '@careers/contracts/api/notification-routes';
import { notificationMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { unreadCountKey } from './notification-keys';

/** GET /notifications/unread-count: the bell's number. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const reply = await callApi(
    notificationRoutes.getUnreadNotificationCount,
    {},
    { signal, fallbackMessage: notificationMessages.fetchFailed },
  );
  return reply.data.unreadCount;
}

/**
 * Read once when the bell appears; from then on the notifications:changed push sets it, so it is never
 * stale by age (a reconnect reads it again: pushes may have been missed while the socket was down).
 */
export const unreadCountQueryOptions = queryOptions({
  queryKey: unreadCountKey,
  queryFn: ({ signal }) => getUnreadCount(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}
