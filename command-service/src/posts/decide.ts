import type { PostVisibility } from '@careers/contracts/entities/enums';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { postMessages } from '@careers/contracts/messages';
import type { AddCommentRequest } from '@careers/contracts/requests/add-comment';
import type { CreatePostRequest } from '@careers/contracts/requests/create-post';
import { notFound } from '@careers/service-kit';

/** The write side's view of a post: enough to decide likes and comments and to count them. */
export interface PostState {
  id: string;
  authorId: string;
  visibility: PostVisibility;
  likesCount: number;
  commentsCount: number;
  version: number;
}

type EventOf<T extends NewDomainEvent['type']> = Extract<NewDomainEvent, { type: T }>;

export function decideCreatePost(input: {
  postId: string;
  authorId: string;
  request: CreatePostRequest;
  now: Date;
}): [EventOf<'PostCreated'>] {
  const { content, type, category, visibility, tags } = input.request;
  return [
    {
      type: 'PostCreated',
      data: {
        postId: input.postId,
        authorId: input.authorId,
        content,
        type,
        category,
        visibility,
        tags,
        createdAt: input.now.toISOString(),
      },
    },
  ];
}

/**
 * Who may see (and so like or comment on) a post. Connections-only posts are open to their author;
 * the connections of the author are added here once the connection aggregate exists on the write side.
 */
function canSee(post: PostState, userId: string): boolean {
  return post.visibility === 'public' || post.authorId === userId;
}

/** The post if `userId` may see it; otherwise 404, the same as a missing post, so nothing is revealed. */
export function visiblePost(post: PostState | null, userId: string): PostState {
  if (!post || !canSee(post, userId)) throw notFound(postMessages.postNotFound);
  return post;
}

/** A like toggles: liking a liked post takes the like back. The count is the one after the change. */
export function decideToggleLike(input: {
  post: PostState;
  userId: string;
  likedAlready: boolean;
  now: Date;
}): NewDomainEvent[] {
  const post = visiblePost(input.post, input.userId);
  const at = input.now.toISOString();
  if (input.likedAlready) {
    return [
      {
        type: 'PostUnliked',
        data: {
          postId: post.id,
          userId: input.userId,
          likesCount: Math.max(0, post.likesCount - 1),
          unlikedAt: at,
        },
      },
    ];
  }
  return [
    {
      type: 'PostLiked',
      data: { postId: post.id, userId: input.userId, likesCount: post.likesCount + 1, likedAt: at },
    },
  ];
}

export function decideAddComment(input: {
  post: PostState;
  commentId: string;
  authorId: string;
  request: AddCommentRequest;
  now: Date;
}): NewDomainEvent[] {
  const post = visiblePost(input.post, input.authorId);
  return [
    {
      type: 'CommentAdded',
      data: {
        postId: post.id,
        commentId: input.commentId,
        authorId: input.authorId,
        content: input.request.content,
        commentsCount: post.commentsCount + 1,
        createdAt: input.now.toISOString(),
      },
    },
  ];
}

/** The state a post's events leave (pure). */
export function evolvePost(post: PostState | null, event: NewDomainEvent): PostState | null {
  switch (event.type) {
    case 'PostCreated':
      return {
        id: event.data.postId,
        authorId: event.data.authorId,
        visibility: event.data.visibility,
        likesCount: 0,
        commentsCount: 0,
        version: 1,
      };
    case 'PostLiked':
    case 'PostUnliked':
      return post && { ...post, likesCount: event.data.likesCount, version: post.version + 1 };
    case 'CommentAdded':
      return post && { ...post, commentsCount: event.data.commentsCount, version: post.version + 1 };
    default:
      return post;
  }
}
