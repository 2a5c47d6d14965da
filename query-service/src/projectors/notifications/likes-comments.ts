import type { EventData } from '@careers/contracts/events/catalogue';
import type { EventOfType } from '@careers/contracts/events/event-table';
import { anyDeleted } from '../erasure.ts';
import type { ProjectionContext } from '../projector.ts';
import type { ReplayMemory } from '../replay-memory.ts';
import {
  type Change,
  COMMENT_EXCERPT_LENGTH,
  insert,
  type NewNotification,
  notificationId,
  type Tx,
} from './shared.ts';

/**
 * Notifications of likes (one grouped notification per post, dated by the likes still standing) and
 * of comments, one event at a time; the likers a rebuild keeps in memory.
 */

/**
 * A post's author, kept here from its PostCreated (`postCreated`) until its PostRemoved or the author's
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

/** A post tells nobody by itself: its author is kept for its likes and comments to tell. */
export async function postCreated(
  event: EventOfType<'PostCreated'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  await tx.query(
    `INSERT INTO ${schema}.notification_post_authors (post_id, author_id) VALUES ($1, $2)
     ON CONFLICT (post_id) DO NOTHING`,
    [event.data.postId, event.data.authorId],
  );
  return [];
}

/** A comment's notification to the post's author, applied one by one or in a batch alike. */
export function commentNotification(d: EventData<'CommentAdded'>, authorId: string): NewNotification {
  return {
    id: notificationId(`post_comment:${d.commentId}`, authorId),
    userId: authorId,
    kind: 'post_comment',
    actorId: d.authorId,
    postId: d.postId,
    excerpt: [...d.content.trim()].slice(0, COMMENT_EXCERPT_LENGTH).join(''),
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
 * One like more on a post: the author's one notification for the post counts it, moves up and is
 * unread again. Nobody is told of their own like.
 */
export async function liked(
  tx: Tx,
  schema: string,
  postId: string,
  userId: string,
  at: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const authorId = await authorOf(tx, schema, postId);
  if (authorId === null || authorId === userId) return [];
  if (await anyDeleted(tx, schema, authorId, userId)) return [];
  const added = await tx.query(
    `INSERT INTO ${schema}.notification_likers (post_id, user_id, liked_at) VALUES ($1, $2, $3)
     ON CONFLICT (post_id, user_id) DO NOTHING`,
    [postId, userId, at],
  );
  if ((added.rowCount ?? 0) === 0) return [];
  keepLiker(kept, postId, userId, true);
  const id = notificationId(`post_likes:${postId}`, authorId);
  await tx.query(
    `INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, actor_count, post_id, created_at)
     VALUES ($1, $2, 'post_likes', NULL, 1, $3, $4)
     ON CONFLICT (id) DO UPDATE SET actor_count = ${schema}.notifications.actor_count + 1,
       created_at = greatest(${schema}.notifications.created_at, EXCLUDED.created_at)`,
    [id, authorId, postId, at],
  );
  return [{ userId: authorId, notificationId: id }];
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

/** A like taken back takes that person out; a post nobody likes any more has no like notification. */
export async function unliked(
  tx: Tx,
  schema: string,
  postId: string,
  userId: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const removed = await tx.query(
    `DELETE FROM ${schema}.notification_likers WHERE post_id = $1 AND user_id = $2`,
    [postId, userId],
  );
  if ((removed.rowCount ?? 0) === 0) return [];
  keepLiker(kept, postId, userId, false);
  const { rows } = await tx.query<{ user_id: string }>(likesLeftSql(schema, '$1'), [[postId]]);
  await tx.query(
    `DELETE FROM ${schema}.notifications WHERE kind = 'post_likes' AND post_id = $1 AND actor_count = 0`,
    [postId],
  );
  return rows.map((r) => ({ userId: r.user_id, notificationId: null }));
}

/** A comment tells the post's author, unless they wrote it. */
export async function commented(
  event: EventOfType<'CommentAdded'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  const d = event.data;
  const authorId = await authorOf(tx, schema, d.postId);
  if (authorId === null || authorId === d.authorId) return [];
  return insert(tx, schema, commentNotification(d, authorId));
}

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
