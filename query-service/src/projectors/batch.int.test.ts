import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModelSnapshot } from './read-model-snapshot.ts';
import { projectorTestbed, testMessages } from './testing.ts';

/** A small seeded generator (mulberry32), so a failure can be run again as it was. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

/**
 * Events as the write side makes them, in one order: people, connections, posts created all along,
 * likes and unlikes by few people on few posts (so one person likes, unlikes and likes one post again
 * within one batch), self-likes, comments, likes dated out of order, an account deletion with the
 * deleted person's likes still arriving after it (a lagging topic), and a removed post.
 */
function history(seed: number): EventEnvelope[] {
  const random = seeded(seed);
  const { event, registered } = testMessages();
  const events: EventEnvelope[] = [];
  const users = Array.from({ length: 9 }, () => randomUUID());
  const versions = new Map<string, number>();
  for (const [i, userId] of users.entries()) {
    events.push(registered(userId, `Person${i}`));
    versions.set(userId, 1);
  }
  const next = (streamId: string) => {
    const v = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, v);
    return v;
  };
  for (let i = 0; i < 6; i++) {
    const [requesterId, recipientId] = [users[i] as string, users[(i * 2 + 1) % users.length] as string];
    if (requesterId === recipientId) continue;
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId, recipientId };
    events.push(
      event('ConnectionRequested', connectionId, next(connectionId), {
        ...parties,
        requestedAt: '2026-01-01T09:00:00.000Z',
      }),
      event('ConnectionAccepted', connectionId, next(connectionId), {
        ...parties,
        respondedAt: '2026-01-01T09:05:00.000Z',
      }),
    );
  }
  const posts: { postId: string; likers: Set<string>; comments: number; removed: boolean }[] = [];
  const deleted = users[3] as string;
  let minute = 0;
  const at = (back = 0) => new Date(Date.UTC(2026, 0, 2, 0, minute - back)).toISOString();
  const create = () => {
    const postId = randomUUID();
    posts.push({ postId, likers: new Set(), comments: 0, removed: false });
    events.push(
      event('PostCreated', postId, next(postId), {
        postId,
        authorId: random.pick(users.filter((u) => u !== deleted)),
        content: `Post ${posts.length}`,
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: ['Kafka', 'tuning'],
        createdAt: at(),
      }),
    );
  };
  for (let i = 0; i < 4; i++) create();
  for (let step = 0; step < 900; step++) {
    minute++;
    if (step === 300) {
      events.push(event('AccountDeleted', deleted, next(deleted), { userId: deleted, deletedAt: at() }));
    }
    if (step % 60 === 0) create();
    const post = random.pick(posts.filter((p) => !p.removed));
    if (step === 700) {
      post.removed = true;
      events.push(
        event('PostRemoved', post.postId, next(post.postId), {
          postId: post.postId,
          authorId: users[0] as string,
          removedAt: at(),
        }),
      );
      continue;
    }
    const userId = random.pick(users.slice(0, 5));
    // Now and then a like dated before the last one, as concurrent commands may commit.
    const when = at(random.int(10) === 0 ? 30 : 0);
    if (random.int(8) === 0) {
      post.comments++;
      events.push(
        event('CommentAdded', post.postId, next(post.postId), {
          postId: post.postId,
          commentId: randomUUID(),
          authorId: userId,
          content: `  Comment ${step}  `,
          commentsCount: post.comments,
          createdAt: when,
        }),
      );
    } else if (post.likers.has(userId)) {
      post.likers.delete(userId);
      events.push(
        event('PostUnliked', post.postId, next(post.postId), {
          postId: post.postId,
          userId,
          likesCount: post.likers.size,
          unlikedAt: when,
        }),
      );
    } else {
      post.likers.add(userId);
      events.push(
        event('PostLiked', post.postId, next(post.postId), {
          postId: post.postId,
          userId,
          likesCount: post.likers.size,
          likedAt: when,
        }),
      );
    }
  }
  return events;
}

/** Cuts `events` into batches of 1 to `largest` events. */
function batches<T>(events: readonly T[], seed: number, largest: number): T[][] {
  const random = seeded(seed);
  const out: T[][] = [];
  for (let i = 0; i < events.length; ) {
    const size = 1 + random.int(largest);
    out.push(events.slice(i, i + size));
    i += size;
  }
  return out;
}

let oneByOne: Awaited<ReturnType<typeof projectorTestbed>>;
let batched: Awaited<ReturnType<typeof projectorTestbed>>;

beforeAll(async () => {
  oneByOne = await projectorTestbed('batch-one-by-one', { eventByEvent: true });
  batched = await projectorTestbed('batch');
});
afterAll(async () => {
  await oneByOne?.close();
  await batched?.close();
});

const snapshotOf = (bed: typeof batched) => readModelSnapshot(bed.pool, bed.config.DB_SCHEMA, bed.redis);

describe('projector batches', () => {
  for (const seed of [1, 2, 3]) {
    it(`given one history (seed ${seed}), batches of up to 150 events leave the read models as applying each event alone does, and redelivering them, in order or reversed, changes nothing`, async () => {
      const events = history(seed);
      await oneByOne.rebuildFrom(events);
      await batched.rebuildFrom([]);
      let applied = 0;
      const cut = batches(events, seed * 7, 150);
      for (const batch of cut) {
        applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      expect(applied).toBe(events.length);
      const expected = await snapshotOf(oneByOne);
      // The history reaches every batched path: grouped likes going down to none, comments, timelines.
      expect(expected.tables.notifications?.length).toBeGreaterThan(0);
      expect(expected.tables.notification_likers?.length).toBeGreaterThan(0);
      expect(Object.keys(expected.keys).some((k) => k.startsWith('timelines:'))).toBe(true);
      expect(await snapshotOf(batched)).toEqual(expected);

      let again = 0;
      for (const batch of batches(events, seed * 11, 300)) {
        const result = await batched.runner.applyMessages(batch.map((e) => batched.message(e)));
        again += result.applied;
      }
      expect(again).toBe(0);
      expect(await snapshotOf(batched)).toEqual(expected);

      // And in reverse: the newest of each stream first, so every older one is behind its checkpoint.
      const reversed = [...events].reverse();
      const backwards = await batched.runner.applyMessages(reversed.map((e) => batched.message(e)));
      expect(backwards.applied).toBe(0);
      expect(await snapshotOf(batched)).toEqual(expected);
    });
  }

  it('dead-letters a poison message in the middle of a batch and applies the rest of it as one by one does', async () => {
    const events = history(4);
    await oneByOne.rebuildFrom(events);
    await batched.rebuildFrom([]);
    const poison = [
      batched.message('{not json'),
      batched.message({ ...events[events.length - 1], data: { postId: 'x', likesCount: -1 } }),
    ];
    for (const [i, batch] of batches(events, 5, 200).entries()) {
      const messages = batch.map((e) => batched.message(e));
      if (i === 1) messages.splice(Math.floor(messages.length / 2), 0, ...poison);
      await batched.runner.applyMessages(messages);
    }
    const { rows } = await batched.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${batched.schema}.dead_letters`,
    );
    expect(rows[0]?.n).toBe(2);
    expect(await snapshotOf(batched)).toEqual(await snapshotOf(oneByOne));
  });
});
