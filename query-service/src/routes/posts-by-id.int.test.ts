import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_COMMENTS_PER_POST } from '../projectors/posts/queries.ts';
import { type FeedPost, type PostsBed, pageUrl, postsFixtures } from './posts-testing.ts';
import { queryAppTestbed } from './testing.ts';

/** GET /api/posts/:id: one post with every comment. */

let bed: PostsBed;

beforeAll(async () => {
  bed = await queryAppTestbed('post-by-id');
});
afterAll(async () => {
  await bed?.close();
});

const { later, project, read, created, liked } = postsFixtures(() => bed);

describe('GET /api/posts/:id', () => {
  it('shows the post with every comment, oldest first, where its feed card has the latest only', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const [author, reader, commenter] = await Promise.all([
      bed.signedIn('Ada'),
      bed.signedIn('Ben'),
      bed.signedIn('Cy'),
    ]);
    const postId = randomUUID();
    const n = FEED_COMMENTS_PER_POST + 5;
    const comments = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), content: `Comment ${i + 1}` }));
    await project([
      created(postId, author.id, tag),
      ...comments.map((c, i) =>
        bed.event('CommentAdded', postId, i + 2, {
          postId,
          commentId: c.id,
          authorId: i % 2 === 0 ? commenter.id : author.id,
          content: c.content,
          commentsCount: i + 1,
          createdAt: later(),
        }),
      ),
      liked(postId, n + 2, reader.id, 1),
    ]);

    const response = await bed.app.inject({
      method: 'GET',
      url: `/api/posts/${postId}`,
      headers: { cookie: `${SESSION_COOKIE}=${reader.sid}` },
    });
    expect(response.statusCode).toBe(200);
    const post = response.json().data;
    expect(post).toMatchObject({ _id: postId, likesCount: 1, isLiked: true, commentsCount: n });
    expect(post.author.firstName).toBe('Ada');
    expect(post.comments.map((c: { content: string }) => c.content)).toEqual(comments.map((c) => c.content));
    expect(post.comments[0].author.firstName).toBe('Cy');
    expect(post.comments[1].author.firstName).toBe('Ada');

    const asAuthor = await bed.app.inject({
      method: 'GET',
      url: `/api/posts/${postId}`,
      headers: { cookie: `${SESSION_COOKIE}=${author.sid}` },
    });
    expect(asAuthor.json().data.isLiked).toBe(false);

    const card = (await read(reader, pageUrl(tag, 1))).body.data[0] as FeedPost & {
      comments: { content: string }[];
    };
    expect(card.comments.map((c) => c.content)).toEqual(
      comments.slice(-FEED_COMMENTS_PER_POST).map((c) => c.content),
    );
  });

  it('answers 404 for a post that does not exist', async () => {
    const reader = await bed.signedIn('Ben');
    const response = await bed.app.inject({
      method: 'GET',
      url: `/api/posts/${randomUUID()}`,
      headers: { cookie: `${SESSION_COOKIE}=${reader.sid}` },
    });
    expect(response.statusCode).toBe(404);
  });
});
