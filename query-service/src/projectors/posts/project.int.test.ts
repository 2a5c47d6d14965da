import { randomUUID } from 'node:crypto';
import { parseDomainEvent } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { type PoolClient, withTransaction } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionContext } from '../projector.ts';
import { projectorTestbed, testMessages } from '../testing.ts';
import { postsProjector } from './project.ts';
import { PostQueries } from './queries.ts';

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
  // Edits: the post twice (the later text stays) and Cy's comment once.
  event('PostEdited', postId, 8, {
    postId,
    authorId: ada,
    content: 'Shipping the read models tomorrow',
    editedAt: at(7),
  }),
  event('CommentEdited', postId, 9, {
    postId,
    commentId: cyComment,
    authorId: cy,
    content: 'Which ones, exactly?',
    editedAt: at(8),
  }),
  event('PostEdited', postId, 10, {
    postId,
    authorId: ada,
    content: 'Shipped the read models',
    editedAt: at(9),
  }),
];

/** What the posts model holds of the post: its row, its comments and who likes it. */
async function rows(bed: Bed) {
  const { rows: posts } = await bed.pool.query(
    `SELECT id, author_id, content, tags, tag_keys, likes_count, comments_count, edited_at
       FROM ${bed.schema}.posts WHERE id = $1`,
    [postId],
  );
  const { rows: comments } = await bed.pool.query(
    `SELECT id, author_id, content, edited_at FROM ${bed.schema}.post_comments WHERE post_id = $1
      ORDER BY created_at`,
    [postId],
  );
  const { rows: likes } = await bed.pool.query<{ user_id: string }>(
    `SELECT user_id FROM ${bed.schema}.post_likers WHERE post_id = $1 ORDER BY user_id`,
    [postId],
  );
  const likers = likes.map((r) => r.user_id);
  return { posts, comments, likers };
}

