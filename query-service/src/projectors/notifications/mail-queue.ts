import type { NotificationKind } from '@careers/contracts/entities/notification';
import type { DomainEventType } from '@careers/contracts/events/catalogue';
import type { MailKind } from '@careers/contracts/mail';
import type { ProjectionContext } from '../projector.ts';

/**
 * The mail each notification kind goes out as; kinds not named are never mailed (likes and comments
 * stay in the bell: a post's likes would be a mail a minute).
 */
export const mailKindOf = {
  connection_request: 'connections',
  connection_accepted: 'connections',
  new_application: 'applications',
  application_status: 'applications',
  new_message: 'messages',
  job_alert: 'job_alerts',
  post_comment: null,
  post_likes: null,
} as const satisfies Record<NotificationKind, MailKind | null>;

const mailed = Object.entries(mailKindOf).filter(([, kind]) => kind !== null);

/**
 * The events that make or move up a notification of a mailed kind: a batch of others (likes, comments,
 * edits, reads) queues nothing, and spends no statement finding that out.
 */
export const mailedBy: ReadonlySet<DomainEventType> = new Set<DomainEventType>([
  'ConnectionRequested',
  'ConnectionAccepted',
  'ApplicationSubmitted',
  'ApplicationStatusChanged',
  'JobPosted',
  'MessageSent',
]);

/**
 * Queues, in the batch's transaction, the mail of the notifications the batch made or moved up
 * (`notificationIds`) for people who want email (`emailNotifications` on, an address known): one row
 * per notification and time it was made, so a redelivery queues nothing new. A notification of a kind
 * turned off (`hidden`) is not queued; the sender judges the rest again when it sends. A rebuild queues
 * nothing.
 */
export async function queueMails(ctx: ProjectionContext, notificationIds: readonly string[]): Promise<void> {
  if (ctx.replaying || notificationIds.length === 0) return;
  const s = ctx.schema;
  await ctx.tx.query(
    `INSERT INTO ${s}.notification_mails (notification_id, made_at, user_id, kind, due_at)
     SELECT n.id, n.created_at, n.user_id, k.mail_kind, n.created_at
       FROM ${s}.notifications n
       JOIN unnest($2::text[], $3::text[]) AS k(kind, mail_kind) ON k.kind = n.kind
       JOIN ${s}.notification_people p ON p.id = n.user_id
      WHERE n.id = ANY($1::uuid[]) AND NOT n.hidden AND p.email_notifications AND p.email <> ''
     ON CONFLICT (notification_id, made_at) DO NOTHING`,
    [[...new Set(notificationIds)], mailed.map(([kind]) => kind), mailed.map(([, mail]) => mail)],
  );
}
