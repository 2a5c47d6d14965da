import { endpoints } from '@careers/contracts/api/endpoints';
import { DEFAULT_PAGE, NOTIFICATIONS_PAGE_SIZE } from '@careers/contracts/constants';
import type { Notification } from '@careers/contracts/entities/notification';
import { notificationMessages } from '@careers/contracts/messages';
import type { RouteResponse } from '@careers/contracts/routes';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../lib/api-client';
import { notificationListKey, unreadCountKey } from './notification-keys';

export type NotificationsPage = RouteResponse<'listNotifications'>;
/** The panel's cache entry: the pages loaded so far ("Load more" adds one), each as the server sent it. */
export type NotificationsData = InfiniteData<NotificationsPage, number>;

export function listNotifications(page: number, signal?: AbortSignal): Promise<NotificationsPage> {
  return callApi(
    endpoints.listNotifications,
    // Page 1 is the server's default, so the first call asks only for the page size.
    { query: { page: page === DEFAULT_PAGE ? undefined : page, limit: NOTIFICATIONS_PAGE_SIZE } },
    { signal, fallbackMessage: notificationMessages.fetchFailed },
  );
}

/**
 * Read each time the panel opens (a notification may have come while the push setting was off, which
 * sends no push), and again whenever a push says the list changed while it is open.
 */
export const notificationListQueryOptions = infiniteQueryOptions({
  queryKey: notificationListKey,
  queryFn: ({ pageParam, signal }) => listNotifications(pageParam, signal),
  initialPageParam: DEFAULT_PAGE,
  getNextPageParam: (lastPage, _pages, lastPageParam) =>
    lastPage.pagination.hasNext ? lastPageParam + 1 : undefined,
  refetchOnMount: 'always',
});

/**
 * The list, and the bell's count from each answer: with the push setting off no push moves the bell,
 * so opening the panel is when it catches up.
 */
export function useNotificationList() {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(notificationListQueryOptions);
  // The page read last is the newest answer (a refetch reads the pages in order).
  const unreadCount = list.data?.pages.at(-1)?.unreadCount;
  const { dataUpdatedAt } = list;
  useEffect(() => {
    if (unreadCount !== undefined && dataUpdatedAt > 0) {
      queryClient.setQueryData<number>(unreadCountKey, unreadCount);
    }
  }, [queryClient, unreadCount, dataUpdatedAt]);
  return list;
}

/**
 * The notifications of the loaded pages, newest first, each once: pages are offsets, so a notification
 * made between two page loads pushes the last one of a page to the top of the next.
 */
export function notificationsOf(data: Pick<NotificationsData, 'pages'> | undefined): Notification[] {
  const seen = new Set<string>();
  const all: Notification[] = [];
  for (const page of data?.pages ?? []) {
    for (const notification of page.data) {
      if (seen.has(notification._id)) continue;
      seen.add(notification._id);
      all.push(notification);
    }
  }
  return all;
}
