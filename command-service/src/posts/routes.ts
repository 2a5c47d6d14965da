import { randomUUID } from 'node:crypto';
import { postImageOf } from '@careers/contracts/api/file-routes';
import type { AuthorSummary } from '@careers/contracts/entities/person-summary';
import type { User } from '@careers/contracts/entities/user';
import type { NewDomainEvent, NewEventOf } from '@careers/contracts/events/catalogue';
import { postMessages } from '@careers/contracts/messages';
import type { PostViewer } from '@careers/contracts/policies/post-access';
import { routes } from '@careers/contracts/routes';
import { tagsOf } from '@careers/contracts/tags';
import type { Pool } from '@careers/service-kit';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyRequest } from 'fastify';
import type { CommandTransaction } from '../event-log/event-store.ts';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import { type DomainError, isRefusal } from '../pipeline/domain-error.ts';
import { postImageKeys } from '../uploads/store-picture.ts';
import type { UserStore } from '../users/store.ts';
import {
  type CommentState,
  decideAddComment,
  decideCreatePost,
  decideDeleteComment,
  decideDeletePost,
  decideEditComment,
  decideEditPost,
  decideToggleLike,
  foldPost,
  type PostState,
  postNotFound,
  type StagedImage,
  unpublishedPost,
} from './decide.ts';
import type { PostImageStore } from './image-store.ts';
import { commentReply, likeReply, PostGroup } from './post-group.ts';
import type { PostStore } from './store.ts';

export interface PostRouteDeps extends PipelineDeps {
  pool: Pool;
  posts: PostStore;
  users: UserStore;
  /** Pictures uploaded for a post to come: a new post consumes those it names. */
  images: PostImageStore;
  /** Where a removed post's pictures are removed from, after the commit. */
  storage: ObjectStorage;
}

function authorSummary(user: User): AuthorSummary {
  return {
    _id: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    profilePicture: user.profilePicture,
    jobTitle: user.jobTitle,
  };
}

/**
 * A like or comment: the post as locked, the actor as the post rule sees them, and their like; and the
 * post's given tags (an edit's tags are decided on them) and pictures (a removal removes their objects).
 */
interface PostCommandState {
  post: PostState;
  viewer: PostViewer;
  likedAlready: boolean;
  givenTags: string[];
  imageIds: string[];
}

/**
 * A new post: the post about to be, the author's waiting uploads it names (consumed in the command's
 * transaction), and, once decided, the PostCreated that records it (the reply is made from it).
 */
interface CreatePostState {
  post: PostState;
  staged: StagedImage[];
  created: NewEventOf<'PostCreated'>['data'] | null;
}

/** The actor's like follows their own like events; the post follows all of them. */
function evolvePostCommand<S extends PostCommandState>(state: S, events: readonly NewDomainEvent[]): S {
  let likedAlready = state.likedAlready;
  for (const event of events) {
    if (event.type === 'PostLiked') likedAlready = true;
    if (event.type === 'PostUnliked') likedAlready = false;
  }
  return { ...state, post: foldPost(state.post, events), likedAlready };
}

/** An edit or deletion of a comment: the post as locked, and the comment as the write side keeps it. */
interface CommentCommandState extends PostCommandState {
  comment: CommentState | null;
}

/** The comment's id as stored (the path's may differ in case); only called once events were decided. */
const commentIdOf = ({ comment }: CommentCommandState, params: { commentId: string }) =>
  comment?.id ?? params.commentId;

const postStream = ({ post }: { post: PostState }) => ({
  type: 'post' as const,
  id: post.id,
  version: post.version,
});

