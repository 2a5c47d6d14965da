import { randomUUID } from 'node:crypto';
import { notificationMessages, peopleText } from '@careers/contracts/messages';
import { describe, expect, it } from 'vitest';
import { notificationTesting } from './notification-testing.ts';

/** Notifications of comments and likes on a post: one per comment, likes grouped into one, read and liked again. */

const testing = notificationTesting('notifications-likes');
const { at, next, apply, register, listOf, pushes, waitForPush } = testing;

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

  it("quotes a comment as last edited, where its notification stays, and tells the post's author; an edit of what has none changes nothing", async () => {
    const [author, commenter] = [randomUUID(), randomUUID()];
    await register(author, 'Pia');
    await register(commenter, 'Ada');
    const postId = randomUUID();
    const [commentId, own] = [randomUUID(), randomUUID()];
    await apply(
      next('PostCreated', postId, {
        postId,
        authorId: author,
        content: 'Hello',
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: [],
        createdAt: at(40),
      }),
      next('CommentAdded', postId, {
        postId,
        commentId,
        authorId: commenter,
        content: 'Nice',
        commentsCount: 1,
        createdAt: at(41),
      }),
      next('CommentAdded', postId, {
        postId,
        commentId: own,
        authorId: author,
        content: 'Thanks',
        commentsCount: 2,
        createdAt: at(42),
      }),
    );
    const [made] = (await listOf(author)).data;
    expect(made).toMatchObject({ kind: 'post_comment', excerpt: 'Nice', read: false, createdAt: at(41) });
    await apply(
      next('NotificationsRead', author, {
        userId: author,
        notificationIds: [made?._id as string],
        readAt: at(43),
      }),
    );

    // Edited twice in one batch (the later text stays), once alone: read, dated and placed as it was.
    const long = 'b'.repeat(150);
    await apply(
      next('CommentEdited', postId, {
        postId,
        commentId,
        authorId: commenter,
        content: 'Nice!',
        editedAt: at(44),
      }),
      next('CommentEdited', postId, {
        postId,
        commentId,
        authorId: commenter,
        content: ` ${long} `,
        editedAt: at(45),
      }),
    );
    expect((await listOf(author)).data).toEqual([{ ...made, read: true, excerpt: 'b'.repeat(100) }]);
    // The pushes of the read and the edits above, published after their commits, have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const since = pushes.length;
    await apply(
      next('CommentEdited', postId, {
        postId,
        commentId,
        authorId: commenter,
        content: 'Very nice',
        editedAt: at(46),
      }),
    );
    expect((await listOf(author)).data).toEqual([{ ...made, read: true, excerpt: 'Very nice' }]);
    // The bell is told (the panel reads the new quote), with no new notification.
    expect(await waitForPush(author, since)).toMatchObject({ unreadCount: 0, notificationId: null });

    // The author's own comment has no notification; the post's edit changes none; a removed comment's
    // notification does not come back with an edit (the write side refuses one, a replay may not).
    await apply(
      next('CommentEdited', postId, {
        postId,
        commentId: own,
        authorId: author,
        content: 'Cheers',
        editedAt: at(47),
      }),
      next('PostEdited', postId, { postId, authorId: author, content: 'Hello again', editedAt: at(48) }),
      next('CommentRemoved', postId, {
        postId,
        commentId,
        authorId: commenter,
        commentsCount: 1,
        removedAt: at(49),
      }),
      next('CommentEdited', postId, {
        postId,
        commentId,
        authorId: commenter,
        content: 'Back?',
        editedAt: at(50),
      }),
    );
    expect((await listOf(author)).data).toEqual([]);
  });
});
