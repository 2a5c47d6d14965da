import { createHash } from 'node:crypto';
import type { NotificationKind } from '@careers/contracts/entities/notification';
import type { ProjectionContext } from '../projector.ts';

/**
 * The notifications read model's common parts: ids derived from what a notification is about, the
 * change list each event returns (whose bell to update).
 */

/** A comment's notification quotes this many characters of it. */
export const COMMENT_EXCERPT_LENGTH = 100;

export type Tx = ProjectionContext['tx'];

/**
 * A notification's id, derived from what it is about and who gets it (an RFC 9562 name-based id, MD5
 * flavour), so the same event always makes the same row: a redelivery or a rebuild writes it again
 * instead of a second one. `uuidSql` is the same function in SQL, for rows made many at once.
 */
export function notificationId(subject: string, recipientId: string): string {
  const h = createHash('md5').update(`${subject}:${recipientId}`).digest('hex');
  const v = `${h.slice(0, 12)}3${h.slice(13, 16)}a${h.slice(17, 32)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

export const uuidSql = (subjectSql: string, recipientSql: string) =>
  `overlay(overlay(md5(${subjectSql} || ':' || ${recipientSql}) placing '3' from 13) placing 'a' from 17)::uuid`;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose notifications changed, and the notification that caused it (null: some were read or went). */
export interface Change {
  userId: string;
  notificationId: string | null;
}

/** The toggle each kind answers to; kinds not named have none. */
export const toggleOf: Partial<Record<NotificationKind, 'connection_requests' | 'application_updates'>> = {
  connection_request: 'connection_requests',
  connection_accepted: 'connection_requests',
  new_application: 'application_updates',
  application_status: 'application_updates',
};

/** SQL: whether each notification `n` of a toggled kind is hidden under the settings row `s`. */
export const hiddenSql = (n: string, s: string) => `CASE
    WHEN ${n}.kind IN ('connection_request', 'connection_accepted') THEN NOT ${s}.connection_requests
    WHEN ${n}.kind IN ('new_application', 'application_status') THEN NOT ${s}.application_updates
    ELSE false END`;

export interface NewNotification {
  id: string;
  userId: string;
  kind: NotificationKind;
  actorId: string;
  createdAt: string;
  postId?: string;
  jobId?: string;
  applicationId?: string;
  connectionId?: string;
  status?: string;
  excerpt?: string;
}
