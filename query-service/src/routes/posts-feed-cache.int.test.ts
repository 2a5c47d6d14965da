import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { ConsistencyTokenSigner, consistencyTokenSecret } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostsBed, pageUrl, postsFixtures } from './posts-testing.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * The feed's response cache over the real projectors, Postgres and Redis: a page stays cached while
 * what it shows is unchanged, whatever happens to other posts, and is never served once a change of
 * what it shows is applied.
 */

let bed: PostsBed;
let signer: ConsistencyTokenSigner;

beforeAll(async () => {
  bed = await queryAppTestbed('feed-cache');
  signer = new ConsistencyTokenSigner(consistencyTokenSecret(bed.config));
});
afterAll(async () => {
  await bed?.close();
});

const { later, project, read, created, liked, firstComment, profileRenamed, threePosts } = postsFixtures(
  () => bed,
);

describe('the feed cache, scoped to the posts on a page', () => {
  it('keeps a page cached while other posts are liked, and serves the change to pages that show the post', async () => {
    const { tag, reader, liker, oldest, middle, newest } = await threePosts();
    const first = await read(reader, pageUrl(tag, 1));
    expect(first.ids).toEqual([newest, middle]);
    expect(first.cache).toBe('miss');
    expect((await read(reader, pageUrl(tag, 1))).cache).toBe('hit');
    const second = await read(reader, pageUrl(tag, 2));
    expect(second.ids).toEqual([oldest]);
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('hit');

    // A like of the oldest post: page 1 does not show it and stays cached; page 2 shows it at once.
    await project([liked(oldest, 2, liker.id, 1)]);
    expect(await read(reader, pageUrl(tag, 1))).toMatchObject({ cache: 'hit', body: first.body });
    const afterLike = await read(reader, pageUrl(tag, 2));
    expect(afterLike.cache).toBe('miss');
    expect(afterLike.body.data[0]).toMatchObject({ _id: oldest, likesCount: 1, isLiked: false });
    // The liker's own page says they liked it.
    expect((await read(liker, pageUrl(tag, 2))).body.data[0]).toMatchObject({ likesCount: 1, isLiked: true });

    // A like and a comment on page 1's posts make it fresh; page 2 stays cached.
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('hit');
    await project([liked(newest, 2, reader.id, 1)]);
    const likedByReader = await read(reader, pageUrl(tag, 1));
    expect(likedByReader.cache).toBe('miss');
    expect(likedByReader.body.data[0]).toMatchObject({ _id: newest, likesCount: 1, isLiked: true });
    await project([firstComment(middle, 2, liker.id, 'Well put')]);
    const commented = await read(reader, pageUrl(tag, 1));
    expect(commented.cache).toBe('miss');
    expect(commented.body.data[1]).toMatchObject({ _id: middle, commentsCount: 1 });
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('hit');
  });

  it('answers a reader holding the token of a like with the like applied, never the page from before it', async () => {
    const { tag, reader, newest } = await threePosts();
    const before = await read(reader, pageUrl(tag, 1));
    expect((await read(reader, pageUrl(tag, 1))).cache).toBe('hit');
    const token = signer.issue({ streamId: newest, streamVersion: 2 }, reader.id);
    // The read waits for the like's projection, which comes while it waits.
    const waiting = read(reader, pageUrl(tag, 1), { [CONSISTENCY_HEADER]: token });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await project([liked(newest, 2, reader.id, 1)]);
    const waited = await waiting;
    expect(waited.cache).toBe('miss');
    expect(waited.body.data[0]).toMatchObject({ _id: newest, likesCount: 1, isLiked: true });
    // Without the token too, once the like is applied: the page from before is gone.
    const after = await read(reader, pageUrl(tag, 1));
    expect(after.body).toEqual(waited.body);
    expect(after.body).not.toEqual(before.body);
  });

  it('makes every page fresh when a post is made: membership and totals change', async () => {
    const { tag, author, reader, newest } = await threePosts();
    expect((await read(reader, pageUrl(tag, 1))).ids[0]).toBe(newest);
    await read(reader, pageUrl(tag, 2));
    expect((await read(reader, pageUrl(tag, 1))).cache).toBe('hit');
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('hit');
    const fresh = randomUUID();
    await project([created(fresh, author.id, tag)]);
    const page1 = await read(reader, pageUrl(tag, 1));
    expect(page1.cache).toBe('miss');
    expect(page1.ids[0]).toBe(fresh);
    expect(page1.body.pagination.totalPosts).toBe(4);
    expect((await read(reader, pageUrl(tag, 2))).cache).toBe('miss');
  });

  it('makes pages fresh when a connection is made: connections-only posts join them', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const [author, reader] = await Promise.all([bed.signedIn('Dee'), bed.signedIn('Eve')]);
    const open = randomUUID();
    const closed = randomUUID();
    await project([created(open, author.id, tag), created(closed, author.id, tag, 'connections')]);
    expect((await read(reader, pageUrl(tag, 1, 10))).ids).toEqual([open]);
    expect((await read(reader, pageUrl(tag, 1, 10))).cache).toBe('hit');
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId: author.id, recipientId: reader.id };
    await project([
      bed.event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: later() }),
      bed.event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: later() }),
    ]);
    const connected = await read(reader, pageUrl(tag, 1, 10));
    expect(connected.cache).toBe('miss');
    expect(connected.ids).toEqual([closed, open]);
  });

  it("makes pages fresh when an author's name changes", async () => {
    const { tag, author, reader } = await threePosts();
    expect((await read(reader, pageUrl(tag, 1))).body.data[0]?.author.firstName).toBe('Ada');
    expect((await read(reader, pageUrl(tag, 1))).cache).toBe('hit');
    await project([profileRenamed(author.id, 'Adaline')]);
    const renamed = await read(reader, pageUrl(tag, 1));
    expect(renamed.cache).toBe('miss');
    expect(renamed.body.data.map((p) => p.author.firstName)).toEqual(['Adaline', 'Adaline']);
  });
});
