import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { eventsDecided } from '@careers/contracts/events/event-table';
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
  const { rows } = await ctx.tx.query<{ id: string; created_at: Date }>(
    `SELECT id, created_at FROM ${ctx.schema}.timeline_posts WHERE author_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [authorId, limit],
  );
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at }));
}

/** The distinct people `userId` is connected with, as the model's own links have them. */
async function connectedWith(ctx: ProjectionContext, userId: string): Promise<string[]> {
  const { rows } = await ctx.tx.query<{ other_id: string }>(
    `SELECT DISTINCT other_id FROM ${ctx.schema}.timeline_links WHERE user_id = $1`,
    [userId],
  );
  return rows.map((r) => r.other_id);
}

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
  const { rows } = await ctx.tx.query<{ author_id: string; id: string; created_at: Date }>(
    `SELECT a.author_id, p.id, p.created_at
       FROM unnest($1::text[], $2::int[]) AS a(author_id, n)
       CROSS JOIN LATERAL (
         SELECT id, created_at FROM ${ctx.schema}.timeline_posts WHERE author_id = a.author_id
          ORDER BY created_at DESC, id DESC LIMIT a.n) p
      ORDER BY a.author_id, p.created_at DESC, p.id DESC`,
    [[...limits.keys()], [...limits.values()]],
  );
  const postsOf = new Map<string, { id: string; createdAt: Date }[]>();
  for (const r of rows) {
    const list = postsOf.get(r.author_id) ?? [];
    list.push({ id: r.id, createdAt: r.created_at });
    postsOf.set(r.author_id, list);
  }
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
        const ids = recent(author, ALL_POSTS).map((p) => p.id);
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
  const posts: { id: string; authorId: string; createdAt: string }[] = [];
  const connections: DomainEvent[] = [];
  for (const event of events) {
    if (event.type === 'PostCreated') {
      posts.push({ id: event.data.postId, authorId: event.data.authorId, createdAt: event.data.createdAt });
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
    `INSERT INTO ${ctx.schema}.timeline_posts (id, author_id, created_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[]) ON CONFLICT (id) DO NOTHING`,
    [posts.map((p) => p.id), posts.map((p) => p.authorId), posts.map((p) => p.createdAt)],
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
  // One ZADD per reader; trimming once after it keeps the same newest TIMELINE_CAP as trimming after each.
  const byReader = new Map<string, { id: string; createdAt: string }[]>();
  for (const post of posts) {
    for (const reader of readersOf.get(post.authorId) ?? []) {
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
 * Fan-out on write: a new post goes into the home timeline of its author and of everyone connected
 * with the author. A new connection brings each side's recent posts into the other's timeline; a
 * removed one takes them out. ZADD and ZREM are idempotent, so redelivery changes nothing.
 *
 * What it needs of the network and the posts it keeps itself, from the same events: each person's
 * accepted connections (timeline_links, both ways) and each post's author and time (timeline_posts),
 * set by key, so a redelivered event writes what it wrote before.
 *
 * A removed post leaves the timelines of its author and of everyone connected with them. An account
 * deletion drops the person's own timeline and takes their posts out of their connections' timelines,
 * from the model's own copies, which it then drops. Anything applied after it that would put the person
 * or their posts back (a lagging post or connection stream) is refused by the deleted-accounts check;
 * whatever stays of a post until its PostRemoved is then taken out by it.
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
      'AccountDeleted',
    ],
    ignores: [
      ...userEventsBesidesDeletion,
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
      case 'PostRemoved': {
        const { postId, authorId } = event.data;
        const readers = [authorId, ...(await connectedWith(ctx, authorId))];
        for (const reader of readers) ctx.redis.zrem(timelineKeys.home(reader), postId);
        await ctx.tx.query(`DELETE FROM ${ctx.schema}.timeline_posts WHERE id = $1`, [postId]);
        return;
      }
      case 'AccountDeleted': {
        const { userId } = event.data;
        ctx.redis.del(timelineKeys.home(userId));
        const ids = (await recentPostsOf(ctx, userId, ALL_POSTS)).map((p) => p.id);
        if (ids.length > 0) {
          for (const reader of await connectedWith(ctx, userId)) {
            ctx.redis.zrem(timelineKeys.home(reader), ...ids);
          }
        }
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
    await tx.query(`TRUNCATE ${schema}.timeline_links, ${schema}.timeline_posts`);
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