describe('the posts read model', () => {
  it('keeps the post, its standing comments as last edited, the counts the events carry and who likes it', async () => {
    await batched.runner.applyMessages(everything.map(batched.message));
    expect(await rows(batched)).toEqual({
      posts: [
        {
          id: postId,
          author_id: ada,
          content: 'Shipped the read models',
          tags: ['Kafka'],
          tag_keys: ['kafka'],
          likes_count: 1,
          comments_count: 1,
          edited_at: new Date(at(9)),
        },
      ],
      comments: [
        { id: cyComment, author_id: cy, content: 'Which ones, exactly?', edited_at: new Date(at(8)) },
      ],
      likers: [cy],
    });
  });

  it('shows the new texts with when they changed, and nothing of an edit on what was never edited', async () => {
    const posts = new PostQueries(batched.pool, batched.redis, batched.schema);
    const shown = await posts.findPost(postId, bob);
    expect(shown).toMatchObject({ content: 'Shipped the read models', editedAt: at(9) });
    expect(shown?.comments).toMatchObject([
      { _id: cyComment, content: 'Which ones, exactly?', editedAt: at(8) },
    ]);
    const [mine] = await posts.byAuthor(ada);
    expect(mine).toMatchObject({ _id: postId, editedAt: at(9), comments: [{ editedAt: at(8) }] });
    const { posts: page } = await posts.feed(bob, { page: 1, limit: 10, tags: ['kafka'], following: false });
    expect(page.find((p) => p._id === postId)).toMatchObject({ editedAt: at(9) });

    // A post and a comment never edited have no editedAt at all (not null).
    const [plain, plainComment] = [randomUUID(), randomUUID()];
    await batched.runner.applyMessages(
      [
        event('PostCreated', plain, 1, {
          postId: plain,
          authorId: ada,
          content: 'Never edited',
          type: 'text',
          category: 'Career',
          visibility: 'public',
          tags: [],
          createdAt: at(20),
        }),
        event('CommentAdded', plain, 2, {
          postId: plain,
          commentId: plainComment,
          authorId: bob,
          content: 'Nor this',
          commentsCount: 1,
          createdAt: at(21),
        }),
      ].map(batched.message),
    );
    const unedited = await posts.findPost(plain, bob);
    expect(unedited).not.toHaveProperty('editedAt');
    expect(unedited?.comments[0]).not.toHaveProperty('editedAt');
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

  it('skips an older edit redelivered after a newer one: the newer text stays', async () => {
    const before = await rows(batched);
    const olderEdit = everything.find((e) => e.type === 'PostEdited') as EventEnvelope;
    expect(await batched.runner.applyMessages([batched.message(olderEdit)])).toEqual({
      applied: 0,
      skipped: 1,
    });
    expect(await rows(batched)).toEqual(before);
  });

  it('ends with the newest text when the edits come again past the checkpoints, and brings back nothing removed', async () => {
    const before = await rows(batched);
    // A redelivery repeats a suffix of the stream, in order: applied again, it sets what it set before.
    const edits = everything.filter((e) => e.type === 'PostEdited' || e.type === 'CommentEdited');
    const again = edits.map((e) => parseDomainEvent(e));
    // Edits of the removed comment and of a post that is not (or no longer) here.
    const nowhere = randomUUID();
    const gone = [
      event('CommentEdited', postId, 11, {
        postId,
        commentId: bobComment,
        authorId: bob,
        content: 'Back from the dead?',
        editedAt: at(10),
      }),
      event('PostEdited', nowhere, 2, {
        postId: nowhere,
        authorId: ada,
        content: 'Nowhere',
        editedAt: at(10),
      }),
    ].map((e) => parseDomainEvent(e));
    await withTransaction(batched.pool, async (tx) => {
      const ctx = batchedContext(tx);
      for (const e of [...again, ...gone]) await postsProjector.apply(e, ctx);
      await postsProjector.applyBatch?.([...again, ...gone], ctx);
    });
    expect(await rows(batched)).toEqual(before);
    const { rows: found } = await batched.pool.query(
      `SELECT id FROM ${batched.schema}.post_comments WHERE id = $1
        UNION ALL SELECT id FROM ${batched.schema}.posts WHERE content = 'Nowhere'`,
      [bobComment],
    );
    expect(found).toEqual([]);
  });

  it('rebuilds into the same rows', async () => {
    const before = await rows(batched);
    await batched.rebuildFrom(everything);
    expect(await rows(batched)).toEqual(before);
  });
});

describe("the posts model's own links between connected people", () => {
  const [ann, ben, cal, dan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const [c1, c2, c3, c4, c5] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const parties = (connectionId: string, requesterId: string, recipientId: string) => ({
    connectionId,
    requesterId,
    recipientId,
  });
  const requested = (id: string, from: string, to: string, minute: number) =>
    event('ConnectionRequested', id, 1, { ...parties(id, from, to), requestedAt: at(minute) });
  const accepted = (id: string, from: string, to: string, minute: number) =>
    event('ConnectionAccepted', id, 2, { ...parties(id, from, to), respondedAt: at(minute) });
  // Ann and Ben connect, part (c1) and connect again (c2); Cal declines Ann (c3) and Ann withdraws a
  // request to Cal (c4); Cal and Dan connect (c5), then Cal deletes their account.
  const streams = {
    c1: [
      requested(c1, ann, ben, 10),
      accepted(c1, ann, ben, 11),
      event('ConnectionRemoved', c1, 3, { ...parties(c1, ann, ben), removedBy: ann, removedAt: at(12) }),
    ],
    c2: [requested(c2, ben, ann, 13), accepted(c2, ben, ann, 14)],
    c3: [
      requested(c3, ann, cal, 15),
      event('ConnectionDeclined', c3, 2, { ...parties(c3, ann, cal), respondedAt: at(16) }),
    ],
    c4: [
      requested(c4, ann, cal, 17),
      event('ConnectionWithdrawn', c4, 2, { ...parties(c4, ann, cal), withdrawnAt: at(18) }),
    ],
    c5: [requested(c5, cal, dan, 19), accepted(c5, cal, dan, 20)],
  };
  const calGone = event('AccountDeleted', cal, 2, { userId: cal, deletedAt: at(21) });
  const people = [
    registered(ann, 'Ann'),
    registered(ben, 'Ben'),
    registered(cal, 'Cal'),
    registered(dan, 'Dan'),
  ];
  const inOrder = [...people, ...streams.c1, ...streams.c2, ...streams.c3, ...streams.c4, ...streams.c5];
  // The second connection's stream whole before the first's, as another partition may deliver it.
  const outOfOrder = [...people, ...streams.c2, ...streams.c5, ...streams.c4, ...streams.c3, ...streams.c1];
  const links = async (bed: Bed) =>
    (
      await bed.pool.query(
        `SELECT user_id, other_id, connection_id FROM ${bed.schema}.post_links
          WHERE user_id = ANY($1) ORDER BY user_id, other_id, connection_id`,
        [[ann, ben, cal, dan]],
      )
    ).rows;
  const sorted = (list: { user_id: string; other_id: string; connection_id: string }[]) =>
    [...list].sort((a, b) =>
      `${a.user_id}${a.other_id}${a.connection_id}`.localeCompare(
        `${b.user_id}${b.other_id}${b.connection_id}`,
      ),
    );

  it('links the people of each accepted connection both ways, whatever order the streams come in', async () => {
    await batched.runner.applyMessages(inOrder.map(batched.message));
    for (const one of outOfOrder) await oneByOne.runner.applyMessages([oneByOne.message(one)]);
    const expected = sorted([
      { user_id: ann, other_id: ben, connection_id: c2 },
      { user_id: ben, other_id: ann, connection_id: c2 },
      { user_id: cal, other_id: dan, connection_id: c5 },
      { user_id: dan, other_id: cal, connection_id: c5 },
    ]);
    expect(sorted(await links(batched))).toEqual(expected);
    expect(sorted(await links(oneByOne))).toEqual(expected);

    // A connections-only post of Ann's is Ben's to see, not Cal's.
    const postOfAnn = randomUUID();
    await batched.runner.applyMessages([
      batched.message(
        event('PostCreated', postOfAnn, 1, {
          postId: postOfAnn,
          authorId: ann,
          content: 'For my network',
          type: 'text',
          category: 'Career',
          visibility: 'connections',
          tags: [],
          createdAt: at(30),
        }),
      ),
    ]);
    const posts = new PostQueries(batched.pool, batched.redis, batched.schema);
    expect((await posts.findPost(postOfAnn, ben))?._id).toBe(postOfAnn);
    expect(await posts.findPost(postOfAnn, cal)).toBeNull();
  });

  it('unlinks a deleted account from everyone, and changes nothing when it all comes again', async () => {
    for (const bed of [batched, oneByOne]) await bed.runner.applyMessages([bed.message(calGone)]);
    const expected = sorted([
      { user_id: ann, other_id: ben, connection_id: c2 },
      { user_id: ben, other_id: ann, connection_id: c2 },
    ]);
    expect(sorted(await links(batched))).toEqual(expected);
    expect(sorted(await links(oneByOne))).toEqual(expected);

    const all = [...inOrder, calGone];
    expect((await batched.runner.applyMessages([...all].reverse().map(batched.message))).applied).toBe(0);
    // Applied again past the checkpoints, one by one and as a run: each link is set or unset again.
    const again = [...streams.c1, ...streams.c2, ...streams.c3, ...streams.c5].map((e) =>
      parseDomainEvent(e),
    );
    const handled = again.filter((e) => postsProjector.handles.includes(e.type));
    await withTransaction(batched.pool, async (tx) => {
      const ctx = batchedContext(tx);
      for (const e of handled) await postsProjector.apply(e, ctx);
      await postsProjector.applyBatch?.(handled, ctx);
      await postsProjector.apply(parseDomainEvent(calGone), ctx);
    });
    expect(sorted(await links(batched))).toEqual(expected);

    await batched.rebuildFrom(all);
    expect(sorted(await links(batched))).toEqual(expected);
  });
});

/** A projection context on the batched bed's schema, for applying events past the runner. */
function batchedContext(tx: PoolClient): ProjectionContext {
  return {
    tx,
    schema: batched.schema,
    redis: batched.redis.multi(),
    search: batched.runner.search,
    afterCommit: () => {},
  };
}
