import { notificationRoutes } from '@careers/contracts/api/notification-routes';
import { notificationMessages } from '@careers/contracts/messages';
import type { MarkNotificationsReadRequest } from '@careers/contracts/requests/notification-requests';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { NotificationsData } from './list-notifications';
import { notificationListKey, notificationsKey, unreadCountKey } from './notification-keys';

/** PUT /notifications/read: some notifications (`{ notificationIds }`) or all of them (`{ all: true }`). */
export async function markNotificationsRead(request: MarkNotificationsReadRequest): Promise<string> {
  const reply = await callApi(
    notificationRoutes.markNotificationsRead,
    { body: request },
    { fallbackMessage: notificationMessages.markFailed },
  );
  return reply.message;
}

/**
 * Shows the marks at once: the named notifications (or all) turn read in the cached list, and the bell
 * drops by the unread ones among them that the list holds (all of them, for "Mark all as read").
 */
function markInCache(queryClient: QueryClient, request: MarkNotificationsReadRequest): void {
  const named = 'all' in request ? null : new Set(request.notificationIds);
  let newlyRead = 0;
  queryClient.setQueryData<NotificationsData>(notificationListKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            unreadCount: named ? page.unreadCount : 0,
            data: page.data.map((notification) => {
              if (notification.read || (named && !named.has(notification._id))) return notification;
              newlyRead += 1;
              return { ...notification, read: true };
            }),
          })),
        }
      : data,
  );
  queryClient.setQueryData<number>(unreadCountKey, (count) => {
    if (count === undefined) return count;
    return named ? Math.max(0, count - Math.min(newlyRead, named.size)) : 0;
  });
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
