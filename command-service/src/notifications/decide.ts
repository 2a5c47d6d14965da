import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import type { MarkNotificationsReadRequest } from '@careers/contracts/requests/notification-requests';

/**
 * Marking notifications read, the one notification command (notifications themselves are a read model
 * made by the query side). The write side does not know which notifications exist: it records what the
 * person asked, on their own stream, and the projector applies it to their own rows only, so an id of
 * someone else's notification, or of none, changes nothing.
 */
export function decideMarkNotificationsRead(
  userId: string,
  request: MarkNotificationsReadRequest,
  now: Date,
): NewDomainEvent[] {
  if ('all' in request) {
    return [{ type: 'AllNotificationsRead', data: { userId, upTo: now.toISOString() } }];
  }
  const notificationIds = [...new Set(request.notificationIds.map((id) => id.toLowerCase()))];
  return [{ type: 'NotificationsRead', data: { userId, notificationIds, readAt: now.toISOString() } }];
}
