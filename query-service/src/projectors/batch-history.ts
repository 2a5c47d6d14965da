import { randomUUID } from 'node:crypto';
import { notificationDefaults } from '@careers/contracts/constants';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { Thread } from './batch-messaging-history.ts';
import { testMessages } from './testing.ts';

/**
 * The histories of the batch tests (`batch-*.int.test.ts`): a seeded generator, the streams
 * interleaved at random, batches cut at random, and the history of people, posts, likes and comments.
 * The network's history is in `batch-network-history.ts`, the applications' and jobs' in
 * `batch-job-history.ts`.
 */

/** A small seeded generator (mulberry32), so a failure can be run again as it was. */
export function seeded(seed: number) {
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

/** The streams' events interleaved at random, each stream's in its own order. */
export function interleaved(
  streams: readonly EventEnvelope[][],
  random: ReturnType<typeof seeded>,
): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  const open = streams.map((stream) => [...stream]);
  while (open.some((stream) => stream.length > 0)) {
    const stream = random.pick(open.filter((s) => s.length > 0));
    events.push(stream.shift() as EventEnvelope);
  }
  return events;
}

/**
 * Events as the write side makes them, in one order: people, connections, posts created all along,
 * likes and unlikes by few people on few posts (so one person likes, unlikes and likes one post again
 * within one batch), self-likes, comments, edits of posts and comments (one edited again and again,
 * some in the batch that made it, some changing the tags), likes and edits dated out of order, an
 * account deletion with the deleted person's likes still arriving after it (a lagging topic), and a
 * removed post. Posts carry pictures now and then, and people follow and unfollow tags all along (their
 * Following feeds, and the deleted person's follows). Connected people write to each other, block and
 * unblock each other, and two connections are removed (the conversations below).
 */
