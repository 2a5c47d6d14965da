import { randomUUID } from 'node:crypto';
import type { AuthorSummary } from '@careers/contracts/entities/person-summary';
import type { Post } from '@careers/contracts/entities/post';
import type { User } from '@careers/contracts/entities/user';
import { authMessages, postMessages } from '@careers/contracts/messages';
import { API_PREFIX, routes } from '@careers/contracts/routes';
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
import type { EventStore } from '../event-log/event-store.ts';
import type { UserStore } from '../users/store.ts';
import {
  decideAddComment,
  decideCreatePost,
  decideToggleLike,
  evolvePost,
  type PostState,
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

const path = (route: { path: string }) => `${API_PREFIX}${route.path}`;

function authorSummary(user: User): AuthorSummary {
  return {
    _id: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    profilePicture: user.profilePicture,
    jobTitle: user.jobTitle,
  };
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

  app.post(path(routes.createPost), async (request, reply) => {
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

  app.post(path(routes.toggleLike), async (request, reply) => {
    const actor = await requireSignedIn(redis, request);
    const postId = postIdOf(request);
    const { result, events } = await store.execute({ actorId: actor.userId }, async (tx) => {
      const found = await posts.lock(tx.client, postId, actor.userId);
      const decided = decideToggleLike({
        post: found?.post ?? null,
        userId: actor.userId,
        likedAlready: found?.liked ?? false,
        now: new Date(),
      });
      const current = found?.post as PostState;
      await tx.append({
        streamType: 'post',
        streamId: postId,
        expectedVersion: current.version,
        events: decided,
      });
      const next = decided.reduce<PostState | null>(evolvePost, current) as PostState;
      const isLiked = decided[0]?.type === 'PostLiked';
      await posts.saveLike(tx.client, next, actor.userId, isLiked);
      return { postId, likesCount: next.likesCount, isLiked };
    });
    sendConsistencyToken(reply, events);
    return reply.code(routes.toggleLike.status).send({ data: result });
  });

  app.post(path(routes.addComment), async (request, reply) => {
    const actor = await requireSignedIn(redis, request);
    const postId = postIdOf(request);
    const body = parseOr400(routes.addComment.body, request.body);
    const user = await author(actor.userId);
    const commentId = randomUUID();
    const { result: createdAt, events } = await store.execute({ actorId: actor.userId }, async (tx) => {
      const found = await posts.lock(tx.client, postId, actor.userId);
      const now = new Date();
      const decided = decideAddComment({
        post: found?.post ?? null,
        commentId,
        authorId: actor.userId,
        request: body,
        now,
      });
      const current = found?.post as PostState;
      await tx.append({
        streamType: 'post',
        streamId: postId,
        expectedVersion: current.version,
        events: decided,
      });
      await posts.save(tx.client, decided.reduce<PostState | null>(evolvePost, current) as PostState);
      return now.toISOString();
    });
    sendConsistencyToken(reply, events);
    return reply.code(routes.addComment.status).send({
      data: { _id: commentId, author: authorSummary(user), content: body.content, createdAt },
    });
  });
}
