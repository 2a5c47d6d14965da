import type { EventOfType } from '@careers/contracts/events/event-table';
import { deletedAmong } from '../erasure.ts';
import { type Change, notificationId, type Tx } from './shared.ts';

/**
 * Messages: a message tells its recipient. A burst from one person is one notification: there is one
 * per conversation and recipient (its id derived from both), which each new message moves up to its
 * time, so it is unread again if it was read, as a post's grouped likes are. It quotes nothing: the text
 * is sealed with the sender's key, and the bell only says who wrote. No settings toggle answers to it
 * (as likes and comments); `pushNotifications` off keeps it from being pushed, as every kind.
 */

const messageNotificationId = (conversationId: string, recipientId: string) =>
  notificationId(`new_message:${conversationId}`, recipientId);

export async function messageSent(
  event: EventOfType<'MessageSent'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  const d = event.data;
  const recipientId = d.participantIds.find((id) => id !== d.senderId);
  if (recipientId === undefined) return [];
  // Nobody is told of, or by, a deleted account (an event of another topic applied after it).
  if ((await deletedAmong(tx, schema, [d.senderId, recipientId])).size > 0) return [];
  const { rows } = await tx.query<{ id: string; user_id: string }>(
    `INSERT INTO ${schema}.notifications AS n (id, user_id, kind, actor_id, conversation_id, created_at)
     VALUES ($1, $2, 'new_message', $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET created_at = greatest(n.created_at, EXCLUDED.created_at)
       WHERE n.created_at < EXCLUDED.created_at
     RETURNING id::text, user_id`,
    [
      messageNotificationId(d.conversationId, recipientId),
      recipientId,
      d.senderId,
      d.conversationId,
      d.sentAt,
    ],
  );
  return rows.map((r) => ({ userId: r.user_id, notificationId: r.id }));
}

/**
 * The reader read the conversation: its notification is marked read as of then, so a message sent
 * after it makes it unread again (kept as the marks of NotificationsRead are, a fact compared with the
 * notification's time).
 */
export async function messagesRead(
  event: EventOfType<'MessagesRead'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  const d = event.data;
  if ((await deletedAmong(tx, schema, [d.readerId])).size > 0) return [];
  await tx.query(
    `INSERT INTO ${schema}.notification_reads (user_id, notification_id, read_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, notification_id) DO UPDATE
       SET read_at = greatest(${schema}.notification_reads.read_at, EXCLUDED.read_at)`,
    [d.readerId, messageNotificationId(d.conversationId, d.readerId), d.readAt],
  );
  return [{ userId: d.readerId, notificationId: null }];
}
