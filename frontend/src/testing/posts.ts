import { AddedComment, Comment } from '@careers/contracts/entities/comment';
import type { AuthorSummary } from '@careers/contracts/entities/person-summary';
import { Post } from '@careers/contracts/entities/post';
import { ada, jsonReply } from './fake-api';

const MINUTE = 60_000;

/** An instant `minutes` before now, so relative-time labels are known ("5m ago"). */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * MINUTE).toISOString();
}

export const adaAuthor: AuthorSummary = {
  _id: ada._id,
  firstName: ada.firstName,
  lastName: ada.lastName,
  profilePicture: null,
  jobTitle: '',
};

export const grace: AuthorSummary = {
  _id: '5d2a9c1e-3b4f-4c6d-8e7f-9a0b1c2d3e4f',
  firstName: 'Grace',
  lastName: 'Hopper',
  profilePicture: null,
  jobTitle: 'Rear Admiral',
};

/** A post checked against the contract; every call gets a fresh id. */
export function aPost(fields: Partial<Post> = {}): Post {
  return Post.parse({
    _id: crypto.randomUUID(),
    content: 'Hello, network',
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags: [],
    images: [],
    createdAt: minutesAgo(5),
    likesCount: 0,
    commentsCount: 0,
    isLiked: false,
    author: grace,
    comments: [],
    ...fields,
  });
}

export function aComment(fields: Partial<Comment> = {}): Comment {
  return Comment.parse({
    _id: crypto.randomUUID(),
    author: grace,
    content: 'Nice one',
    createdAt: minutesAgo(2),
    ...fields,
  });
}

/** POST /api/posts/:id/comments' answer: `comment`, its post and the post's count after it. */
export function addedCommentReply(postId: string, comment: Comment, commentsCount: number): Response {
  return jsonReply(201, { data: AddedComment.parse({ ...comment, postId, commentsCount }) });
}

/** GET /api/posts/feed's answer: one page of `posts`. */
export function feedReply(posts: Post[], page = { currentPage: 1, totalPages: 1 }): Response {
  return jsonReply(200, {
    data: posts,
    pagination: {
      ...page,
      totalPosts: posts.length,
      hasNext: page.currentPage < page.totalPages,
      hasPrev: page.currentPage > 1,
    },
  });
}
