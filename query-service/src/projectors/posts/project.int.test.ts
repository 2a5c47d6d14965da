import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed, testMessages } from '../testing.ts';
import { postKeys } from './keys.ts';

/**
 * Posts, comments and who liked what. The same events go to a second read schema one at a time,
 * without any batch path (`eventByEvent`), where a post's events are written by the same code as a
 * batch of one: the rows and likers must come out the same.
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let batched: Bed;
let oneByOne: Bed;
const { event, registered } = testMessages();

beforeAll(async () => {
  [batched, oneByOne] = await Promise.all([
    projectorTestbed('posts-projector'),
    projectorTestbed('posts-one-by-one', { eventByEvent: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([batched?.close(), oneByOne?.close()]);
});

const at = (minute: number) => new Date(Date.UTC(2026, 3, 1, 9, minute)).toISOString();
const [ada, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
const postId = randomUUID();
const [bobComment, cyComment] = [randomUUID(), randomUUID()];

const everything: EventEnvelope[] = [
  registered(ada, 'Ada'),
  registered(bob, 'Bob'),
  registered(cy, 'Cy'),
  event('PostCreated', postId, 1, {
    postId,
    authorId: ada,
    content: 'Shipping the read models today',
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags: ['Kafka'],
    createdAt: at(0),
  }),
  event('PostLiked', postId, 2, { postId, userId: bob, likesCount: 1, likedAt: at(1) }),
  event('PostLiked', postId, 3, { postId, userId: cy, likesCount: 2, likedAt: at(2) }),
  event('CommentAdded', postId, 4, {
    postId,
    commentId: bobComment,
    authorId: bob,
    content: 'Congratulations!',
    commentsCount: 1,
    createdAt: at(3),
  }),
  event('PostUnliked', postId, 5, { postId, userId: bob, likesCount: 1, unlikedAt: at(4) }),
  event('CommentAdded', postId, 6, {
    postId,
    commentId: cyComment,
    authorId: cy,
    content: 'Which ones?',
    commentsCount: 2,
    createdAt: at(5),
  }),
  event('CommentRemoved', postId, 7, {
    postId,
    commentId: bobComment,
    authorId: bob,
    commentsCount: 1,
    removedAt: at(6),
  }),
];

/** What the posts model holds of the post: its row, its comments and who likes it. */
async function rows(bed: Bed) {
  const { rows: posts } = await bed.pool.query(
    `SELECT id, author_id, content, tags, tags_lower, likes_count, comments_count FROM ${bed.schema}.posts`,
  );
  const { rows: comments } = await bed.pool.query(
    `SELECT id, author_id, content FROM ${bed.schema}.post_comments ORDER BY created_at`,
  );
  const likers = (await bed.redis.smembers(postKeys.likes(postId))).sort();
  return { posts, comments, likers };
}

describe('the posts read model', () => {
  it('keeps the post, its standing comments, the counts the events carry and who likes it', async () => {
    await batched.runner.applyMessages(everything.map(batched.message));
    expect(await rows(batched)).toEqual({
      posts: [
        {
          id: postId,
          author_id: ada,
          content: 'Shipping the read models today',
          tags: ['Kafka'],
          tags_lower: ['kafka'],
          likes_count: 1,
          comments_count: 1,
        },
      ],
      comments: [{ id: cyComment, author_id: cy, content: 'Which ones?' }],
      likers: [cy],
    });
  });

  it('comes to the same rows one event at a time', async () => {
    for (const one of everything) await oneByOne.runner.applyMessages([oneByOne.message(one)]);
    expect(await rows(oneByOne)).toEqual(await rows(batched));
  });

  it('changes nothing when everything is redelivered, in order or reversed', async () => {
    const before = await rows(batched);
    const n = everything.length;
    expect(await batched.runner.applyMessages(everything.map(batched.message))).toEqual({
      applied: 0,
      skipped: n,
    });
    expect(await batched.runner.applyMessages([...everything].reverse().map(batched.message))).toEqual({
      applied: 0,
      skipped: n,
    });
    expect(await rows(batched)).toEqual(before);
  });

  it('rebuilds into the same rows', async () => {
    const before = await rows(batched);
    await batched.rebuildFrom(everything);
    expect(await rows(batched)).toEqual(before);
  });
});
