import { MAX_TAGS } from '@careers/contracts/constants';
import type { PostVisibility } from '@careers/contracts/entities/enums';
import type { NewDomainEvent, NewEventOf } from '@careers/contracts/events/catalogue';
import { postMessages } from '@careers/contracts/messages';
import { canSeePost, type PostViewer } from '@careers/contracts/policies/post-access';
import type { AddCommentRequest } from '@careers/contracts/requests/add-comment';
import type { CreatePostRequest } from '@careers/contracts/requests/create-post';
import type { EditCommentRequest, EditPostRequest } from '@careers/contracts/requests/edit-post';
import { tagsOf } from '@careers/contracts/tags';
import { type Decision, type DomainError, isRefusal, refuse } from '../pipeline/domain-error.ts';

/** The write side's view of a post: enough to decide likes and comments and to count them. */
export interface PostState {
  id: string;
  authorId: string;
  visibility: PostVisibility;
  likesCount: number;
  commentsCount: number;
  version: number;
}

/**
 * A comment as the write side keeps it (post_comments): who wrote it decides who may edit or delete it.
 * The text is not kept here (it is sealed in the log); edits and deletions do not need it.
 */
export interface CommentState {
  id: string;
  postId: string;
  authorId: string;
}

/**
 * A picture uploaded for a post (`POST /posts/images`) and not yet in one, as the staging table keeps
 * it: what the uploader may name in their post. `width` and `height` are the large rendition's.
 */
export interface StagedImage {
  imageId: string;
  width: number;
  height: number;
}

/**
 * The post's tags: those given apart from the text and the `#words` of the text, once each (`tagsOf`),
 * or a refusal past MAX_TAGS. The request checks the given ones alone; the text can add more.
 */
export function tagsOfPost(content: string, given: readonly string[]): string[] | DomainError {
  const tags = tagsOf(content, given);
  return tags.length > MAX_TAGS ? refuse.invalid(postMessages.tooManyTags) : tags;
}

/**
 * A new post. Its tags are parsed here, on the write side, into the event (the read side and the
 * client never parse them again). Every picture it names must be one of `staged`: the author's own
 * uploads not yet in a post, found (and consumed) in the command's transaction. One that is not (never
 * uploaded, someone else's, in a post already, or swept after an hour) is refused as not found, the
 * same for each, so nothing is told about another person's uploads. The pictures keep the author's
 * order, each with its alt text and the size it was stored at.
 */
export function decideCreatePost(input: {
  postId: string;
  authorId: string;
  request: CreatePostRequest;
  staged: readonly StagedImage[];
  now: Date;
}): Decision<NewEventOf<'PostCreated'>> {
  const { content, type, category, visibility } = input.request;
  const tags = tagsOfPost(content, input.request.tags);
  if (isRefusal(tags)) return tags;
  const staged = new Map(input.staged.map((image) => [image.imageId.toLowerCase(), image]));
  const images = [];
  for (const { imageId, alt } of input.request.images) {
    const found = staged.get(imageId.toLowerCase());
    if (!found) return refuse.invalid(postMessages.imageNotFound);
    images.push({ imageId: found.imageId.toLowerCase(), alt, width: found.width, height: found.height });
  }
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
        images,
        createdAt: input.now.toISOString(),
      },
    },
  ];
}

/**
 * The post if the viewer may see it (the contracts' post rule); otherwise a refusal that reads like a
 * missing post, so nothing is revealed of a post one may not see.
 */
export function visiblePost(post: PostState | null, viewer: PostViewer): PostState | null {
  return post && canSeePost(post, viewer) ? post : null;
}

export const postNotFound = () => refuse.notFound(postMessages.postNotFound);

/** A like toggles: liking a liked post takes the like back. The count is the one after the change. */
export function decideToggleLike(input: {
  post: PostState | null;
  viewer: PostViewer;
  likedAlready: boolean;
  now: Date;
}): Decision {
  const post = visiblePost(input.post, input.viewer);
  if (!post) return postNotFound();
  const userId = input.viewer.userId;
  const at = input.now.toISOString();
  if (input.likedAlready) {
    return [
      {
        type: 'PostUnliked',
        data: {
          postId: post.id,
          userId,
          likesCount: Math.max(0, post.likesCount - 1),
          unlikedAt: at,
        },
      },
    ];
  }
  return [
    {
      type: 'PostLiked',
      data: { postId: post.id, userId, likesCount: post.likesCount + 1, likedAt: at },
    },
  ];
}

export function decideAddComment(input: {
  post: PostState | null;
  commentId: string;
  /** The commenter, as the post rule sees them. */
  viewer: PostViewer;
  request: AddCommentRequest;
  now: Date;
}): Decision {
  const post = visiblePost(input.post, input.viewer);
  if (!post) return postNotFound();
  return [
    {
      type: 'CommentAdded',
      data: {
        postId: post.id,
        commentId: input.commentId,
        authorId: input.viewer.userId,
        content: input.request.content,
        commentsCount: post.commentsCount + 1,
        createdAt: input.now.toISOString(),
      },
    },
  ];
}

