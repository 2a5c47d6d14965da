import { pageInfo } from '@careers/contracts/entities/pagination';
import { routes } from '@careers/contracts/routes';
import { NotificationQueries } from '../projectors/notifications/queries.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/**
 * GET /api/notifications, /api/notifications/unread-count and /api/users/mail-preferences (beyond the
 * spec): each reads only the reader's own rows through an index, so none is cached.
 */
export function registerNotificationQueries(deps: QueryRouteDeps): void {
  const notifications = new NotificationQueries(deps.pool, deps.schema);

  registerQuery(deps, routes.listNotifications, async ({ viewerId, query }) => {
    const { data, total, unreadCount } = await notifications.list(viewerId, query.page, query.limit);
    return {
      data,
      pagination: { ...pageInfo({ page: query.page, limit: query.limit, total }), totalNotifications: total },
      unreadCount,
    };
  });

  registerQuery(deps, routes.getUnreadNotificationCount, async ({ viewerId }) => ({
    data: { unreadCount: await notifications.unreadCount(viewerId) },
  }));

  // The mail's choices, kept with the notifications model's card of the person (mail-queue.ts).
  registerQuery(deps, routes.getMailPreferences, async ({ viewerId }) => ({
    data: await notifications.mailPreferences(viewerId),
  }));
}
