import { z } from 'zod';
import { Post } from '../entities/post.ts';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { defineEvent } from './define-event.ts';
import { exampleIds } from './example-ids.ts';
import { sealedV1 } from './sealed-v1.ts';

/**
 * Events of the `post` stream (stream id = postId). Likes and comments belong to their post's stream, so
 * `likesCount` and `commentsCount` (the counts after the change, computed by the write side) arrive in
 * order and the realtime gateway can push them without reading a read model.
 */

const count = z.number().int().nonnegative();

/** A picture in a post, as the events carry it: where the object store keeps it is the read side's. */
export const EventPostImage = z.strictObject({
  imageId: Id,
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** PostCreated up to version 3: no pictures. */
const PostCreatedDataV3 = z.strictObject({
  postId: Id,
  authorId: Id,
  ...Post.pick({ content: true, type: true, category: true, visibility: true, tags: true, createdAt: true })
    .shape,
});

/** `tags` are the request's and the `#words` of `content`, parsed by the write side (`tagsOf`). */
export const PostCreatedData = PostCreatedDataV3.extend({ images: z.array(EventPostImage).default([]) });

export const PostLikedData = z.strictObject({
  postId: Id,
  userId: Id,
  likesCount: count,
  likedAt: IsoDateTime,
});
export const PostUnlikedData = z.strictObject({
  postId: Id,
  userId: Id,
  likesCount: count,
  unlikedAt: IsoDateTime,
});

export const CommentAddedData = z.strictObject({
  postId: Id,
  commentId: Id,
  authorId: Id,
  content: z.string(),
  commentsCount: count,
  createdAt: IsoDateTime,
});

/** PostEdited version 1: the text only. */
const PostEditedDataV1 = z.strictObject({
  postId: Id,
  authorId: Id,
  content: z.string(),
  editedAt: IsoDateTime,
});

/**
 * The author changed the post's text (the rest of the post stays). `tags` are the post's tags after the
 * edit: those given when it was created and the `#words` of the new text. Absent (version 1 events
 * only): the tags did not change.
 */
export const PostEditedData = PostEditedDataV1.extend({ tags: z.array(z.string()).optional() });

/** The comment's author changed its text. */
export const CommentEditedData = z.strictObject({
  postId: Id,
  commentId: Id,
  authorId: Id,
  content: z.string(),
  editedAt: IsoDateTime,
});

/** The author deleted the post, or their account: the post is gone, with its likes and comments. */
export const PostRemovedData = z.strictObject({ postId: Id, authorId: Id, removedAt: IsoDateTime });

/**
 * The comment was deleted by its author or the post's author, or its author deleted their account;
 * commentsCount is the count after the removal.
 */
export const CommentRemovedData = z.strictObject({
  postId: Id,
  commentId: Id,
  authorId: Id,
  commentsCount: count,
  removedAt: IsoDateTime,
});

const postId = exampleIds.post;

const v3Example = {
  postId,
  authorId: exampleIds.user,
  content: 'Just shipped our new event catalogue!',
  type: 'text',
  category: 'Career',
  visibility: 'public',
  tags: ['engineering', 'kafka'],
  createdAt: '2025-01-17T12:00:00.000Z',
} satisfies z.input<typeof PostCreatedDataV3>;

export const postEvents = {
  PostCreated: defineEvent({
    streamType: 'post',
    schemaVersion: 4,
    data: PostCreatedData,
    description:
      "A user published a feed post, with up to 4 pictures (in the object store under each imageId, uploaded by the author before). Its tags are the request's and the #words of its text.",
    personalData: { subject: 'authorId', erased: { content: () => '', tags: () => [], images: () => [] } },
    previousVersions: [
      {
        schemaVersion: 3,
        data: PostCreatedDataV3,
        sealed: ['content', 'tags'],
        change: "Version 4 adds the pictures (sealed: their alt text is the author's words).",
        example: v3Example,
        upcast: (old: z.input<typeof PostCreatedDataV3>) => ({ ...old, images: [] }),
      },
      {
        schemaVersion: 2,
        // As it travelled: the content sealed, the tags in plain.
        data: PostCreatedDataV3,
        sealed: ['content'],
        change: 'Version 3 seals the tags too: what a person tags a post with says as much as its text.',
        example: v3Example,
        upcast: (old: z.input<typeof PostCreatedDataV3>) => ({ ...old, images: [] }),
      },
      {
        ...sealedV1(PostCreatedDataV3),
        example: v3Example,
        upcast: (old: z.input<typeof PostCreatedDataV3>) => ({ ...old, images: [] }),
      },
    ],
    example: {
      ...v3Example,
      content: 'Just shipped our new event catalogue! #engineering',
      images: [
        {
          imageId: '01936b50-0000-7000-8000-000000000020',
          alt: 'The catalogue page',
          width: 1600,
          height: 900,
        },
      ],
    },
  }),
  PostLiked: defineEvent({
    streamType: 'post',
    schemaVersion: 1,
    data: PostLikedData,
    description: 'A user liked a post; likesCount is the count after the like.',
    example: { postId, userId: exampleIds.otherUser, likesCount: 4, likedAt: '2025-01-17T12:05:00.000Z' },
  }),
  PostUnliked: defineEvent({
    streamType: 'post',
    schemaVersion: 1,
    data: PostUnlikedData,
    description: 'A user took back their like; likesCount is the count after the change.',
    example: { postId, userId: exampleIds.otherUser, likesCount: 3, unlikedAt: '2025-01-17T12:06:00.000Z' },
  }),
  CommentAdded: defineEvent({
    streamType: 'post',
    schemaVersion: 2,
    data: CommentAddedData,
    personalData: { subject: 'authorId', erased: { content: () => '' } },
    previousVersions: [sealedV1(CommentAddedData)],
    description: 'A user commented on a post; commentsCount is the count after the comment.',
    example: {
      postId,
      commentId: exampleIds.comment,
      authorId: exampleIds.otherUser,
      content: 'Congratulations!',
      commentsCount: 1,
      createdAt: '2025-01-17T12:10:00.000Z',
    },
  }),
  PostEdited: defineEvent({
    streamType: 'post',
    schemaVersion: 2,
    data: PostEditedData,
    personalData: { subject: 'authorId', erased: { content: () => '', tags: () => [] } },
    description:
      "The post's author changed its text; the post keeps its likes, comments, pictures and visibility. tags are the post's tags after the edit: those given at creation and the #words of the new text.",
    previousVersions: [
      {
        schemaVersion: 1,
        data: PostEditedDataV1,
        sealed: ['content'],
        change:
          'Version 2 adds the tags after the edit (sealed like the text): an edit can add or drop #words.',
        example: {
          postId,
          authorId: exampleIds.user,
          content: 'Excited to share that I have joined the QA team at Acme (edited).',
          editedAt: '2025-01-17T12:30:00.000Z',
        },
        upcast: (old: z.input<typeof PostEditedDataV1>) => old,
      },
    ],
    example: {
      postId,
      authorId: exampleIds.user,
      content: 'Excited to share that I have joined the #QA team at Acme (edited).',
      tags: ['QA'],
      editedAt: '2025-01-17T12:30:00.000Z',
    },
  }),
  CommentEdited: defineEvent({
    streamType: 'post',
    schemaVersion: 1,
    data: CommentEditedData,
    personalData: { subject: 'authorId', erased: { content: () => '' } },
    description: "A comment's author changed its text.",
    example: {
      postId,
      commentId: exampleIds.comment,
      authorId: exampleIds.otherUser,
      content: 'Congratulations, well deserved!',
      editedAt: '2025-01-17T12:40:00.000Z',
    },
  }),
  PostRemoved: defineEvent({
    streamType: 'post',
    schemaVersion: 1,
    data: PostRemovedData,
    description:
      'The post is gone: its author deleted it, or their account. Its likes and comments go with it. Nothing follows on its stream.',
    example: { postId, authorId: exampleIds.user, removedAt: '2025-03-01T10:00:00.000Z' },
  }),
  CommentRemoved: defineEvent({
    streamType: 'post',
    schemaVersion: 1,
    data: CommentRemovedData,
    description:
      "A comment is gone: its author or the post's author deleted it, or its author deleted their account. commentsCount is the post's count after the removal.",
    example: {
      postId,
      commentId: exampleIds.comment,
      authorId: exampleIds.otherUser,
      commentsCount: 0,
      removedAt: '2025-03-01T10:00:00.000Z',
    },
  }),
} as const;
