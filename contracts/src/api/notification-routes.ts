import { z } from 'zod';
import { Notification, NotificationsPagination, UnreadCount } from '../entities/notification.ts';
import { MailPreferences } from '../mail.ts';
import { MarkNotificationsReadRequest, NotificationListQuery } from '../requests/notification-requests.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse } from './responses.ts';

/** The notification centre behind the bell (beyond the spec). */
export const notificationRoutes = {
  listNotifications: defineRoute({
    method: 'GET',
    path: '/notifications',
    service: 'query',
    auth: 'required',
    query: NotificationListQuery,
    status: 200,
    response: z.object({
      data: z.array(Notification),
      pagination: NotificationsPagination,
      unreadCount: z.number().int().nonnegative(),
    }),
    summary: "The user's notifications, newest first, with the unread count.",
  }),
  getUnreadNotificationCount: defineRoute({
    method: 'GET',
    path: '/notifications/unread-count',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(UnreadCount),
    summary: "The bell's number: how many of the user's notifications are unread.",
  }),
  markNotificationsRead: defineRoute({
    method: 'PUT',
    path: '/notifications/read',
    service: 'command',
    auth: 'required',
    body: MarkNotificationsReadRequest,
    status: 200,
    response: z.object({ message: z.string() }),
    summary: "Marks the named notifications, or all, read. Ids that are not the caller's change nothing.",
  }),
  getMailPreferences: defineRoute({
    method: 'GET',
    path: '/users/mail-preferences',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(MailPreferences),
    summary: 'How job alerts are mailed to the user: each as it comes, or in a daily digest.',
  }),
  updateMailPreferences: defineRoute({
    method: 'PUT',
    path: '/users/mail-preferences',
    service: 'command',
    auth: 'required',
    body: MailPreferences,
    status: 200,
    response: dataResponse(MailPreferences),
    summary: 'Chooses how job alerts are mailed: instant or a daily digest (beyond the spec).',
  }),
} as const;
