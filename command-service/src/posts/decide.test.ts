import { postMessages } from '@careers/contracts/messages';
import { HttpError } from '@careers/service-kit';
import { describe, expect, it } from 'vitest';
import {
  decideAddComment,
  decideCreatePost,
  decideToggleLike,
  evolvePost,
  type PostState,
  visiblePost,
} from './decide.ts';

const now = new Date('2026-04-02T12:00:00.000Z');
const author = '11111111-1111-4111-8111-111111111111';
const reader = '22222222-2222-4222-8222-222222222222';
const postId = '33333333-3333-4333-8333-333333333333';
const post: PostState = {
  id: postId,
  authorId: author,
  visibility: 'public',
  likesCount: 4,
  commentsCount: 2,
  version: 7,
};

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('create post', () => {
  it('records PostCreated with the request as parsed', () => {
    const request = {
      content: 'Hello',
      type: 'text',
      category: 'Career',
      visibility: 'public',
      tags: ['a'],
    } as const;
    const [event] = decideCreatePost({ postId, authorId: author, request: { ...request, tags: ['a'] }, now });
    expect(event).toEqual({
      type: 'PostCreated',
      data: { postId, authorId: author, ...request, tags: ['a'], createdAt: now.toISOString() },
    });
    expect(evolvePost(null, event)).toEqual({
      id: postId,
      authorId: author,
      visibility: 'public',
      likesCount: 0,
      commentsCount: 0,
      version: 1,
    });
  });
});

describe('toggle like', () => {
  it('likes with the count after the change, and takes a like back', () => {
    const [liked] = decideToggleLike({ post, userId: reader, likedAlready: false, now });
    expect(liked).toEqual({
      type: 'PostLiked',
      data: { postId, userId: reader, likesCount: 5, likedAt: now.toISOString() },
    });
    const [unliked] = decideToggleLike({ post, userId: reader, likedAlready: true, now });
    expect(unliked).toEqual({
      type: 'PostUnliked',
      data: { postId, userId: reader, likesCount: 3, unlikedAt: now.toISOString() },
    });
    expect(evolvePost(post, unliked as NonNullable<typeof unliked>)).toMatchObject({
      likesCount: 3,
      version: 8,
    });
  });

  it('answers 404 for a missing post, and for a connections-only post of someone else', () => {
    const notFound = { status: 404, message: postMessages.postNotFound };
    expect(refusal(() => visiblePost(null, reader))).toEqual(notFound);
    const privatePost = { ...post, visibility: 'connections' as const };
    expect(
      refusal(() => decideToggleLike({ post: privatePost, userId: reader, likedAlready: false, now })),
    ).toEqual(notFound);
    expect(decideToggleLike({ post: privatePost, userId: author, likedAlready: false, now })).toHaveLength(1);
  });
});

describe('add comment', () => {
  it('records CommentAdded with the new count', () => {
    const commentId = '44444444-4444-4444-8444-444444444444';
    const [event] = decideAddComment({
      post,
      commentId,
      authorId: reader,
      request: { content: 'Nice' },
      now,
    });
    expect(event).toEqual({
      type: 'CommentAdded',
      data: {
        postId,
        commentId,
        authorId: reader,
        content: 'Nice',
        commentsCount: 3,
        createdAt: now.toISOString(),
      },
    });
    expect(evolvePost(post, event as NonNullable<typeof event>)).toMatchObject({
      commentsCount: 3,
      version: 8,
    });
  });

  it('answers 404 for a connections-only post of someone else', () => {
    const privatePost = { ...post, visibility: 'connections' as const };
    expect(
      refusal(() =>
        decideAddComment({
          post: privatePost,
          commentId: postId,
          authorId: reader,
          request: { content: 'x' },
          now,
        }),
      ),
    ).toEqual({ status: 404, message: postMessages.postNotFound });
  });
});
