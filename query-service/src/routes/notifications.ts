import { pageInfo } from '@careers/contracts/entities/pagination';
import { routes } from '@careers/contracts/routes';
import { NotificationQueries } from '../projectors/notifications/queries.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/**
 * GET /api/notifications and /api/notifications/unread-count (beyond the spec): each reads only the
 * reader's own rows through an index, so neither is cached.
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
}
