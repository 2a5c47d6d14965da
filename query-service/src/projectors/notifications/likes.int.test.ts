import { randomUUID } from 'node:crypto';
import { notificationMessages, peopleText } from '@careers/contracts/messages';
import { describe, expect, it } from 'vitest';
import { notificationTesting } from './notification-testing.ts';

/** Notifications of comments and likes on a post: one per comment, likes grouped into one, read and liked again. */

const testing = notificationTesting('notifications-likes');
const { at, next, apply, register, listOf } = testing;

describe('posts', () => {
  it('tells the author of a comment (not of their own) with its start, and groups likes into one', async () => {
    const author = randomUUID();
    await register(author, 'Pia');
    const likers: string[] = [];
    for (const name of ['Ada', 'Bob', 'Cy', 'Dee', 'Eli']) {
      const id = randomUUID();
      likers.push(id);
      await register(id, name);
    }
    const postId = randomUUID();
    await apply(
      next('PostCreated', postId, {
        postId,
        authorId: author,
        content: 'Hello',
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: [],
        createdAt: at(20),
      }),
    );
    const long = `${'a'.repeat(150)}`;
    const commentId = randomUUID();
    await apply(
      next('CommentAdded', postId, {
        postId,
        commentId,
        authorId: likers[0] as string,
        content: ` ${long} `,
        commentsCount: 1,
        createdAt: at(21),
      }),
      next('CommentAdded', postId, {
        postId,
        commentId: randomUUID(),
        authorId: author,
        content: 'thanks',
        commentsCount: 2,
        createdAt: at(22),
      }),
    );
    let page = await listOf(author);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      kind: 'post_comment',
      excerpt: 'a'.repeat(100),
      target: { type: 'post', postId },
    });

    // The author's own like makes nothing; five others make one notification naming the latest three.
    let likes = 0;
    await apply(next('PostLiked', postId, { postId, userId: author, likesCount: ++likes, likedAt: at(23) }));
    for (const [i, userId] of likers.entries()) {
      await apply(next('PostLiked', postId, { postId, userId, likesCount: ++likes, likedAt: at(24 + i) }));
    }
    page = await listOf(author);
    expect(page.data).toHaveLength(2);
    const grouped = page.data[0];
    expect(grouped).toMatchObject({ kind: 'post_likes', actorCount: 5, read: false, createdAt: at(28) });
    expect(grouped?.actors.map((a) => a.firstName)).toEqual(['Eli', 'Dee', 'Cy']);
    expect(
      notificationMessages.text.post_likes(peopleText(grouped?.actors ?? [], grouped?.actorCount ?? 0)),
    ).toBe('Eli Tester and 4 others liked your post');

    // Read, then one more like: it moves up and is unread again.
    await apply(
      next('NotificationsRead', author, {
        userId: author,
        notificationIds: [grouped?._id as string],
        readAt: at(29),
      }),
    );
    expect((await listOf(author)).data[0]?.read).toBe(true);
    const late = randomUUID();
    await register(late, 'Fay');
    await apply(next('PostLiked', postId, { postId, userId: late, likesCount: ++likes, likedAt: at(30) }));
    page = await listOf(author);
    expect(page.data[0]).toMatchObject({ _id: grouped?._id, actorCount: 6, read: false, createdAt: at(30) });

    // An unlike takes that person out; when nobody is left the notification goes.
    await apply(
      next('PostUnliked', postId, { postId, userId: late, likesCount: --likes, unlikedAt: at(31) }),
    );
    page = await listOf(author);
    expect(page.data[0]?.actorCount).toBe(5);
    expect(page.data[0]?.actors.map((a) => a.firstName)).toEqual(['Eli', 'Dee', 'Cy']);
    for (const userId of likers) {
      await apply(next('PostUnliked', postId, { postId, userId, likesCount: --likes, unlikedAt: at(32) }));
    }
    page = await listOf(author);
    expect(page.data.map((n) => n.kind)).toEqual(['post_comment']);
  });
});