/** The post aggregate's command routes, run by the pipeline. */
export function registerPostRoutes(deps: PostRouteDeps): void {
  const { pool, posts, users, images, storage } = deps;

  /** The actor as the author of a post or comment (replies show their name and picture). */
  async function authorOf(userId: string) {
    const record = await users.find(pool, userId);
    return record ? authorSummary(record.user) : null;
  }

  /** Reads and locks the post and the actor's standing to it; a missing post reads as not found. */
  async function lockPost(tx: CommandTransaction, postId: string, userId: string, withLike: boolean) {
    const locked = await posts.lock(tx.client, postId, userId, withLike);
    const { post, viewer, givenTags, imageIds } = locked;
    if (!post) return postNotFound();
    const likedAlready =
      withLike && (locked.likedAlready ?? (await posts.isLikedBy(tx.client, postId, userId)));
    return { post, viewer, likedAlready, givenTags, imageIds };
  }

  /**
   * After a post's removal commits, best effort: its pictures' objects. What is missed here is not lost
   * track of: no row names the pictures any more, so the uploads sweeper removes them as orphans.
   */
  async function removeImages(request: FastifyRequest, imageIds: readonly string[]) {
    const keys = imageIds.flatMap(postImageKeys);
    if (keys.length === 0) return;
    await storage.remove(keys).catch((error: unknown) => {
      request.log.warn({ err: error, keys }, "a removed post's pictures were not removed; the sweeper will");
    });
  }

  /**
   * `lockPost`, then the comment under it: read once the post is locked, so no change to its comments
   * can land in between (each holds the post).
   */
  async function lockComment(
    tx: CommandTransaction,
    postId: string,
    commentId: string,
    userId: string,
  ): Promise<CommentCommandState | DomainError> {
    const locked = await lockPost(tx, postId, userId, false);
    if (isRefusal(locked)) return locked;
    return { ...locked, comment: await posts.findComment(tx.client, postId, commentId) };
  }

  registerCommand(deps, {
    route: routes.createPost,
    async prepare({ actor }) {
      const author = await authorOf(actor.userId);
      return author ? { author, postId: randomUUID() } : signedOut();
    },
    // The pictures named are taken out of staging here, in the transaction: a refusal rolls it back.
    load: async (tx, { actor, body }, { postId }): Promise<CreatePostState> => ({
      post: unpublishedPost(postId, actor.userId, body.visibility),
      staged: await images.consume(
        tx.client,
        actor.userId,
        body.images.map((image) => image.imageId),
      ),
      created: null,
    }),
    decide: ({ staged }, { actor, body, now }, { postId }) =>
      decideCreatePost({ postId, authorId: actor.userId, request: body, staged, now }),
    stream: postStream,
    evolve: (state, events) => ({
      ...state,
      post: foldPost(state.post, events),
      created: events.find((event) => event.type === 'PostCreated')?.data ?? state.created,
    }),
    save: (tx, { post, created }, { body }) =>
      posts.insert(tx.client, post, {
        givenTags: body.tags,
        imageIds: created?.images.map((image) => image.imageId) ?? [],
      }),
    respond: ({ post, created }, _input, { author }) => {
      if (!created) throw new Error('createPost answered without its PostCreated');
      const { content, type, category, visibility, tags, createdAt } = created;
      return {
        data: {
          _id: post.id,
          content,
          type,
          category,
          visibility,
          tags,
          images: created.images.map(postImageOf),
          createdAt,
          likesCount: post.likesCount,
          commentsCount: post.commentsCount,
          isLiked: false,
          author,
          comments: [],
        },
      };
    },
  });

  // Likes and comments run in groups (a group commit); the steps below are their single path, which a
  // group falls back on when its transaction fails.
  const group = new PostGroup({ store: deps.store, posts });

  registerCommand(deps, {
    route: routes.toggleLike,
    group: group.likes,
    load: (tx, { actor, params }) => lockPost(tx, params.id, actor.userId, true),
    decide: ({ post, viewer, likedAlready }, { now }) =>
      decideToggleLike({ post, viewer, likedAlready, now }),
    stream: postStream,
    evolve: evolvePostCommand,
    saveAlong: ({ post, likedAlready }, { actor }) => posts.likeWrite(post, actor.userId, likedAlready),
    respond: ({ post, likedAlready }) => likeReply(post, likedAlready),
  });

  registerCommand(deps, {
    route: routes.addComment,
    group: group.comments,
    async prepare({ actor }) {
      const author = await authorOf(actor.userId);
      return author ? { author, commentId: randomUUID() } : signedOut();
    },
    load: (tx, { actor, params }) => lockPost(tx, params.id, actor.userId, false),
    decide: ({ post, viewer }, { body, now }, { commentId }) =>
      decideAddComment({ post, viewer, commentId, request: body, now }),
    stream: postStream,
    evolve: evolvePostCommand,
    saveAlong: ({ post }, { actor, now }, { commentId }) =>
      posts.commentWrite(post, { postId: post.id, commentId, authorId: actor.userId, addedAt: now }),
    respond: ({ post }, input, prepared) => commentReply(post, input, prepared),
  });

  registerCommand(deps, {
    route: routes.editPost,
    load: (tx, { actor, params }) => lockPost(tx, params.id, actor.userId, false),
    decide: ({ post, viewer, givenTags }, { body, now }) =>
      decideEditPost({ post, viewer, givenTags, request: body, now }),
    stream: postStream,
    evolve: evolvePostCommand,
    saveAlong: ({ post }) => posts.versionWrite(post),
    // The tags as decided (`tagsOf` is pure: the same text and given tags give the event's tags).
    respond: ({ post, givenTags }, { body, now }) => ({
      data: {
        postId: post.id,
        content: body.content,
        editedAt: now.toISOString(),
        tags: tagsOf(body.content, givenTags),
      },
    }),
  });

  registerCommand(deps, {
    route: routes.deletePost,
    load: (tx, { actor, params }) => lockPost(tx, params.id, actor.userId, false),
    decide: ({ post, viewer }, { now }) => decideDeletePost({ post, viewer, now }),
    stream: postStream,
    evolve: evolvePostCommand,
    // Forgotten as an account deletion forgets its posts: a like, comment or edit after it finds none.
    save: async (tx, { post }) => {
      await posts.removePosts(tx.client, [post.id]);
    },
    // Its pictures go once the removal stands (a failed command must not lose a post's pictures).
    afterCommit: ({ imageIds }, { request }) => removeImages(request, imageIds),
    respond: () => ({ message: postMessages.postDeleted }),
  });

  registerCommand(deps, {
    route: routes.editComment,
    load: (tx, { actor, params }) => lockComment(tx, params.id, params.commentId, actor.userId),
    decide: ({ post, comment, viewer }, { body, now }) =>
      decideEditComment({ post, comment, viewer, request: body, now }),
    stream: postStream,
    evolve: evolvePostCommand,
    saveAlong: ({ post }) => posts.versionWrite(post),
    respond: (state, { params, body, now }) => ({
      data: {
        postId: state.post.id,
        commentId: commentIdOf(state, params),
        content: body.content,
        editedAt: now.toISOString(),
      },
    }),
  });

  registerCommand(deps, {
    route: routes.deleteComment,
    load: (tx, { actor, params }) => lockComment(tx, params.id, params.commentId, actor.userId),
    decide: ({ post, comment, viewer }, { now }) => decideDeleteComment({ post, comment, viewer, now }),
    stream: postStream,
    evolve: evolvePostCommand,
    saveAlong: (state, { params }) => posts.commentRemovalWrite(state.post, commentIdOf(state, params)),
    respond: (state, { params }) => ({
      data: {
        postId: state.post.id,
        commentId: commentIdOf(state, params),
        commentsCount: state.post.commentsCount,
      },
    }),
  });
}