export function history(seed: number): EventEnvelope[] {
  const random = seeded(seed);
  const { event, current, registered } = testMessages();
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
  // Users 0-1, 1-3, 2-5, 3-7, 4-0 and 5-2 (2 and 5 connected twice).
  const connections: { connectionId: string; requesterId: string; recipientId: string }[] = [];
  for (let i = 0; i < 6; i++) {
    const [requesterId, recipientId] = [users[i] as string, users[(i * 2 + 1) % users.length] as string];
    if (requesterId === recipientId) continue;
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId, recipientId };
    connections.push(parties);
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
  const posts: {
    postId: string;
    authorId: string;
    likers: Set<string>;
    comments: number;
    /** Its comments, by id and author, for their edits. */
    written: { commentId: string; authorId: string }[];
    edits: number;
    removed: boolean;
  }[] = [];
  const deleted = users[3] as string;
  let minute = 0;
  const at = (back = 0) => new Date(Date.UTC(2026, 0, 2, 0, minute - back)).toISOString();
  const create = () => {
    const postId = randomUUID();
    const authorId = random.pick(users.filter((u) => u !== deleted));
    posts.push({ postId, authorId, likers: new Set(), comments: 0, written: [], edits: 0, removed: false });
    const images = Array.from({ length: random.int(3) }, (_, i) => ({
      imageId: randomUUID(),
      alt: i === 0 ? '' : `Picture ${i}`,
      width: 1600,
      height: 900 + i,
    }));
    events.push(
      current('PostCreated', postId, next(postId), {
        postId,
        authorId,
        content: `Post ${posts.length}`,
        type: 'text',
        category: 'Career',
        visibility: random.int(3) === 0 ? 'connections' : 'public',
        tags: random.int(2) === 0 ? ['Kafka', 'tuning'] : ['ＫＡＦＫＡ'],
        images,
        createdAt: at(),
      }),
    );
  };
  // Follows and unfollows of tags, by any spelling of them (tagKey: `Kafka`, `kafka`, `ＫＡＦＫＡ`).
  const followed = new Map<string, Set<string>>();
  const toggleFollow = (userId: string) => {
    const tag = random.pick(['Kafka', 'kafka', 'ＫＡＦＫＡ', 'tuning']);
    const key = tag.normalize('NFKC').toLowerCase();
    const mine = followed.get(userId) ?? new Set();
    followed.set(userId, mine);
    if (mine.has(key)) {
      mine.delete(key);
      events.push(event('TagUnfollowed', userId, next(userId), { userId, tag, unfollowedAt: at() }));
    } else {
      mine.add(key);
      events.push(event('TagFollowed', userId, next(userId), { userId, tag, followedAt: at() }));
    }
  };
  // Conversations of connected people, drawn from a generator of their own (the rest of the history is
  // as it was without them): 0-1, blocked both ways for a while, then their connection removed, their
  // messages sent before it still arriving after it (a lagging topic) and only reads after those; 1-3
  // and 3-7 with the deleted person, hers still arriving after her AccountDeleted, 3-7 started only
  // after it (dated before it), the other reading on; 2-5, connected twice, writing on after one of
  // their connections is removed. Blocks by the deleted person and of her (one arriving after her
  // deletion) go with her account.
  const chat = seeded(seed * 7919 + 17);
  const mail = seeded(seed * 104729 + 3);
  const user = (i: number) => users[i] as string;
  const threads = [
    new Thread(user(0), user(1)),
    new Thread(user(1), user(3)),
    new Thread(user(2), user(5)),
    new Thread(user(3), user(7)),
  ];
  const [cut, , , late] = threads as [Thread, Thread, Thread, Thread];
  const blocks = new Set<string>();
  const blocking: Record<number, [by: number, of: number, on: boolean]> = {
    120: [3, 5, true],
    150: [7, 2, true],
    200: [0, 1, true],
    260: [1, 0, true],
    305: [1, 3, true],
    420: [0, 1, false],
    480: [1, 0, false],
    700: [7, 2, false],
    800: [5, 2, true],
  };
  const removeConnection = (connection: (typeof connections)[number]) =>
    events.push(
      event('ConnectionRemoved', connection.connectionId, next(connection.connectionId), {
        ...connection,
        removedBy: connection.recipientId,
        removedAt: at(),
      }),
    );
  const talk = (step: number) => {
    const thread = chat.pick(threads.filter((t) => t !== late || step >= 310));
    const [a, b] = thread.participantIds;
    const herLagOver = thread.participantIds.includes(deleted) && step >= 380;
    const send =
      !blocks.has(`${a} ${b}`) && !blocks.has(`${b} ${a}`) && !herLagOver && (thread !== cut || step < 640);
    const by = herLagOver ? (a === deleted ? b : a) : undefined;
    const e = thread.step(chat, event, at(thread === late && step < 380 ? 20 : 0), { by, send });
    if (e) events.push(e);
  };
  for (const userId of users) if (random.int(2) === 0) toggleFollow(userId);
  for (let i = 0; i < 4; i++) create();
  for (let step = 0; step < 900; step++) {
    minute++;
    if (step === 300) {
      events.push(event('AccountDeleted', deleted, next(deleted), { userId: deleted, deletedAt: at() }));
    }
    const blocked = blocking[step];
    if (blocked) {
      const [by, of, on] = [user(blocked[0]), user(blocked[1]), blocked[2]];
      if (on) {
        blocks.add(`${by} ${of}`);
        events.push(event('PersonBlocked', by, next(by), { userId: by, blockedUserId: of, blockedAt: at() }));
      } else {
        blocks.delete(`${by} ${of}`);
        events.push(
          event('PersonUnblocked', by, next(by), { userId: by, blockedUserId: of, unblockedAt: at() }),
        );
      }
    }
    if (step === 500)
      removeConnection(connections[chat.int(2) === 0 ? 2 : 5] as (typeof connections)[number]);
    if (step === 600) removeConnection(connections[0] as (typeof connections)[number]);
    if (step % 8 === 3 || (step >= 300 && step < 400 && step % 8 === 7)) talk(step);
    if (step % 60 === 0) create();
    if (step % 45 === 7) {
      const userId = random.pick(users);
      if (userId !== deleted || step < 300) toggleFollow(userId);
    }
    // What the mail reads of people (the notifications model's cards): their choices, from a generator
    // of its own (the rest of the history is as it was without them).
    if (step % 45 === 20) {
      const userId = user(mail.int(users.length));
      if (userId !== deleted || step < 300) {
        events.push(
          event('JobAlertEmailsChosen', userId, next(userId), {
            userId,
            jobAlertEmails: mail.pick(['instant', 'daily'] as const),
            chosenAt: at(),
          }),
          event('AppearanceSettingsUpdated', userId, next(userId), {
            userId,
            settings: { theme: 'dark', language: 'en', timezone: mail.pick(['UTC', 'CST', 'PST'] as const) },
          }),
          event('NotificationSettingsUpdated', userId, next(userId), {
            userId,
            settings: { ...notificationDefaults, emailNotifications: mail.int(2) === 0 },
          }),
        );
      }
    }
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
    if (random.int(16) === 0) {
      // An author's edit: of the post, or of one of its comments (by its author) if it has any.
      post.edits++;
      // Not the deleted person's: the write side takes no command of theirs after the deletion.
      const editable = post.written.filter((c) => c.authorId !== deleted);
      const comment = editable.length > 0 && random.int(2) === 1 ? random.pick(editable) : undefined;
      if (comment) {
        events.push(
          event('CommentEdited', post.postId, next(post.postId), {
            postId: post.postId,
            commentId: comment.commentId,
            authorId: comment.authorId,
            content: `  Comment edited at ${step}  `,
            editedAt: when,
          }),
        );
      } else {
        // Some edits change the tags (version 2), some leave them (as version 1 edits did).
        const tags = random.int(3) === 0 ? undefined : random.pick([[], ['Tuning'], ['kafka', 'Streams']]);
        events.push(
          event('PostEdited', post.postId, next(post.postId), {
            postId: post.postId,
            authorId: post.authorId,
            content: `Post edited ${post.edits} times, last at ${step}`,
            ...(tags ? { tags } : {}),
            editedAt: when,
          }),
        );
      }
      continue;
    }
    if (random.int(8) === 0) {
      post.comments++;
      const commentId = randomUUID();
      post.written.push({ commentId, authorId: userId });
      events.push(
        event('CommentAdded', post.postId, next(post.postId), {
          postId: post.postId,
          commentId,
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
export function batches<T>(events: readonly T[], seed: number, largest: number): T[][] {
  const random = seeded(seed);
  const out: T[][] = [];
  for (let i = 0; i < events.length; ) {
    const size = 1 + random.int(largest);
    out.push(events.slice(i, i + size));
    i += size;
  }
  return out;
}
