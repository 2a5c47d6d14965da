import { NOTIFICATIONS_PAGE_SIZE } from '@careers/contracts/constants';
import { Notification } from '@careers/contracts/entities/notification';
import { type FetchHandler, jsonReply } from '../../testing/fake-api';
import { minutesAgo } from '../../testing/posts';

/** Test fixtures of the notification centre, each checked against its contract. */

export const grace = {
  _id: '5d2a9c1e-3b4f-4c6d-8e7f-9a0b1c2d3e4f',
  firstName: 'Grace',
  lastName: 'Hopper',
  profilePicture: null,
};

export function aNotification(fields: Partial<Notification> = {}): Notification {
  return Notification.parse({
    _id: crypto.randomUUID(),
    kind: 'connection_request',
    actors: [grace],
    actorCount: 1,
    target: { type: 'connections', tab: 'pending' },
    jobTitle: null,
    company: null,
    status: null,
    excerpt: null,
    read: false,
    createdAt: minutesAgo(5),
    ...fields,
  });
}

/** What the server holds now; a test changes it between calls, as the server's state would change. */
export interface NotificationStore {
  notifications: Notification[];
}

const unreadIn = (store: NotificationStore) => store.notifications.filter((one) => !one.read).length;

/**
 * GET /notifications (paged by `page` and `limit`), GET /notifications/unread-count and
 * PUT /notifications/read answered from `store`, which a mark changes as the server would. `others`
 * may answer first (a failure, a delay); returning undefined leaves the call to these defaults.
 */
export function notificationsApi(
  store: NotificationStore,
  others?: (method: string, url: string) => Response | Promise<Response> | undefined,
): FetchHandler {
  return (method, url, init) => {
    const special = others?.(method, url);
    if (special) return special;
    const at = new URL(url, 'http://app');
    if (method === 'GET' && at.pathname === '/api/notifications/unread-count') {
      return jsonReply(200, { data: { unreadCount: unreadIn(store) } });
    }
    if (method === 'GET' && at.pathname === '/api/notifications') {
      const page = Number(at.searchParams.get('page') ?? 1);
      const limit = Number(at.searchParams.get('limit') ?? NOTIFICATIONS_PAGE_SIZE);
      const total = store.notifications.length;
      const totalPages = Math.max(1, Math.ceil(total / limit));
      return jsonReply(200, {
        data: store.notifications.slice((page - 1) * limit, page * limit),
        pagination: {
          currentPage: page,
          totalPages,
          totalNotifications: total,
          hasNext: page < totalPages,
          hasPrev: page > 1,
        },
        unreadCount: unreadIn(store),
      });
    }
    if (method === 'PUT' && at.pathname === '/api/notifications/read') {
      const body = JSON.parse(String(init?.body)) as { notificationIds?: string[]; all?: true };
      store.notifications = store.notifications.map((one) =>
        body.all || body.notificationIds?.includes(one._id) ? { ...one, read: true } : one,
      );
      return jsonReply(200, { message: 'Notifications marked as read' });
    }
    return jsonReply(404, { message: 'Not found' });
  };
}
