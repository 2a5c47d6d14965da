import type { EventOfType } from '@careers/contracts/events/event-table';
import { type Change, type Tx, UUID } from './shared.ts';

/**
 * Notifications marked read, one by one or all up to a moment.
 */

/**
 * Notifications marked read. Kept under the reader: it only ever matches the reader's own
 * notifications, whether they are projected already or arrive later; someone else's id, or none,
 * changes nothing.
 */
export async function read(
  event: EventOfType<'NotificationsRead'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  const ids = event.data.notificationIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return [];
  await tx.query(
    `INSERT INTO ${schema}.notification_reads (user_id, notification_id, read_at)
     SELECT $1, unnest($2::uuid[]), $3
     ON CONFLICT (user_id, notification_id) DO UPDATE
       SET read_at = greatest(${schema}.notification_reads.read_at, EXCLUDED.read_at)`,
    [event.data.userId, ids, event.data.readAt],
  );
  return [{ userId: event.data.userId, notificationId: null }];
}

/** Everything up to a moment marked read: the mark only moves forward. */
export async function allRead(
  event: EventOfType<'AllNotificationsRead'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  await tx.query(
    `INSERT INTO ${schema}.notification_read_marks (user_id, up_to) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET up_to = greatest(${schema}.notification_read_marks.up_to, EXCLUDED.up_to)`,
    [event.data.userId, event.data.upTo],
  );
  return [{ userId: event.data.userId, notificationId: null }];
}
