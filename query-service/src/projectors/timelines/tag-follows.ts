import type { EventOfType } from '@careers/contracts/events/event-table';
import { tagKey } from '@careers/contracts/tags';
import type { ProjectionContext } from '../projector.ts';
import { TIMELINE_CAP, timelineKeys } from './keys.ts';
import { addToTimeline, type TimelinePost } from './posts.ts';

/** The timelines model's copy of who follows which tag since when (timeline_tag_follows), and what a follow brings. */

/**
 * The followers each post reaches through its tags: for a public post, everyone following one of its
 * tags since (or from) the moment it was made. Through the index of the follows by tag and time (one
 * row per post and tag); deleted followers have no follows left (AccountDeleted), nor can follow again.
 */
export async function tagFollowersOf(
  ctx: ProjectionContext,
  posts: readonly TimelinePost[],
): Promise<Map<string, Set<string>>> {
  const pairs = posts.filter((p) => p.public).flatMap((p) => p.tagKeys.map((key) => [p, key] as const));
  const followers = new Map<string, Set<string>>();
  if (pairs.length === 0) return followers;
  const { rows } = await ctx.tx.query<{ id: string; user_id: string }>(
    `SELECT DISTINCT x.id, f.user_id
       FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS x(id, tag_key, created_at)
       JOIN ${ctx.schema}.timeline_tag_follows f ON f.tag_key = x.tag_key AND f.followed_at <= x.created_at`,
    [
      pairs.map(([p]) => p.id),
      pairs.map(([, key]) => key),
      pairs.map(([p]) => new Date(p.createdAt).toISOString()),
    ],
  );
  for (const r of rows) {
    let set = followers.get(r.id);
    if (!set) {
      set = new Set();
      followers.set(r.id, set);
    }
    set.add(r.user_id);
  }
  return followers;
}

/** Each reader's followed tags (key -> since when, ms), as the model's copy has them. */
export async function followsOf(ctx: ProjectionContext, readers: readonly string[]) {
  const follows = new Map<string, Map<string, number>>();
  if (readers.length === 0) return follows;
  const { rows } = await ctx.tx.query<{ user_id: string; tag_key: string; followed_at: Date }>(
    `SELECT user_id, tag_key, followed_at FROM ${ctx.schema}.timeline_tag_follows WHERE user_id = ANY($1::text[])`,
    [readers],
  );
  for (const r of rows) {
    const own = follows.get(r.user_id) ?? new Map<string, number>();
    own.set(r.tag_key, r.followed_at.getTime());
    follows.set(r.user_id, own);
  }
  return follows;
}

/** Whether a post reaches a reader through a tag they follow (see tagFollowersOf). */
export function reachesThroughTags(post: TimelinePost, follows: Map<string, number> | undefined): boolean {
  if (!post.public || !follows) return false;
  const at = new Date(post.createdAt).getTime();
  return post.tagKeys.some((key) => (follows.get(key) ?? Number.POSITIVE_INFINITY) <= at);
}

/**
 * A follow of a tag: the model's copy of it, and the public posts carrying the tag made since the
 * follow that are here already (a post's topic read ahead of the follower's: live that is rare, as a
 * follow comes before the posts it brings) go into the follower's timeline, as they would had the
 * follow been applied first. So a follower's timeline is the same whatever order the topics are read
 * in. Posts made before the follow are not brought in (Mastodon does the same): only the newest
 * TIMELINE_CAP could stay anyway.
 */
export async function applyFollow(event: EventOfType<'TagFollowed'>, ctx: ProjectionContext): Promise<void> {
  const { userId, tag, followedAt } = event.data;
  const key = tagKey(tag);
  await ctx.tx.query(
    `INSERT INTO ${ctx.schema}.timeline_tag_follows (user_id, tag_key, followed_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, tag_key) DO UPDATE SET followed_at = EXCLUDED.followed_at`,
    [userId, key, followedAt],
  );
  const { rows } = await ctx.tx.query<{ id: string; created_at: Date }>(
    `SELECT p.id, p.created_at FROM ${ctx.schema}.timeline_posts p
      WHERE p.tag_keys @> ARRAY[$1::text] AND p.public AND p.created_at >= $2
        AND NOT EXISTS (SELECT 1 FROM ${ctx.schema}.deleted_accounts d WHERE d.user_id = p.author_id)
      ORDER BY p.created_at DESC, p.id DESC LIMIT $3`,
    [key, followedAt, TIMELINE_CAP],
  );
  addToTimeline(
    ctx.redis,
    userId,
    rows.map((r) => ({ id: r.id, createdAt: r.created_at })),
  );
}

/**
 * An unfollow: the model's copy of the follow goes, and so do the posts it brought into the follower's
 * timeline, but for those that are there for another reason: their own, their connections', and those
 * carrying another tag they follow (since before the post was made). Only the newest TIMELINE_CAP of
 * the posts it brought can still be there: every newer one it brought is there too, above them.
 */
export async function applyUnfollow(
  event: EventOfType<'TagUnfollowed'>,
  ctx: ProjectionContext,
): Promise<void> {
  const { userId, tag } = event.data;
  const key = tagKey(tag);
  // The statement sees the follows as they were before its DELETE: the tag unfollowed is left out.
  const { rows } = await ctx.tx.query<{ id: string }>(
    `WITH gone AS (
       DELETE FROM ${ctx.schema}.timeline_tag_follows WHERE user_id = $1 AND tag_key = $2 RETURNING followed_at),
     brought AS (
       SELECT p.id, p.author_id, p.created_at, p.tag_keys FROM ${ctx.schema}.timeline_posts p, gone
        WHERE p.tag_keys @> ARRAY[$2::text] AND p.public AND p.created_at >= gone.followed_at
        ORDER BY p.created_at DESC, p.id DESC LIMIT $3)
     SELECT b.id FROM brought b
      WHERE b.author_id <> $1
        AND NOT EXISTS (SELECT 1 FROM ${ctx.schema}.timeline_links l WHERE l.user_id = $1 AND l.other_id = b.author_id)
        AND NOT EXISTS (SELECT 1 FROM ${ctx.schema}.timeline_tag_follows o
                         WHERE o.user_id = $1 AND o.tag_key <> $2 AND o.tag_key = ANY(b.tag_keys)
                           AND o.followed_at <= b.created_at)`,
    [userId, key, TIMELINE_CAP],
  );
  if (rows.length > 0) ctx.redis.zrem(timelineKeys.home(userId), ...rows.map((r) => r.id));
}
