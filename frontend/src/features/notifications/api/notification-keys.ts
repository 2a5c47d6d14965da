/**
 * The notification centre's cache keys, defined once: the bell's count and the panel's list both sit
 * under `notificationsKey`, so a change to either (a push, a mark) reaches both in one call.
 */
export const notificationsKey = ['notifications'] as const;
export const unreadCountKey = [...notificationsKey, 'unread-count'] as const;
export const notificationListKey = [...notificationsKey, 'list'] as const;
