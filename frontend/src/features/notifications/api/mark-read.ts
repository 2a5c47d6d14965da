import { endpoints } from '@careers/contracts/api/endpoints';
import type { Notification } from '@careers/contracts/entities/notification';
import { notificationMessages } from '@careers/contracts/messages';
import type { MarkNotificationsReadRequest } from '@careers/contracts/requests/notification-requests';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { NotificationsData } from './list-notifications';
import { notificationListKey, notificationsKey, unreadCountKey } from './notification-keys';

/** PUT /notifications/read: some notifications (`{ notificationIds }`) or all of them (`{ all: true }`). */
export async function markNotificationsRead(request: MarkNotificationsReadRequest): Promise<string> {
  const reply = await callApi(
    endpoints.markNotificationsRead,
    { body: request },
    { fallbackMessage: notificationMessages.markFailed },
  );
  return reply.message;
}

/**
 * Shows the marks at once: the named notifications (or all) turn read in the cached list, and the bell
 * and the list's own count drop by the unread ones among them that the list holds (to 0 for "Mark all
 * as read").
 */
function markInCache(queryClient: QueryClient, request: MarkNotificationsReadRequest): void {
  const named = 'all' in request ? null : new Set(request.notificationIds);
  const marks = (notification: Notification) =>
    !notification.read && (named === null || named.has(notification._id));
  const listed = queryClient.getQueryData<NotificationsData>(notificationListKey);
  const newlyRead = new Set(
    listed?.pages.flatMap((page) => page.data.filter(marks).map((notification) => notification._id)),
  ).size;
  const after = (count: number) => (named ? Math.max(0, count - newlyRead) : 0);
  if (listed) {
    queryClient.setQueryData<NotificationsData>(notificationListKey, {
      ...listed,
      pages: listed.pages.map((page) => ({
        ...page,
        unreadCount: after(page.unreadCount),
        data: page.data.map((notification) =>
          marks(notification) ? { ...notification, read: true } : notification,
        ),
      })),
    });
  }
  queryClient.setQueryData<number>(unreadCountKey, (count) => (count === undefined ? count : after(count)));
}

/**
 * Lives in the bell, which stays mounted, so a mark made by following a link still settles after the
 * panel has closed. Whatever the outcome, the count and the list are read again: the reply's
 * consistency token makes those reads wait until the marks are readable; after a failure they bring
 * back what the server holds.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (request) => {
      // A read already under way would put the old state back over the marks.
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      markInCache(queryClient, request);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
