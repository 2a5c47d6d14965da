import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { eventsDecided } from '@careers/contracts/events/event-table';
import { connectedUserIds } from '../connections/queries.ts';
import { deletedAmong } from '../erasure.ts';
import { type ProjectionContext, type Projector, userEventsBesidesDeletion } from '../projector.ts';
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
    `SELECT id, created_at FROM ${ctx.schema}.posts WHERE author_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [authorId, limit],
  );
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at }));
}

/** A pair of people whichever asked: the key of their relationship's rows. */
const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/** The accepted relationships of every pair the events name, by pair, as the read model has them. */
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
  // Ordered by the database's least/greatest, as the pair index is.
  const { rows } = await ctx.tx.query<{ id: string; requester_id: string; recipient_id: string }>(
    `SELECT c.id, c.requester_id, c.recipient_id
       FROM unnest($1::text[], $2::text[]) AS p(a, b)
       JOIN ${ctx.schema}.connections c
         ON least(c.requester_id, c.recipient_id) = least(p.a, p.b)
        AND greatest(c.requester_id, c.recipient_id) = greatest(p.a, p.b)
      WHERE c.status = 'accepted'`,
    [requesters, recipients],
  );
  for (const r of rows) accepted.get(pairKey(r.requester_id, r.recipient_id))?.add(r.id);
  return accepted;
}

/**
 * Connections accepted and removed (one event, or a run of the connection topic, where neither the
 * posts nor the deleted accounts change), each in turn: the deleted among the people and the posts of
 * every author are read once, then each event makes its Redis writes, in order.
 *
 * A removal takes each side's posts out of the other's timeline only when the pair is left with no
 * accepted relationship. The topic is partitioned by relationship, so a pair that connected again may
 * have its new acceptance read before the old relationship's removal: the pair is then still connected
 * and keeps its posts. Which of the pair's relationships are accepted is read as the read model stood
 * before these events (this projector runs before the connections projector) and followed through them.
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
         SELECT id, created_at FROM ${ctx.schema}.posts WHERE author_id = a.author_id
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
    }
  }
}

/**
 * The effect of PostCreated, ConnectionAccepted and ConnectionRemoved, for any number of them in
 * stream order: written here once, for a batch or for one event alone.
 */
async function applyTimelineRun(events: readonly DomainEvent[], ctx: ProjectionContext): Promise<void> {
  const posts: { id: string; authorId: string; createdAt: string }[] = [];
  const connections: DomainEvent[] = [];
  for (const event of events) {
    if (event.type === 'PostCreated') {
      posts.push({ id: event.data.postId, authorId: event.data.authorId, createdAt: event.data.createdAt });
    } else if (event.type === 'ConnectionAccepted' || event.type === 'ConnectionRemoved') {
      connections.push(event);
    } else {
      throw new Error(`timelines: ${event.type} is not taken in batches`);
    }
  }
  if (connections.length > 0) await applyConnections(connections, ctx);
  if (posts.length === 0) return;
  const authors = [...new Set(posts.map((p) => p.authorId))];
  // Every author not deleted reads their own post, and so does everyone connected with them: one query.
  const { rows } = await ctx.tx.query<{ author_id: string; reader_id: string }>(
    `WITH a AS (SELECT author_id FROM unnest($1::text[]) AS a(author_id)
                 WHERE NOT EXISTS (SELECT 1 FROM ${ctx.schema}.deleted_accounts d WHERE d.user_id = a.author_id))
     SELECT author_id, author_id AS reader_id FROM a
     UNION ALL
     SELECT c.requester_id, c.recipient_id FROM ${ctx.schema}.connections c
      WHERE c.requester_id IN (SELECT author_id FROM a) AND c.status = 'accepted'
     UNION ALL
     SELECT c.recipient_id, c.requester_id FROM ${ctx.schema}.connections c
      WHERE c.recipient_id IN (SELECT author_id FROM a) AND c.status = 'accepted'`,
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
 * A removed post leaves the timelines of its author and of everyone connected with them. An account
 * deletion drops the person's own timeline and takes their posts out of their connections' timelines,
 * reading the posts and connections as they stand before the other read models drop them (this
 * projector runs before those: see registry.ts). Anything applied after it that would put the person
 * or their posts back (a lagging post or connection stream) is refused by the deleted-accounts check;
 * whatever stays of a post until its PostRemoved is then taken out by it.
 */
export const timelinesProjector: Projector = {
  name: 'timelines',
  handles: eventsDecided(['connection', 'post', 'user'], {
    handles: ['PostCreated', 'PostRemoved', 'ConnectionAccepted', 'ConnectionRemoved', 'AccountDeleted'],
    ignores: [
      ...userEventsBesidesDeletion,
      'ConnectionRequested',
      'ConnectionDeclined',
      'ConnectionWithdrawn',
      'PostLiked',
      'PostUnliked',
      'CommentAdded',
      'CommentRemoved',
    ],
  }),
  async apply(event, ctx) {
    switch (event.type) {
      // Written once, as a batch of one (applyBatch).
      case 'PostCreated':
      case 'ConnectionAccepted':
      case 'ConnectionRemoved':
        return applyTimelineRun([event], ctx);
      case 'PostRemoved': {
        const { postId, authorId } = event.data;
        const readers = [authorId, ...(await connectedUserIds(ctx.tx, ctx.schema, authorId))];
        for (const reader of readers) ctx.redis.zrem(timelineKeys.home(reader), postId);
        return;
      }
      case 'AccountDeleted': {
        const { userId } = event.data;
        ctx.redis.del(timelineKeys.home(userId));
        const ids = (await recentPostsOf(ctx, userId, ALL_POSTS)).map((p) => p.id);
        if (ids.length === 0) return;
        for (const reader of await connectedUserIds(ctx.tx, ctx.schema, userId)) {
          ctx.redis.zrem(timelineKeys.home(reader), ...ids);
        }
        return;
      }
    }
  },
  batched: ['PostCreated', 'ConnectionAccepted', 'ConnectionRemoved'],
  applyBatch: (events, ctx) => applyTimelineRun(events, ctx),
  async reset({ redis }) {
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
};
