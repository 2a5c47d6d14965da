import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadSchema } from '../migrate.ts';
import { projectorTestbed, testMessages } from './testing.ts';

/**
 * People you may know and the home timelines keep their own copies of the network and the posts
 * (suggestion_links, timeline_links, timeline_posts). Read models that existed before those copies
 * were made get them from migration 024, copied once from the connections and posts read models:
 * given a history, the copy the migration makes is the copy the projectors keep from the events.
 */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
const { event, registered } = testMessages();

beforeAll(async () => {
  bed = await projectorTestbed('network-copies', { freshSchemas: true });
});
afterAll(async () => {
  await bed?.close();
});

const COPIES = ['suggestion_links', 'timeline_links', 'timeline_posts'] as const;
const MIGRATION = '024_own_network.sql';

let minute = 0;
const at = () => new Date(Date.UTC(2026, 5, 1, 9, minute++)).toISOString();

/** People connecting in every way a relationship can end, a pair connecting again, posts, a deletion. */
function history(): EventEnvelope[] {
  const people = Array.from({ length: 6 }, () => randomUUID());
  const [ana, ben, cat, dan, eli, leaving] = people as [string, string, string, string, string, string];
  const events: EventEnvelope[] = people.map((id, i) => registered(id, `Copy${i}`));
  const relationship = (
    requesterId: string,
    recipientId: string,
    ending: 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'removed',
  ) => {
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId, recipientId };
    const stream = [event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: at() })];
    if (ending === 'declined')
      stream.push(event('ConnectionDeclined', connectionId, 2, { ...parties, respondedAt: at() }));
    if (ending === 'withdrawn')
      stream.push(event('ConnectionWithdrawn', connectionId, 2, { ...parties, withdrawnAt: at() }));
    if (ending === 'accepted' || ending === 'removed')
      stream.push(event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: at() }));
    if (ending === 'removed') {
      stream.push(
        event('ConnectionRemoved', connectionId, 3, { ...parties, removedBy: requesterId, removedAt: at() }),
      );
    }
    return stream;
  };
  const post = (authorId: string) => {
    const postId = randomUUID();
    return event('PostCreated', postId, 1, {
      postId,
      authorId,
      content: 'On copies',
      type: 'text',
      category: 'Career',
      visibility: 'connections',
      tags: [],
      createdAt: at(),
    });
  };
  const removedPost = post(ben);
  events.push(
    ...relationship(ana, ben, 'accepted'),
    ...relationship(ben, cat, 'removed'),
    ...relationship(cat, ben, 'accepted'),
    ...relationship(cat, dan, 'declined'),
    ...relationship(dan, eli, 'withdrawn'),
    ...relationship(eli, ana, 'pending'),
    ...relationship(leaving, ana, 'accepted'),
    ...relationship(ben, leaving, 'pending'),
    post(ana),
    removedPost,
    post(cat),
    post(leaving),
    event('PostRemoved', removedPost.streamId, 2, {
      postId: removedPost.streamId,
      authorId: ben,
      removedAt: at(),
    }),
    event('AccountDeleted', leaving, 2, { userId: leaving, deletedAt: at() }),
  );
  return events;
}

/** The columns migration 024 made: the timelines' posts have more since (migration 035 copies those). */
const COLUMNS: Record<(typeof COPIES)[number], string> = {
  suggestion_links: '*',
  timeline_links: '*',
  timeline_posts: 'id, author_id, created_at',
};

async function copies(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of COPIES) {
    const { rows } = await bed.pool.query(
      `SELECT ${COLUMNS[table]} FROM ${bed.schema}.${table} t ORDER BY to_jsonb(t)::text`,
    );
    out[table] = rows;
  }
  return out;
}

describe('the network and posts copied once by migration 024', () => {
  it('makes the rows the projectors keep from the events', async () => {
    await bed.runner.applyMessages(history().map(bed.message));
    const kept = await copies();
    expect(kept.suggestion_links?.length).toBeGreaterThan(10);
    expect(kept.timeline_links?.length).toBeGreaterThan(2);
    expect(kept.timeline_posts?.length).toBe(2);

    // As the read models stood before the migration: no copies, the migration not yet applied.
    for (const table of COPIES) await bed.pool.query(`DROP TABLE ${bed.schema}.${table}`);
    await bed.pool.query(`DELETE FROM ${bed.schema}.schema_migrations WHERE id = $1`, [MIGRATION]);
    expect(await migrateReadSchema(bed.pool, bed.config.DB_SCHEMA)).toEqual([MIGRATION]);
    expect(await copies()).toEqual(kept);
  });
});
