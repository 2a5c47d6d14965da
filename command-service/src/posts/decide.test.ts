import { MAX_TAGS } from '@careers/contracts/constants';
import { postMessages } from '@careers/contracts/messages';
import type { CreatePostRequest } from '@careers/contracts/requests/create-post';
import { describe, expect, it } from 'vitest';
import { given } from '../pipeline/testing.ts';
import {
  type CommentState,
  decideAddComment,
  decideCreatePost,
  decideDeleteComment,
  decideDeletePost,
  decideEditComment,
  decideEditPost,
  decideToggleLike,
  evolvePost,
  type PostState,
  type StagedImage,
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
  const request: CreatePostRequest = {
    content: 'Hello',
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags: ['a'],
    images: [],
  };
  const create = (body: Partial<CreatePostRequest>, staged: StagedImage[] = []) =>
    decideCreatePost({ postId, authorId: author, request: { ...request, ...body }, staged, now });

  it('records PostCreated with the request as parsed', () => {
    const [event] = given(unpublishedPost(postId, author, 'public'))
      .when(() => create({}))
      .thenRecords([
        {
          type: 'PostCreated',
          data: {
            postId,
            authorId: author,
            ...request,
            tags: ['a'],
            images: [],
            createdAt: now.toISOString(),
          },
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

  it("parses the text's #words into the tags, after those given, once each by tagKey", () => {
    const [event] = given(null)
      .when(() =>
        create({
          content: 'Shipping #TypeScript with #QA, #qa again, C# and #1',
          tags: ['Testing', 'typescript'],
        }),
      )
      .thenRecords([
        {
          type: 'PostCreated',
          data: {
            postId,
            authorId: author,
            ...request,
            content: 'Shipping #TypeScript with #QA, #qa again, C# and #1',
            tags: ['Testing', 'typescript', 'QA'],
            images: [],
            createdAt: now.toISOString(),
          },
        },
      ]);
    expect(event?.type).toBe('PostCreated');
  });

  it(`refuses more than ${MAX_TAGS} tags, counting those of the text`, () => {
    const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `#tag${from + i}`).join(' ');
    given(null)
      .when(() => create({ content: words(MAX_TAGS - 1), tags: ['given'] }))
      .thenRecords([
        {
          type: 'PostCreated',
          data: {
            postId,
            authorId: author,
            ...request,
            content: words(MAX_TAGS - 1),
            tags: ['given', ...Array.from({ length: MAX_TAGS - 1 }, (_, i) => `tag${i}`)],
            images: [],
            createdAt: now.toISOString(),
          },
        },
      ]);
    given(null)
      .when(() => create({ content: words(MAX_TAGS), tags: ['given'] }))
      .thenRefuses('invalid', postMessages.tooManyTags);
    given(null)
      .when(() => create({ content: words(MAX_TAGS + 1), tags: [] }))
      .thenRefuses('invalid', postMessages.tooManyTags);
  });

  const one = '77777777-7777-4777-8777-777777777777';
  const two = '88888888-8888-4888-8888-888888888888';
  const staged: StagedImage[] = [
    { imageId: one, width: 1600, height: 900 },
    { imageId: two, width: 640, height: 1600 },
  ];

  it('records the pictures named, in the order given, with their alt text and stored size', () => {
    given(null)
      .when(() =>
        create(
          {
            images: [
              { imageId: two.toUpperCase(), alt: 'A tall one' },
              { imageId: one, alt: '' },
            ],
          },
          staged,
        ),
      )
      .thenRecords([
        {
          type: 'PostCreated',
          data: {
            postId,
            authorId: author,
            ...request,
            images: [
              { imageId: two, alt: 'A tall one', width: 640, height: 1600 },
              { imageId: one, alt: '', width: 1600, height: 900 },
            ],
            createdAt: now.toISOString(),
          },
        },
      ]);
  });

  it('refuses a picture not among the waiting uploads found: not found, whichever it is', () => {
    const unknown = '99999999-9999-4999-8999-999999999999';
    given(null)
      .when(() =>
        create(
          {
            images: [
              { imageId: one, alt: '' },
              { imageId: unknown, alt: '' },
            ],
          },
          staged,
        ),
      )
      .thenRefuses('invalid', postMessages.imageNotFound);
    given(null)
      .when(() => create({ images: [{ imageId: one, alt: '' }] }, []))
      .thenRefuses('invalid', postMessages.imageNotFound);
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

/** A third person: neither the post's author nor the commenter. */
const bystander = { userId: '55555555-5555-4555-8555-555555555555', connectedToAuthor: false };
const commentId = '44444444-4444-4444-8444-444444444444';
/** The reader's comment on the author's post. */
const comment: CommentState = { id: commentId, postId, authorId: reader };
const otherPostsComment: CommentState = { ...comment, postId: '66666666-6666-4666-8666-666666666666' };
const at = now.toISOString();

describe('edit post', () => {
  const edit =
    (viewer: typeof stranger, content = 'Better words', givenTags: string[] = []) =>
    (p: PostState | null) =>
      decideEditPost({ post: p, viewer, givenTags, request: { content }, now });

  it('records PostEdited with the new text for the author, and the version moves on', () => {
    for (const p of [post, privatePost]) {
      const [event] = given(p)
        .when(edit(theAuthor))
        .thenRecords([
          {
            type: 'PostEdited',
            data: { postId, authorId: author, content: 'Better words', tags: [], editedAt: at },
          },
        ]);
      expect(evolvePost(p, event as NonNullable<typeof event>)).toEqual({ ...p, version: 8 });
    }
  });

  it('records the tags after the edit: those given at creation and the #words of the new text', () => {
    given(post)
      .when(edit(theAuthor, 'Now about #Rust and #career', ['Career']))
      .thenRecords([
        {
          type: 'PostEdited',
          data: {
            postId,
            authorId: author,
            content: 'Now about #Rust and #career',
            tags: ['Career', 'Rust'],
            editedAt: at,
          },
        },
      ]);
  });

  it(`refuses an edit whose text brings the tags past ${MAX_TAGS}`, () => {
    const words = Array.from({ length: MAX_TAGS }, (_, i) => `#w${i}`).join(' ');
    given(post)
      .when(edit(theAuthor, words, []))
      .thenRecords([
        {
          type: 'PostEdited',
          data: {
            postId,
            authorId: author,
            content: words,
            tags: Array.from({ length: MAX_TAGS }, (_, i) => `w${i}`),
            editedAt: at,
          },
        },
      ]);
    given(post)
      .when(edit(theAuthor, words, ['given']))
      .thenRefuses('invalid', postMessages.tooManyTags);
  });

  it('refuses anyone else who sees the post with 403, and reads an unseen or missing post as not found', () => {
    given(post).when(edit(stranger)).thenRefuses('forbidden', postMessages.onlyAuthorEditsPost);
    given(privatePost).when(edit(connection)).thenRefuses('forbidden', postMessages.onlyAuthorEditsPost);
    given(privatePost).when(edit(stranger)).thenRefuses('not found', postMessages.postNotFound);
    given(null).when(edit(theAuthor)).thenRefuses('not found', postMessages.postNotFound);
  });
});

describe('delete post', () => {
  const remove = (viewer: typeof stranger) => (p: PostState | null) =>
    decideDeletePost({ post: p, viewer, now });

  it('records PostRemoved for the author', () => {
    const [event] = given(privatePost)
      .when(remove(theAuthor))
      .thenRecords([{ type: 'PostRemoved', data: { postId, authorId: author, removedAt: at } }]);
    expect(evolvePost(privatePost, event as NonNullable<typeof event>)).toMatchObject({ version: 8 });
  });

  it('refuses anyone else who sees the post with 403, and reads an unseen or missing post as not found', () => {
    given(post).when(remove(stranger)).thenRefuses('forbidden', postMessages.onlyAuthorDeletesPost);
    given(privatePost).when(remove(connection)).thenRefuses('forbidden', postMessages.onlyAuthorDeletesPost);
    given(privatePost).when(remove(stranger)).thenRefuses('not found', postMessages.postNotFound);
    given(null).when(remove(theAuthor)).thenRefuses('not found', postMessages.postNotFound);
  });
});

describe('edit comment', () => {
  const edit =
    (viewer: typeof stranger, c: CommentState | null = comment) =>
    (p: PostState | null) =>
      decideEditComment({ post: p, comment: c, viewer, request: { content: 'On second thought' }, now });

  it("records CommentEdited for the comment's author, naming them; the count stays", () => {
    const [event] = given(post)
      .when(edit(stranger))
      .thenRecords([
        {
          type: 'CommentEdited',
          data: { postId, commentId, authorId: reader, content: 'On second thought', editedAt: at },
        },
      ]);
    expect(evolvePost(post, event as NonNullable<typeof event>)).toEqual({ ...post, version: 8 });
  });

  it("refuses the post's author and anyone else with 403: only the comment's author edits it", () => {
    given(post).when(edit(theAuthor)).thenRefuses('forbidden', postMessages.onlyAuthorEditsComment);
    given(post).when(edit(bystander)).thenRefuses('forbidden', postMessages.onlyAuthorEditsComment);
  });

  it('reads a comment not under this post, or gone, as not found; the post first', () => {
    given(post).when(edit(stranger, null)).thenRefuses('not found', postMessages.commentNotFound);
    given(post)
      .when(edit(stranger, otherPostsComment))
      .thenRefuses('not found', postMessages.commentNotFound);
    // A commenter who can no longer see the post (no longer connected) finds no post.
    given(privatePost).when(edit(stranger)).thenRefuses('not found', postMessages.postNotFound);
    given(null).when(edit(stranger)).thenRefuses('not found', postMessages.postNotFound);
    given(privatePost)
      .when(edit(connection))
      .thenRecords([expect.objectContaining({ type: 'CommentEdited' })]);
  });
});

describe('delete comment', () => {
  const remove =
    (viewer: typeof stranger, c: CommentState | null = comment) =>
    (p: PostState | null) =>
      decideDeleteComment({ post: p, comment: c, viewer, now });
  const removed = {
    type: 'CommentRemoved',
    data: { postId, commentId, authorId: reader, commentsCount: 1, removedAt: at },
  } as const;

  it("records CommentRemoved, naming the comment's author, with the count after it", () => {
    const [event] = given(post).when(remove(stranger)).thenRecords([removed]);
    expect(evolvePost(post, event as NonNullable<typeof event>)).toEqual({
      ...post,
      commentsCount: 1,
      version: 8,
    });
  });

  it("lets the post's author delete someone else's comment: the event still names the comment's author", () => {
    given(post).when(remove(theAuthor)).thenRecords([removed]);
  });

  it('never counts below zero', () => {
    given({ ...post, commentsCount: 0 })
      .when(remove(stranger))
      .thenRecords([{ ...removed, data: { ...removed.data, commentsCount: 0 } }]);
  });

  it('refuses anyone else with 403, and reads a missing comment or an unseen post as not found', () => {
    given(post).when(remove(bystander)).thenRefuses('forbidden', postMessages.onlyAuthorsDeleteComment);
    given(post).when(remove(stranger, null)).thenRefuses('not found', postMessages.commentNotFound);
    given(post)
      .when(remove(theAuthor, otherPostsComment))
      .thenRefuses('not found', postMessages.commentNotFound);
    given(privatePost).when(remove(stranger)).thenRefuses('not found', postMessages.postNotFound);
    given(null).when(remove(theAuthor)).thenRefuses('not found', postMessages.postNotFound);
  });
});
