import { z } from 'zod';
import { MAX_NOTIFICATIONS_MARKED_AT_ONCE } from '../constants.ts';
import { notificationMessages } from '../messages.ts';
import { LimitParam, PageParam } from './query-fields.ts';

/** `GET /notifications`: newest first, one page at a time. */
export const NotificationListQuery = z.object({ page: PageParam, limit: LimitParam });
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/**
 * `PUT /notifications/read`: mark some notifications read, or all of them. Ids that are not the
 * caller's (someone else's, or none at all) change nothing: a person can only ever touch their own.
 */
export const MarkNotificationsReadRequest = z.union(
  [
    z.strictObject({
      notificationIds: z
        .array(z.uuid({ error: notificationMessages.idInvalid }))
        .min(1, notificationMessages.nothingToMark)
        // Not `.max()`: inside this union its issue ends the branch, and the request would be told only
        // markReadInvalid. A refinement keeps the branch, so the person reads tooManyToMark; the
        // documented limit is given as metadata.
        .refine((ids) => ids.length <= MAX_NOTIFICATIONS_MARKED_AT_ONCE, notificationMessages.tooManyToMark)
        .meta({ maxItems: MAX_NOTIFICATIONS_MARKED_AT_ONCE }),
    }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: notificationMessages.markReadInvalid },
);
export type MarkNotificationsReadRequest = z.infer<typeof MarkNotificationsReadRequest>;
