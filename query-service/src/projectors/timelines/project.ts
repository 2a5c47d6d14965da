import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { type EventOfType, eventsDecided } from '@careers/contracts/events/event-table';
import { isOpenToEveryone } from '@careers/contracts/policies/post-access';
import { tagKey } from '@careers/contracts/tags';
import { deletedAmong } from '../erasure.ts';
import {
  defineProjector,
  type ProjectionContext,
  unhandled,
  userEventsBesidesDeletion,
} from '../projector.ts';
import { TIMELINE_CAP, timelineKeys } from './keys.ts';

type Multi = ProjectionContext['redis'];

/** As many of a person's posts as a removal takes out of timelines: all of them. */
const ALL_POSTS = 100_000;

function addToTimeline(redis: Multi, readerId: string, posts: { id: string; createdAt: Date | string }[]) {
  if (posts.length === 0) return;
  const key = timelineKeys.home(readerId);
  redis.zadd(key, ...posts.flatMap((p) => [new Date(p.createdAt).getTime(), p.id]));
  // Keep the newest TIMELINE_CAP: ranks 0..-(CAP+1) are the oldest beyond the cap.
  redis.zremrangebyrank(key, 0, -(TIMELINE_CAP + 1));
}

async function recentPostsOf(ctx: ProjectionContext, authorId: string, limit: number) {
  const { rows } = await ctx.tx.query(
    `SELECT ${TIMELINE_POST_COLUMNS} FROM ${ctx.schema}.timeline_posts WHERE author_id = $1
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [authorId, limit],
  );
  return rows.map(timelinePostOf);
}

/** The distinct people `userId` is connected with, as the model's own links have them. */
async function connectedWith(ctx: ProjectionContext, userId: string): Promise<string[]> {
  const { rows } = await ctx.tx.query<{ other_id: string }>(
    `SELECT DISTINCT other_id FROM ${ctx.schema}.timeline_links WHERE user_id = $1`,
    [userId],
  );
  return rows.map((r) => r.other_id);
}

/** A post as this model keeps it (timeline_posts): what decides whose timelines it goes into. */
interface TimelinePost {
  id: string;
  authorId: string;
  createdAt: Date | string;
  /** Open to everyone (`isOpenToEveryone`): only such a post reaches a tag's followers. */
  public: boolean;
  /** Its tags' keys as published: an edit does not move a post in or out of timelines. */
  tagKeys: string[];
}

/**
 * The followers each post reaches through its tags: for a public post, everyone following one of its
 * tags since (or from) the moment it was made. Through the index of the follows by tag and time (one
 * row per post and tag); deleted followers have no follows left (AccountDeleted), nor can follow again.
 */
async function tagFollowersOf(
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
async function followsOf(ctx: ProjectionContext, readers: readonly string[]) {
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
function reachesThroughTags(post: TimelinePost, follows: Map<string, number> | undefined): boolean {
  if (!post.public || !follows) return false;
  const at = new Date(post.createdAt).getTime();
  return post.tagKeys.some((key) => (follows.get(key) ?? Number.POSITIVE_INFINITY) <= at);
}

const TIMELINE_POST_COLUMNS = 'id, author_id, created_at, public, tag_keys';

const timelinePostOf = (r: {
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

/** A pair of people whichever asked: the key of their relationship's rows. */
const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/** The accepted relationships of every pair the events name, by pair, as the model's links have them. */
async function acceptedByPair(
  ctx: ProjectionContext,
  events: readonly DomainEvent[],
): Promise<Map<string, Set<string>>> {
  const accepted = new Map<string, Set<string>>();
  const requesters: string[] = [];
  const recipients: string[] = [];
  for (const event of events) {
    if (event.type !== 'ConnectionAccepted' && event.type !== 'ConnectionRemoved') continue;
    const { requesterId, recipientId } = event.data;
    const key = pairKey(requesterId, recipientId);
    if (accepted.has(key)) continue;
    accepted.set(key, new Set());
    requesters.push(requesterId);
    recipients.push(recipientId);
  }
  const { rows } = await ctx.tx.query<{ connection_id: string; user_id: string; other_id: string }>(
    `SELECT l.connection_id, l.user_id, l.other_id
       FROM unnest($1::text[], $2::text[]) AS p(a, b)
       JOIN ${ctx.schema}.timeline_links l ON l.user_id = p.a AND l.other_id = p.b`,
    [requesters, recipients],
  );
  for (const r of rows) accepted.get(pairKey(r.user_id, r.other_id))?.add(r.connection_id);
  return accepted;
}

/**
 * Connections accepted, declined and removed (one event, or a run of the connection topic, where
 * neither the posts nor the deleted accounts change), each in turn: the deleted among the people and
 * the posts of every author are read once, then each event makes its Redis writes, in order, and the
 * model's links are written as the events leave them.
 *
 * A removal takes each side's posts out of the other's timeline only when the pair is left with no
 * accepted relationship. The topic is partitioned by relationship, so a pair that connected again may
 * have its new acceptance read before the old relationship's removal: the pair is then still connected
 * and keeps its posts. Which of the pair's relationships are accepted is read from the links as they
 * stood before these events and followed through them.
 *
 * The links are the accepted relationships as the connections read model has them: an acceptance makes
 * one unless either person deleted their account (as the write side accepts only a pending request,
 * and the connections read model writes no request naming a deleted account and drops every one
 * naming them at their AccountDeleted); a removal takes it away, and so does a decline (which ends a
 * relationship whatever it was).
 */
async function applyConnections(events: readonly DomainEvent[], ctx: ProjectionContext): Promise<void> {
  const people = new Set<string>();
  // Per author, how many of their newest posts an event needs: TIMELINE_CAP to accept, all to remove.
  const limits = new Map<string, number>();
  const need = (author: string, limit: number) =>
    limits.set(author, Math.max(limits.get(author) ?? 0, limit));
  for (const event of events) {
    if (event.type !== 'ConnectionAccepted' && event.type !== 'ConnectionRemoved') continue;
    const { requesterId, recipientId } = event.data;
    people.add(requesterId).add(recipientId);
    const limit = event.type === 'ConnectionAccepted' ? TIMELINE_CAP : ALL_POSTS;
    need(requesterId, limit);
    need(recipientId, limit);
  }
  const deleted = await deletedAmong(ctx.tx, ctx.schema, [...people]);
  const accepted = await acceptedByPair(ctx, events);
  const { rows } = await ctx.tx.query(
    `SELECT p.id, p.author_id, p.created_at, p.public, p.tag_keys
       FROM unnest($1::text[], $2::int[]) AS a(author_id, n)
       CROSS JOIN LATERAL (
         SELECT ${TIMELINE_POST_COLUMNS} FROM ${ctx.schema}.timeline_posts WHERE author_id = a.author_id
          ORDER BY created_at DESC, id DESC LIMIT a.n) p
      ORDER BY a.author_id, p.created_at DESC, p.id DESC`,
    [[...limits.keys()], [...limits.values()]],
  );
  const postsOf = new Map<string, TimelinePost[]>();
  for (const r of rows) {
    const list = postsOf.get(r.author_id) ?? [];
    list.push(timelinePostOf(r));
    postsOf.set(r.author_id, list);
  }
  // What a removal leaves: the public posts of the other that carry a tag the reader follows.
  const hasRemoval = events.some((event) => event.type === 'ConnectionRemoved');
  const follows = hasRemoval ? await followsOf(ctx, [...people]) : new Map<string, Map<string, number>>();
  const recent = (author: string, limit: number) => (postsOf.get(author) ?? []).slice(0, limit);
  for (const event of events) {
    if (event.type === 'ConnectionAccepted') {
      const { connectionId, requesterId, recipientId } = event.data;
      accepted.get(pairKey(requesterId, recipientId))?.add(connectionId);
      if (deleted.has(requesterId) || deleted.has(recipientId)) continue;
      addToTimeline(ctx.redis, requesterId, recent(recipientId, TIMELINE_CAP));
      addToTimeline(ctx.redis, recipientId, recent(requesterId, TIMELINE_CAP));
    } else if (event.type === 'ConnectionRemoved') {
      const { connectionId, requesterId, recipientId } = event.data;
      const stillAccepted = accepted.get(pairKey(requesterId, recipientId));
      stillAccepted?.delete(connectionId);
      if (stillAccepted && stillAccepted.size > 0) continue;
      for (const [reader, author] of [
        [requesterId, recipientId],
        [recipientId, requesterId],
      ] as const) {
        const ids = recent(author, ALL_POSTS)
          .filter((p) => !reachesThroughTags(p, follows.get(reader)))
          .map((p) => p.id);
        if (ids.length > 0) ctx.redis.zrem(timelineKeys.home(reader), ...ids);
      }
    } else if (event.type === 'ConnectionDeclined') {
      // Ends the relationship (the write side declines only a pending one) and writes nothing to Redis.
      const { connectionId, requesterId, recipientId } = event.data;
      accepted.get(pairKey(requesterId, recipientId))?.delete(connectionId);
    }
  }
  // Each relationship as its last event here leaves it: made (null: taken away).
  const links = new Map<string, [string, string] | null>();
  for (const event of events) {
    if (event.type === 'ConnectionAccepted') {
      const { connectionId, requesterId, recipientId } = event.data;
      if (!deleted.has(requesterId) && !deleted.has(recipientId)) {
        links.set(connectionId, [requesterId, recipientId]);
      }
    } else if (event.type === 'ConnectionRemoved' || event.type === 'ConnectionDeclined') {
      links.set(event.data.connectionId, null);
    }
  }
  const gone = [...links].filter(([, pair]) => pair === null).map(([id]) => id);
  const made = [...links].flatMap(([id, pair]) => (pair ? [[id, ...pair] as const] : []));
  if (gone.length > 0) {
    await ctx.tx.query(`DELETE FROM ${ctx.schema}.timeline_links WHERE connection_id = ANY($1::text[])`, [
      gone,
    ]);
  }
  if (made.length > 0) {
    // Both ways; UNION, not UNION ALL, so a link of someone with themselves is one row.
    await ctx.tx.query(
      `INSERT INTO ${ctx.schema}.timeline_links (connection_id, user_id, other_id)
       SELECT id, a, b FROM unnest($1::text[], $2::text[], $3::text[]) AS x(id, a, b)
       UNION
       SELECT id, b, a FROM unnest($1::text[], $2::text[], $3::text[]) AS x(id, a, b)
       ON CONFLICT (connection_id, user_id) DO NOTHING`,
      [made.map(([id]) => id), made.map(([, a]) => a), made.map(([, , b]) => b)],
    );
  }
}

/**
 * The effect of PostCreated, ConnectionAccepted, ConnectionDeclined and ConnectionRemoved, for any
 * number of them in stream order: written here once, for a batch or for one event alone.
 */
async function applyTimelineRun(events: readonly DomainEvent[], ctx: ProjectionContext): Promise<void> {
  const posts: TimelinePost[] = [];
  const connections: DomainEvent[] = [];
  for (const event of events) {
    if (event.type === 'PostCreated') {
      const d = event.data;
      posts.push({
        id: d.postId,
        authorId: d.authorId,
        createdAt: d.createdAt,
        public: isOpenToEveryone(d),
        tagKeys: [...new Set(d.tags.map(tagKey))],
      });
    } else if (
      event.type === 'ConnectionAccepted' ||
      event.type === 'ConnectionDeclined' ||
      event.type === 'ConnectionRemoved'
    ) {
      connections.push(event);
    } else {
      throw new Error(`timelines: ${event.type} is not taken in batches`);
    }
  }
  if (connections.length > 0) await applyConnections(connections, ctx);
  if (posts.length === 0) return;
  // The model's own copy of each post, as the posts read model has its row (whoever the author).
  await ctx.tx.query(
    `INSERT INTO ${ctx.schema}.timeline_posts (id, author_id, created_at, public, tag_keys)
     SELECT id, author_id, created_at, public, ARRAY(SELECT jsonb_array_elements_text(tag_keys))
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, author_id text, created_at timestamptz, public boolean,
         tag_keys jsonb)
     ON CONFLICT (id) DO NOTHING`,
    [
      JSON.stringify(
        posts.map((p) => ({
          id: p.id,
          author_id: p.authorId,
          created_at: p.createdAt,
          public: p.public,
          tag_keys: p.tagKeys,
        })),
      ),
    ],
  );
  const authors = [...new Set(posts.map((p) => p.authorId))];
  // Every author not deleted reads their own post, and so does everyone connected with them: one query.
  const { rows } = await ctx.tx.query<{ author_id: string; reader_id: string }>(
    `WITH a AS (SELECT author_id FROM unnest($1::text[]) AS a(author_id)
                 WHERE NOT EXISTS (SELECT 1 FROM ${ctx.schema}.deleted_accounts d WHERE d.user_id = a.author_id))
     SELECT author_id, author_id AS reader_id FROM a
     UNION ALL
     SELECT l.user_id, l.other_id FROM ${ctx.schema}.timeline_links l WHERE l.user_id IN (SELECT author_id FROM a)`,
    [authors],
  );
  const readersOf = new Map<string, Set<string>>();
  for (const r of rows) {
    let readers = readersOf.get(r.author_id);
    if (!readers) {
      readers = new Set();
      readersOf.set(r.author_id, readers);
    }
    readers.add(r.reader_id);
  }
  // And the followers of its tags, for a public post of an author not deleted (who reads their own).
  const live = posts.filter((p) => readersOf.get(p.authorId)?.has(p.authorId));
  const tagReaders = await tagFollowersOf(ctx, live);
  // One ZADD per reader; trimming once after it keeps the same newest TIMELINE_CAP as trimming after each.
  const byReader = new Map<string, TimelinePost[]>();
  for (const post of posts) {
    const readers = new Set([...(readersOf.get(post.authorId) ?? []), ...(tagReaders.get(post.id) ?? [])]);
    for (const reader of readers) {
      let list = byReader.get(reader);
      if (!list) {
        list = [];
        byReader.set(reader, list);
      }
      list.push(post);
    }
  }
  for (const [reader, list] of byReader) addToTimeline(ctx.redis, reader, list);
}

/**
 * A follow of a tag: the model's copy of it, and the public posts carrying the tag made since the
 * follow that are here already (a post's topic read ahead of the follower's: live that is rare, as a
 * follow comes before the posts it brings) go into the follower's timeline, as they would had the
 * follow been applied first. So a follower's timeline is the same whatever order the topics are read
 * in. Posts made before the follow are not brought in (Mastodon does the same): only the newest
 * TIMELINE_CAP could stay anyway.
 */
async function applyFollow(event: EventOfType<'TagFollowed'>, ctx: ProjectionContext): Promise<void> {
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
async function applyUnfollow(event: EventOfType<'TagUnfollowed'>, ctx: ProjectionContext): Promise<void> {
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

/** The user events this model has no use for (it takes the follows of tags and the deletions). */
const otherUserEvents = userEventsBesidesDeletion.filter(
  (type): type is Exclude<(typeof userEventsBesidesDeletion)[number], 'TagFollowed' | 'TagUnfollowed'> =>
    type !== 'TagFollowed' && type !== 'TagUnfollowed',
);

/**
 * Fan-out on write: a new post goes into the home timeline of its author and of everyone connected
 * with the author, and, if it is public, of everyone following one of its tags since before it was
 * made. A new connection brings each side's recent posts into the other's timeline; a removed one
 * takes them out (but for the public ones carrying a tag the reader follows). ZADD and ZREM are
 * idempotent, so redelivery changes nothing.
 *
 * The Following feed (GET /api/posts/feed?following=true) is this timeline, so the followed tags' posts
 * are fanned out here when a post is projected, rather than merged in when the feed is read: the page
 * stays one ZREVRANGE and one read of the posts by id, whatever number of tags the reader follows, and
 * the dashboard's count of the feed (ZCARD) holds them. The cost is paid per post, one indexed read of
 * its tags' followers (timeline_tag_follows by tag and follow time), and a ZADD per follower, as for
 * the author's connections: measured on 100,000 follows of 2,000 tags, a batch of 50 posts of two tags
 * each found its 5,000 followers in 10 ms, one index scan per post and tag. Posts made before the follow are not brought in (Mastodon's home feeds do
 * the same); an unfollow takes out what the follow brought; an edit that changes a post's tags moves
 * it in or out of no timeline (the tags as published decide, as the time does).
 *
 * What it needs of the network, the posts and the follows it keeps itself, from the same events: each
 * person's accepted connections (timeline_links, both ways), each post's author, time, visibility and
 * tags (timeline_posts) and who follows which tag since when (timeline_tag_follows, as the tag-follows
 * model keeps them, without reading its table), set by key, so a redelivered event writes what it
 * wrote before.
 *
 * A removed post leaves the timelines of its author, of everyone connected with them and of its tags'
 * followers. An account deletion drops the person's own timeline and follows, and takes their posts
 * out of their connections' and their tags' followers' timelines, from the model's own copies, which it
 * then drops. Anything applied after it that would put the person or their posts back (a lagging post
 * or connection stream) is refused by the deleted-accounts check; whatever stays of a post until its
 * PostRemoved is then taken out by it.
 */
export const timelinesProjector = defineProjector({
  name: 'timelines',
  handles: eventsDecided(['connection', 'post', 'user'], {
    handles: [
      'PostCreated',
      'PostRemoved',
      'ConnectionAccepted',
      'ConnectionDeclined',
      'ConnectionRemoved',
      'TagFollowed',
      'TagUnfollowed',
      'AccountDeleted',
    ],
    ignores: [
      ...otherUserEvents,
      'ConnectionRequested',
      'ConnectionWithdrawn',
      'PostLiked',
      'PostUnliked',
      'CommentAdded',
      'CommentRemoved',
      // A timeline holds post ids by time: a post's or comment's new text changes neither.
      'PostEdited',
      'CommentEdited',
    ],
  }),
  async apply(event, ctx) {
    switch (event.type) {
      // Written once, as a batch of one (applyBatch).
      case 'PostCreated':
      case 'ConnectionAccepted':
      case 'ConnectionDeclined':
      case 'ConnectionRemoved':
        return applyTimelineRun([event], ctx);
      // One at a time: each reads the follows as the one before left them.
      case 'TagFollowed':
        return applyFollow(event, ctx);
      case 'TagUnfollowed':
        return applyUnfollow(event, ctx);
      case 'PostRemoved': {
        const { postId, authorId } = event.data;
        const { rows } = await ctx.tx.query(
          `DELETE FROM ${ctx.schema}.timeline_posts WHERE id = $1 RETURNING ${TIMELINE_POST_COLUMNS}`,
          [postId],
        );
        const followers = await tagFollowersOf(ctx, rows.map(timelinePostOf));
        const readers = new Set([
          authorId,
          ...(await connectedWith(ctx, authorId)),
          ...(followers.get(postId) ?? []),
        ]);
        for (const reader of readers) ctx.redis.zrem(timelineKeys.home(reader), postId);
        return;
      }
      case 'AccountDeleted': {
        const { userId } = event.data;
        ctx.redis.del(timelineKeys.home(userId));
        await ctx.tx.query(`DELETE FROM ${ctx.schema}.timeline_tag_follows WHERE user_id = $1`, [userId]);
        const posts = await recentPostsOf(ctx, userId, ALL_POSTS);
        const ids = posts.map((p) => p.id);
        if (ids.length > 0) {
          for (const reader of await connectedWith(ctx, userId)) {
            ctx.redis.zrem(timelineKeys.home(reader), ...ids);
          }
        }
        // Their public posts, out of the timelines of their tags' followers.
        const byFollower = new Map<string, string[]>();
        for (const [postId, followers] of await tagFollowersOf(ctx, posts)) {
          for (const follower of followers)
            byFollower.set(follower, [...(byFollower.get(follower) ?? []), postId]);
        }
        for (const [follower, postIds] of byFollower) ctx.redis.zrem(timelineKeys.home(follower), ...postIds);
        await ctx.tx.query(`DELETE FROM ${ctx.schema}.timeline_posts WHERE author_id = $1`, [userId]);
        await ctx.tx.query(
          `DELETE FROM ${ctx.schema}.timeline_links
            WHERE connection_id IN (SELECT connection_id FROM ${ctx.schema}.timeline_links WHERE user_id = $1)`,
          [userId],
        );
        return;
      }
      default:
        return unhandled(event);
    }
  },
  batched: ['PostCreated', 'ConnectionAccepted', 'ConnectionDeclined', 'ConnectionRemoved'],
  applyBatch: (events, ctx) => applyTimelineRun(events, ctx),
  async reset({ tx, schema, redis }) {
    await tx.query(
      `TRUNCATE ${schema}.timeline_links, ${schema}.timeline_posts, ${schema}.timeline_tag_follows`,
    );
    const prefix = redis.options.keyPrefix ?? '';
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${prefix}${timelineKeys.pattern}`,
        'COUNT',
        500,
      );
      cursor = next;
      if (keys.length > 0) await redis.del(...keys.map((k) => k.slice(prefix.length)));
    } while (cursor !== '0');
  },
});
