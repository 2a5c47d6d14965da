import type { EventData } from '@careers/contracts/events/catalogue';
import type { EventOfType } from '@careers/contracts/events/event-table';
import type { ProjectionContext } from '../projector.ts';
import type { ReplayMemory } from '../replay-memory.ts';
import {
  type Change,
  COMMENT_EXCERPT_LENGTH,
  type NewNotification,
  notificationId,
  type Tx,
} from './shared.ts';

/**
 * What the likes and comments of posts share (their notifications are written set-based, for a batch or
 * one event alike, in likes-comments-batch.ts): a post's author kept here, a comment's notification, the
 * likers a rebuild keeps in memory; and a post's or comment's removal.
 */

/**
 * A post's author, kept here from its PostCreated (likes-comments-batch.ts) until its PostRemoved or the author's
 * AccountDeleted, as the posts model keeps its rows. PostCreated comes first in the post's own stream,
 * so a like or a comment finds its author written already, by this model itself.
 */
export async function authorOf(tx: Tx, schema: string, postId: string): Promise<string | null> {
  const { rows } = await tx.query<{ author_id: string }>(
    `SELECT author_id FROM ${schema}.notification_post_authors WHERE post_id = $1`,
    [postId],
  );
  return rows[0]?.author_id ?? null;
}

/** What a comment's notification quotes of its text (its first characters, as they now read). */
export const commentExcerpt = (content: string): string =>
  [...content.trim()].slice(0, COMMENT_EXCERPT_LENGTH).join('');

/** A comment's notification to the post's author; its excerpt follows the comment's edits (CommentEdited). */
export function commentNotification(d: EventData<'CommentAdded'>, authorId: string): NewNotification {
  return {
    id: notificationId(`post_comment:${d.commentId}`, authorId),
    userId: authorId,
    kind: 'post_comment',
    actorId: d.authorId,
    postId: d.postId,
    excerpt: commentExcerpt(d.content),
    createdAt: d.createdAt,
  };
}

/**
 * A rebuild's copy of `notification_likers` (ReplayMemory): each post's likers. Only this projector
 * writes that table, and every write to it here changes the copy as well, so a rebuild's batch of
 * tens of thousands of likes tells a pair that is a liker already without a probe of the table per
 * pair (most of the batch's read of its posts, accounts and pairs). Undefined live.
 */
export type LikersKept = Map<string, Set<string>>;

export const LIKERS_KEPT = 'notification_likers';

export const likersKept = (ctx: ProjectionContext): LikersKept | undefined =>
  ctx.memory?.get<LikersKept>(LIKERS_KEPT, () => new Map());

/** The pairs a rebuild's memory holds as likers, `<post> <person>`, sorted: for tests comparing the table. */
export function likersKeptIn(memory: ReplayMemory): string[] | undefined {
  const kept = memory.get<LikersKept>(LIKERS_KEPT, () => new Map());
  return kept && [...kept].flatMap(([postId, users]) => [...users].map((u) => `${postId} ${u}`)).sort();
}

export function keepLiker(
  kept: LikersKept | undefined,
  postId: string,
  userId: string,
  likes: boolean,
): void {
  if (!kept) return;
  let users = kept.get(postId);
  if (likes) {
    if (!users) {
      users = new Set();
      kept.set(postId, users);
    }
    users.add(userId);
  } else if (users?.delete(userId) && users.size === 0) kept.delete(postId);
}

/**
 * SQL: a post's grouped like notification, after likers left, dated by the latest like still standing,
 * so it reads the same as if those likes had never been made (whichever of an unlike and an account
 * deletion came first).
 */
export const likesLeftSql = (schema: string, postIds: string) =>
  `UPDATE ${schema}.notifications n SET actor_count = n.actor_count - gone.n,
     created_at = coalesce((SELECT max(l.liked_at) FROM ${schema}.notification_likers l WHERE l.post_id = n.post_id),
                           n.created_at)
     FROM (SELECT post_id, count(*)::int AS n FROM unnest(${postIds}::text[]) post_id GROUP BY post_id) gone
    WHERE n.kind = 'post_likes' AND n.post_id = gone.post_id
   RETURNING n.user_id`;

/** Everything about the post: its author's like and comment notifications, who liked it, its author. */
export async function postRemoved(
  event: EventOfType<'PostRemoved'>,
  tx: Tx,
  schema: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const { postId } = event.data;
  await tx.query(`DELETE FROM ${schema}.notification_post_authors WHERE post_id = $1`, [postId]);
  await tx.query(`DELETE FROM ${schema}.notification_likers WHERE post_id = $1`, [postId]);
  kept?.delete(postId);
  const { rows } = await tx.query<{ user_id: string }>(
    `DELETE FROM ${schema}.notifications WHERE post_id = $1 RETURNING user_id`,
    [postId],
  );
  return rows.map((r) => ({ userId: r.user_id, notificationId: null }));
}

/**
 * The comment's notification goes. The post is still here (its own stream removes it after this),
 * unless its author's account was deleted first, which took their notifications already.
 */
export async function commentRemoved(
  event: EventOfType<'CommentRemoved'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  const d = event.data;
  const authorId = await authorOf(tx, schema, d.postId);
  if (authorId === null) return [];
  const { rows } = await tx.query<{ user_id: string }>(
    `DELETE FROM ${schema}.notifications WHERE id = $1 RETURNING user_id`,
    [notificationId(`post_comment:${d.commentId}`, authorId)],
  );
  return rows.map((r) => ({ userId: r.user_id, notificationId: null }));
}
