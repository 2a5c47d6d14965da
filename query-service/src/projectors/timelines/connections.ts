import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { deletedAmong } from '../erasure.ts';
import type { ProjectionContext } from '../projector.ts';
import { TIMELINE_CAP, timelineKeys } from './keys.ts';
import {
  ALL_POSTS,
  addToTimeline,
  TIMELINE_POST_COLUMNS,
  type TimelinePost,
  timelinePostOf,
} from './posts.ts';
import { followsOf, reachesThroughTags } from './tag-follows.ts';

/** The timelines model's copy of the accepted connections (timeline_links), and what they bring and take. */

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
export async function applyConnections(
  events: readonly DomainEvent[],
  ctx: ProjectionContext,
): Promise<void> {
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
