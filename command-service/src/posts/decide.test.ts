import { postMessages } from '@careers/contracts/messages';
import { describe, expect, it } from 'vitest';
import { given } from '../pipeline/testing.ts';
import {
  decideAddComment,
  decideCreatePost,
  decideToggleLike,
  evolvePost,
  type PostState,
  unpublishedPost,
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

/** How the reader stands to the author: a stranger unless the case says otherwise. */
const stranger = { userId: reader, connectedToAuthor: false };
const connection = { userId: reader, connectedToAuthor: true };
const theAuthor = { userId: author, connectedToAuthor: false };
const privatePost = { ...post, visibility: 'connections' as const };

describe('create post', () => {
  it('records PostCreated with the request as parsed', () => {
    const request = {
      content: 'Hello',
      type: 'text',
      category: 'Career',
      visibility: 'public',
      tags: ['a'],
    } as const;
    const [event] = given(unpublishedPost(postId, author, 'public'))
      .when(() => decideCreatePost({ postId, authorId: author, request: { ...request, tags: ['a'] }, now }))
      .thenRecords([
        {
          type: 'PostCreated',
          data: { postId, authorId: author, ...request, tags: ['a'], createdAt: now.toISOString() },
        },
      ]);
    expect(evolvePost(unpublishedPost(postId, author, 'public'), event as NonNullable<typeof event>)).toEqual(
      {
        id: postId,
        authorId: author,
        visibility: 'public',
        likesCount: 0,
        commentsCount: 0,
        version: 1,
      },
    );
  });
});

describe('toggle like', () => {
  it('likes with the count after the change, and takes a like back', () => {
    given(post)
      .when((p) => decideToggleLike({ post: p, viewer: stranger, likedAlready: false, now }))
      .thenRecords([
        {
          type: 'PostLiked',
          data: { postId, userId: reader, likesCount: 5, likedAt: now.toISOString() },
        },
      ]);
    const [unliked] = given(post)
      .when((p) => decideToggleLike({ post: p, viewer: stranger, likedAlready: true, now }))
      .thenRecords([
        {
          type: 'PostUnliked',
          data: { postId, userId: reader, likesCount: 3, unlikedAt: now.toISOString() },
        },
      ]);
    expect(evolvePost(post, unliked as NonNullable<typeof unliked>)).toMatchObject({
      likesCount: 3,
      version: 8,
    });
  });

  it('reads a missing post and a connections-only post of a stranger alike: not found', () => {
    given(null)
      .when((p) => decideToggleLike({ post: p, viewer: stranger, likedAlready: false, now }))
      .thenRefuses('not found', postMessages.postNotFound);
    given(privatePost)
      .when((p) => decideToggleLike({ post: p, viewer: stranger, likedAlready: false, now }))
      .thenRefuses('not found', postMessages.postNotFound);
  });

  it('lets the author and their connections like a connections-only post', () => {
    for (const viewer of [theAuthor, connection]) {
      given(privatePost)
        .when((p) => decideToggleLike({ post: p, viewer, likedAlready: false, now }))
        .thenRecords([
          {
            type: 'PostLiked',
            data: { postId, userId: viewer.userId, likesCount: 5, likedAt: now.toISOString() },
          },
        ]);
    }
  });
});

describe('add comment', () => {
  const commentId = '44444444-4444-4444-8444-444444444444';

  it('records CommentAdded with the new count', () => {
    const [event] = given(post)
      .when((p) =>
        decideAddComment({ post: p, commentId, viewer: stranger, request: { content: 'Nice' }, now }),
      )
      .thenRecords([
        {
          type: 'CommentAdded',
          data: {
            postId,
            commentId,
            authorId: reader,
            content: 'Nice',
            commentsCount: 3,
            createdAt: now.toISOString(),
          },
        },
      ]);
    expect(evolvePost(post, event as NonNullable<typeof event>)).toMatchObject({
      commentsCount: 3,
      version: 8,
    });
  });

  it('reads a connections-only post of a stranger as not found, and lets a connection comment', () => {
    const comment = (viewer: typeof stranger) => (p: PostState) =>
      decideAddComment({ post: p, commentId, viewer, request: { content: 'x' }, now });
    given(privatePost).when(comment(stranger)).thenRefuses('not found', postMessages.postNotFound);
    given(privatePost)
      .when(comment(connection))
      .thenRecords([expect.objectContaining({ type: 'CommentAdded' })]);
  });
});
