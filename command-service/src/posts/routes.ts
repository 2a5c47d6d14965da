import { randomUUID } from 'node:crypto';
import type { AuthorSummary } from '@careers/contracts/entities/person-summary';
import type { Post } from '@careers/contracts/entities/post';
import type { User } from '@careers/contracts/entities/user';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { authMessages, postMessages } from '@careers/contracts/messages';
import { apiPath, routes } from '@careers/contracts/routes';
import {
  notFound,
  type Pool,
  parseOr400,
  type Redis,
  requireSignedIn,
  unauthorized,
} from '@careers/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendConsistencyToken } from '../command-reply.ts';
import type { CommandTransaction, EventStore } from '../event-log/event-store.ts';
import type { UserStore } from '../users/store.ts';
import {
  decideAddComment,
  decideCreatePost,
  decideToggleLike,
  evolvePost,
  type PostState,
  visiblePost,
} from './decide.ts';
import type { PostStore } from './store.ts';

export interface PostRouteDeps {
  app: FastifyInstance;
  pool: Pool;
  redis: Redis;
  store: EventStore;
  posts: PostStore;
  users: UserStore;
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

/** Appends a post's events in the command's transaction; returns the state they lead to. */
async function appendPostEvents(
  tx: CommandTransaction,
  post: PostState,
  events: NewDomainEvent[],
): Promise<PostState> {
  await tx.append({ streamType: 'post', streamId: post.id, expectedVersion: post.version, events });
  return events.reduce<PostState | null>(evolvePost, post) ?? post;
}

/** A malformed post id reads like an unknown one: 404 "Post not found". */
function postIdOf(request: FastifyRequest): string {
  const parsed = routes.toggleLike.params.safeParse(request.params);
  if (!parsed.success) throw notFound(postMessages.postNotFound);
  return parsed.data.id;
}

export function registerPostRoutes(deps: PostRouteDeps): void {
  const { app, pool, redis, store, posts, users } = deps;

  async function author(userId: string): Promise<User> {
    const record = await users.find(pool, userId);
    if (!record) throw unauthorized(authMessages.signInRequired);
    return record.user;
  }

  app.post(apiPath(routes.createPost), async (request, reply) => {
    const actor = await requireSignedIn(redis, request);
    const body = parseOr400(routes.createPost.body, request.body);
    const user = await author(actor.userId);
    const postId = randomUUID();
    const [created] = decideCreatePost({ postId, authorId: actor.userId, request: body, now: new Date() });
    const { events } = await store.execute({ actorId: actor.userId }, async (tx) => {
      await tx.append({ streamType: 'post', streamId: postId, expectedVersion: 0, events: [created] });
      await posts.insert(tx.client, evolvePost(null, created) as PostState);
    });
    const { postId: _, authorId: __, ...fields } = created.data;
    const post: Post = {
      _id: postId,
      ...fields,
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
      author: authorSummary(user),
      comments: [],
    };
    sendConsistencyToken(reply, events);
    return reply.code(routes.createPost.status).send({ data: post });
  });

  app.post(apiPath(routes.toggleLike), async (request, reply) => {
    const actor = await requireSignedIn(redis, request);
    const postId = postIdOf(request);
    const { result, events } = await store.execute({ actorId: actor.userId }, async (tx) => {
      const post = visiblePost(await posts.lock(tx.client, postId), actor.userId);
      const likedAlready = await posts.isLikedBy(tx.client, postId, actor.userId);
      const decided = decideToggleLike({ post, userId: actor.userId, likedAlready, now: new Date() });
      const next = await appendPostEvents(tx, post, decided);
      await posts.saveLike(tx.client, next, actor.userId, !likedAlready);
      return { postId, likesCount: next.likesCount, isLiked: !likedAlready };
    });
    sendConsistencyToken(reply, events);
    return reply.code(routes.toggleLike.status).send({ data: result });
  });

  app.post(apiPath(routes.addComment), async (request, reply) => {
    const actor = await requireSignedIn(redis, request);
    const postId = postIdOf(request);
    const body = parseOr400(routes.addComment.body, request.body);
    const user = await author(actor.userId);
    const commentId = randomUUID();
    const now = new Date();
    const { events } = await store.execute({ actorId: actor.userId }, async (tx) => {
      const post = visiblePost(await posts.lock(tx.client, postId), actor.userId);
      const decided = decideAddComment({ post, commentId, authorId: actor.userId, request: body, now });
      await posts.save(tx.client, await appendPostEvents(tx, post, decided));
    });
    sendConsistencyToken(reply, events);
    return reply.code(routes.addComment.status).send({
      data: {
        _id: commentId,
        author: authorSummary(user),
        content: body.content,
        createdAt: now.toISOString(),
      },
    });
  });
}
