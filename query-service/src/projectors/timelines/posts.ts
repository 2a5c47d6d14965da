import type { ProjectionContext } from '../projector.ts';
import { TIMELINE_CAP, timelineKeys } from './keys.ts';

/** The timelines model's own copy of the posts (timeline_posts) and its writes to the home timelines. */

type Multi = ProjectionContext['redis'];

/** As many of a person's posts as a removal takes out of timelines: all of them. */
export const ALL_POSTS = 100_000;

export function addToTimeline(
  redis: Multi,
  readerId: string,
  posts: { id: string; createdAt: Date | string }[],
) {
  if (posts.length === 0) return;
  const key = timelineKeys.home(readerId);
  redis.zadd(key, ...posts.flatMap((p) => [new Date(p.createdAt).getTime(), p.id]));
  // Keep the newest TIMELINE_CAP: ranks 0..-(CAP+1) are the oldest beyond the cap.
  redis.zremrangebyrank(key, 0, -(TIMELINE_CAP + 1));
}

export async function recentPostsOf(ctx: ProjectionContext, authorId: string, limit: number) {
  const { rows } = await ctx.tx.query(
    `SELECT ${TIMELINE_POST_COLUMNS} FROM ${ctx.schema}.timeline_posts WHERE author_id = $1
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [authorId, limit],
  );
  return rows.map(timelinePostOf);
}

/** The distinct people `userId` is connected with, as the model's own links have them. */
export async function connectedWith(ctx: ProjectionContext, userId: string): Promise<string[]> {
  const { rows } = await ctx.tx.query<{ other_id: string }>(
    `SELECT DISTINCT other_id FROM ${ctx.schema}.timeline_links WHERE user_id = $1`,
    [userId],
  );
  return rows.map((r) => r.other_id);
}

/** A post as this model keeps it (timeline_posts): what decides whose timelines it goes into. */
export interface TimelinePost {
  id: string;
  authorId: string;
  createdAt: Date | string;
  /** Open to everyone (`isOpenToEveryone`): only such a post reaches a tag's followers. */
  public: boolean;
  /** Its tags' keys as published: an edit does not move a post in or out of timelines. */
  tagKeys: string[];
}

export const TIMELINE_POST_COLUMNS = 'id, author_id, created_at, public, tag_keys';

export const timelinePostOf = (r: {
  id: string;
  author_id: string;
  created_at: Date;
  public: boolean;
  tag_keys: string[];
}): TimelinePost => ({
  id: r.id,
  authorId: r.author_id,
  createdAt: r.created_at,
  public: r.public,
  tagKeys: r.tag_keys,
});