/**
 * The post's author changes its text. An edit to the same text is recorded too: the write side keeps
 * no text to compare with, and the author asked for it (the post shows as edited, at this time).
 *
 * The tags follow the text: the post's tags after the edit are those given when it was created
 * (`givenTags`, kept on the write side's row) and the `#words` of the new text, at most MAX_TAGS as a
 * new post's. The pictures stay as they are.
 */
export function decideEditPost(input: {
  post: PostState | null;
  viewer: PostViewer;
  givenTags: readonly string[];
  request: EditPostRequest;
  now: Date;
}): Decision<NewEventOf<'PostEdited'>> {
  const post = visiblePost(input.post, input.viewer);
  if (!post) return postNotFound();
  if (input.viewer.userId !== post.authorId) return refuse.forbidden(postMessages.onlyAuthorEditsPost);
  const tags = tagsOfPost(input.request.content, input.givenTags);
  if (isRefusal(tags)) return tags;
  return [
    {
      type: 'PostEdited',
      data: {
        postId: post.id,
        authorId: post.authorId,
        content: input.request.content,
        tags,
        editedAt: input.now.toISOString(),
      },
    },
  ];
}

/** The post's author deletes it: PostRemoved, as an account deletion records it (likes and comments go). */
export function decideDeletePost(input: { post: PostState | null; viewer: PostViewer; now: Date }): Decision {
  const post = visiblePost(input.post, input.viewer);
  if (!post) return postNotFound();
  if (input.viewer.userId !== post.authorId) return refuse.forbidden(postMessages.onlyAuthorDeletesPost);
  return [
    {
      type: 'PostRemoved',
      data: { postId: post.id, authorId: post.authorId, removedAt: input.now.toISOString() },
    },
  ];
}

export const commentNotFound = () => refuse.notFound(postMessages.commentNotFound);

/** The comment if it is one of this post's (a comment of another post, or one removed, is not found). */
function commentOf(post: PostState, comment: CommentState | null): CommentState | null {
  return comment && comment.postId === post.id ? comment : null;
}

/** The comment's author changes its text (recorded even when it is the same text, as a post's edit). */
export function decideEditComment(input: {
  post: PostState | null;
  comment: CommentState | null;
  viewer: PostViewer;
  request: EditCommentRequest;
  now: Date;
}): Decision {
  const post = visiblePost(input.post, input.viewer);
  if (!post) return postNotFound();
  const comment = commentOf(post, input.comment);
  if (!comment) return commentNotFound();
  if (input.viewer.userId !== comment.authorId) return refuse.forbidden(postMessages.onlyAuthorEditsComment);
  return [
    {
      type: 'CommentEdited',
      data: {
        postId: post.id,
        commentId: comment.id,
        authorId: comment.authorId,
        content: input.request.content,
        editedAt: input.now.toISOString(),
      },
    },
  ];
}

/**
 * The comment's author, or the post's author, deletes a comment: CommentRemoved names the comment's
 * author (whose comment it was, as an account deletion's does) and the post's count after it.
 */
export function decideDeleteComment(input: {
  post: PostState | null;
  comment: CommentState | null;
  viewer: PostViewer;
  now: Date;
}): Decision {
  const post = visiblePost(input.post, input.viewer);
  if (!post) return postNotFound();
  const comment = commentOf(post, input.comment);
  if (!comment) return commentNotFound();
  const actorId = input.viewer.userId;
  if (actorId !== comment.authorId && actorId !== post.authorId) {
    return refuse.forbidden(postMessages.onlyAuthorsDeleteComment);
  }
  return [
    {
      type: 'CommentRemoved',
      data: {
        postId: post.id,
        commentId: comment.id,
        authorId: comment.authorId,
        commentsCount: Math.max(0, post.commentsCount - 1),
        removedAt: input.now.toISOString(),
      },
    },
  ];
}

/**
 * A post about to be created: the state its creation is decided on, at version 0 (the new stream).
 */
export function unpublishedPost(postId: string, authorId: string, visibility: PostVisibility): PostState {
  return { id: postId, authorId, visibility, likesCount: 0, commentsCount: 0, version: 0 };
}

/** The state a post's events leave (pure). */
export function evolvePost(post: PostState, event: NewDomainEvent): PostState;
export function evolvePost(post: PostState | null, event: NewDomainEvent): PostState | null;
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
    case 'CommentRemoved':
      return post && { ...post, commentsCount: event.data.commentsCount, version: post.version + 1 };
    case 'PostEdited':
    case 'CommentEdited':
    case 'PostRemoved':
      return post && { ...post, version: post.version + 1 };
    default:
      return post;
  }
}

export function foldPost(post: PostState, events: readonly NewDomainEvent[]): PostState {
  return events.reduce((state, event) => evolvePost(state, event), post);
}
