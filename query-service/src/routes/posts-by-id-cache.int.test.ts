import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { postMessages } from '@careers/contracts/messages';
import { ConsistencyTokenSigner, consistencyTokenSecret, SESSION_COOKIE } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedPost, type PostsBed, postsFixtures } from './posts-testing.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * The response cache of a single post (GET /api/posts/:id): kept until the post itself changes, per
 * reader, and never served once a change is applied.
 */

let bed: PostsBed;
let signer: ConsistencyTokenSigner;

beforeAll(async () => {
  bed = await queryAppTestbed('post-cache');
  signer = new ConsistencyTokenSigner(consistencyTokenSecret(bed.config));
});
afterAll(async () => {
  await bed?.close();
});

const { later, project, created, liked, firstComment, profileRenamed, threePosts } = postsFixtures(() => bed);

describe('the cache of a single post (GET /api/posts/:id)', () => {
  async function readPost(who: { sid: string }, postId: string, headers: Record<string, string> = {}) {
    const response = await bed.app.inject({
      method: 'GET',
      url: `/api/posts/${postId}`,
      headers: { cookie: `${SESSION_COOKIE}=${who.sid}`, ...headers },
    });
    return {
      status: response.statusCode,
      cache: response.headers['x-read-cache'],
      post: response.statusCode === 200 ? (response.json().data as FeedPost & { comments: unknown[] }) : null,
    };
  }

  it('serves it again from the cache until the post itself changes, and a like of another post leaves it', async () => {
    const { reader, liker, oldest, newest } = await threePosts();
    expect(await readPost(reader, newest)).toMatchObject({ status: 200, cache: 'miss' });
    const again = await readPost(reader, newest);
    expect(again).toMatchObject({ status: 200, cache: 'hit', post: { _id: newest, likesCount: 0 } });

    await project([liked(oldest, 2, liker.id, 1)]);
    expect((await readPost(reader, newest)).cache).toBe('hit');

    await project([liked(newest, 2, liker.id, 1)]);
    const afterLike = await readPost(reader, newest);
    expect(afterLike).toMatchObject({ cache: 'miss', post: { likesCount: 1, isLiked: false } });
    // Each reader has their own entry: the liker's says they liked it.
    expect((await readPost(liker, newest)).post).toMatchObject({ likesCount: 1, isLiked: true });
    expect((await readPost(reader, newest)).cache).toBe('hit');

    await project([firstComment(newest, 3, liker.id, 'Agreed')]);
    const commented = await readPost(reader, newest);
    expect(commented).toMatchObject({ cache: 'miss', post: { commentsCount: 1 } });
    expect(commented.post?.comments).toHaveLength(1);
  });

  it("shows a post's and a comment's new text with when it changed, the cache left at each edit", async () => {
    const { tag, author, reader, liker, newest } = await threePosts();
    const comment = firstComment(newest, 2, liker.id, 'Agreed');
    const commentId = (comment.data as { commentId: string }).commentId;
    await project([comment]);
    expect(await readPost(reader, newest)).toMatchObject({
      cache: 'miss',
      post: { content: `About ${tag}` },
    });
    const cached = await readPost(reader, newest);
    expect(cached.cache).toBe('hit');
    expect(cached.post).not.toHaveProperty('editedAt');

    const [postEditedAt, commentEditedAt] = [later(), later()];
    const postEdit = bed.event('PostEdited', newest, 3, {
      postId: newest,
      authorId: author.id,
      content: 'About the tides, edited',
      editedAt: postEditedAt,
    });
    await project([postEdit]);
    const edited = await readPost(reader, newest);
    expect(edited).toMatchObject({
      cache: 'miss',
      post: { content: 'About the tides, edited', editedAt: postEditedAt },
    });
    expect(edited.post?.comments).toEqual([expect.not.objectContaining({ editedAt: expect.anything() })]);

    await project([
      bed.event('CommentEdited', newest, 4, {
        postId: newest,
        commentId,
        authorId: liker.id,
        content: 'Agreed, wholeheartedly',
        editedAt: commentEditedAt,
      }),
    ]);
    const commentEdited = await readPost(reader, newest);
    expect(commentEdited.cache).toBe('miss');
    expect(commentEdited.post?.comments).toMatchObject([
      { _id: commentId, content: 'Agreed, wholeheartedly', editedAt: commentEditedAt },
    ]);

    // The older edit redelivered is skipped: the reply, cached, stays the newest.
    await project([postEdit]);
    expect(await readPost(reader, newest)).toMatchObject({
      cache: 'hit',
      post: { content: 'About the tides, edited', editedAt: postEditedAt },
    });
    // The feed card and the author's own posts show the same.
    const card = (
      await bed.app.inject({
        method: 'GET',
        url: `/api/posts/feed?page=1&limit=5&tags=${tag}`,
        headers: { cookie: `${SESSION_COOKIE}=${reader.sid}` },
      })
    ).json().data[0];
    expect(card).toMatchObject({
      _id: newest,
      content: 'About the tides, edited',
      editedAt: postEditedAt,
      comments: [{ content: 'Agreed, wholeheartedly', editedAt: commentEditedAt }],
    });
    const mine = (
      await bed.app.inject({
        method: 'GET',
        url: '/api/posts/my/posts',
        headers: { cookie: `${SESSION_COOKIE}=${author.sid}` },
      })
    ).json().data as { _id: string; editedAt?: string }[];
    expect(mine.find((p) => p._id === newest)?.editedAt).toBe(postEditedAt);
    expect(mine.filter((p) => p._id !== newest).map((p) => p.editedAt)).toEqual([undefined, undefined]);
  });

  it('answers a reader holding the token of a like with the like applied', async () => {
    const { reader, newest } = await threePosts();
    await readPost(reader, newest);
    expect((await readPost(reader, newest)).cache).toBe('hit');
    const token = signer.issue({ streamId: newest, streamVersion: 2 }, reader.id);
    const waiting = readPost(reader, newest, { [CONSISTENCY_HEADER]: token });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await project([liked(newest, 2, reader.id, 1)]);
    expect(await waiting).toMatchObject({ cache: 'miss', post: { likesCount: 1, isLiked: true } });
  });

  it("shows a connections-only post once the reader is connected, and the author's new name", async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const [author, reader] = await Promise.all([bed.signedIn('Fay'), bed.signedIn('Gus')]);
    const closed = randomUUID();
    await project([created(closed, author.id, tag, 'connections')]);
    expect((await readPost(reader, closed)).status).toBe(404);
    expect((await readPost(author, closed)).cache).toBe('miss');
    expect((await readPost(author, closed)).cache).toBe('hit');

    const connectionId = randomUUID();
    const parties = { connectionId, requesterId: author.id, recipientId: reader.id };
    await project([
      bed.event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: later() }),
      bed.event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: later() }),
    ]);
    expect(await readPost(reader, closed)).toMatchObject({ status: 200, post: { _id: closed } });
    expect((await readPost(reader, closed)).cache).toBe('hit');

    await project([profileRenamed(author.id, 'Faye')]);
    expect(await readPost(reader, closed)).toMatchObject({
      cache: 'miss',
      post: { author: { firstName: 'Faye' } },
    });
  });

  it('answers a malformed id as it answers an unknown one, every time: 404 "Post not found"', async () => {
    const reader = await bed.signedIn('Hal');
    for (const id of ['not-an-id', randomUUID(), 'not-an-id']) {
      const response = await bed.app.inject({
        method: 'GET',
        url: `/api/posts/${id}`,
        headers: { cookie: `${SESSION_COOKIE}=${reader.sid}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: postMessages.postNotFound });
    }
  });
});
