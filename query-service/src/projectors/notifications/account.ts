import { keepLiker, type LikersKept, likesLeftSql } from './likes-comments.ts';
import type { Change, Tx } from './shared.ts';

/**
 * An account deleted: the person's notifications and what they caused for others go.
 */

/** Takes a person out of every post's likers, as their unlike would, and away goes a like notification left with none. */
export async function dropLikesOf(
  tx: Tx,
  schema: string,
  userId: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const { rows } = await tx.query<{ post_id: string }>(
    `DELETE FROM ${schema}.notification_likers WHERE user_id = $1 RETURNING post_id`,
    [userId],
  );
  for (const row of rows) keepLiker(kept, row.post_id, userId, false);
  if (rows.length === 0) return [];
  const postIds = rows.map((r) => r.post_id);
  const lowered = await tx.query<{ user_id: string }>(likesLeftSql(schema, '$1'), [postIds]);
  await tx.query(
    `DELETE FROM ${schema}.notifications WHERE kind = 'post_likes' AND post_id = ANY($1::text[]) AND actor_count <= 0`,
    [postIds],
  );
  return lowered.rows.map((r) => ({ userId: r.user_id, notificationId: null }));
}

/**
 * A deleted account: everything of the person's goes (their notifications, what they marked read,
 * their alert indexes and settings, their jobs' alert rows, their posts' authors), and so does every
 * notification of someone else that names them as its actor (a request, an acceptance, a comment, an
 * application, a status change, a job alert of their job): shown, it would read "Deleted member" at
 * best. Their likes leave the grouped like notifications. Whoever lost a notification is named, so
 * their bell is brought up to date.
 */
export async function eraseAccount(
  tx: Tx,
  schema: string,
  userId: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const changes = await dropLikesOf(tx, schema, userId, kept);
  const { rows } = await tx.query<{ user_id: string }>(
    `DELETE FROM ${schema}.notifications WHERE user_id = $1 OR actor_id = $1 RETURNING user_id`,
    [userId],
  );
  for (const table of [
    'notification_reads',
    'notification_read_marks',
    'alert_skills',
    'alert_roles',
    'alert_settings',
    // Their mail, sent or waiting (mail-queue.ts): none goes out after this commits.
    'notification_mails',
    'mail_refused_addresses',
    // Last: the deletes above count the person's notifications down, or make their count unknown.
    'notification_unread_counts',
  ]) {
    await tx.query(`DELETE FROM ${schema}.${table} WHERE user_id = $1`, [userId]);
  }
  await tx.query(`DELETE FROM ${schema}.alert_jobs WHERE employer_id = $1`, [userId]);
  // Their posts go with their account in the posts model, and so does what is kept here of them.
  await tx.query(`DELETE FROM ${schema}.notification_post_authors WHERE author_id = $1`, [userId]);
  return [...changes, ...rows.map((r) => ({ userId: r.user_id, notificationId: null }))].filter(
    (c) => c.userId !== userId,
  );
}
