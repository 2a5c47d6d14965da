import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { AddedComment } from '@careers/contracts/entities/comment';
import { Post } from '@careers/contracts/entities/post';
import { authMessages, postMessages } from '@careers/contracts/messages';
import { ident } from '@careers/service-kit';
import { testNamespace, waitUntil } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusal } from '../pipeline/domain-error.ts';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { sendCommand, sessionCookieOf } from '../testing.ts';
import { decideToggleLike, foldPost } from './decide.ts';
import { PostStore } from './store.ts';

const ns = testNamespace('post-routes');
let command: RunningCommandService;

beforeAll(async () => {
  command = await startCommandService(ns.commandEnv, { listen: false });
});
afterAll(async () => {
  await command?.close();
  await ns.cleanup();
});

function call(method: 'POST', url: string, sid?: string, body?: unknown) {
  return sendCommand(command.app, { method, url, sid, body });
}

let seq = 0;
async function signUp(firstName = 'Alan') {
  const response = await call('POST', '/api/auth/register', undefined, {
    firstName,
    lastName: 'Turing',
    email: `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`,
    password: 'enigma-1940',
    accountType: 'job_seeker',
  });
  expect(response.statusCode).toBe(201);
  return {
    sid: sessionCookieOf(response)?.value as string,
    id: response.json().user._id as string,
  };
}

async function createPost(sid: string, body: Record<string, unknown> = { content: 'Hello, network' }) {
  const response = await call('POST', '/api/posts', sid, body);
  expect(response.statusCode, response.body).toBe(201);
  return Post.parse(response.json().data);
}

const s = () => ident(command.deps.config.DB_SCHEMA);
async function eventTypes(streamId: string) {
  const { rows } = await command.deps.pool.query<{ type: string }>(
    `SELECT type FROM ${s()}.event_log WHERE stream_id = $1 ORDER BY stream_version`,
    [streamId],
  );
  return rows.map((r) => r.type);
}

describe('POST /api/posts', () => {
  it('publishes with the spec defaults and answers the post as the feed shows it', async () => {
    const alan = await signUp();
    const response = await call('POST', '/api/posts', alan.sid, {
      content: '  Hello  ',
      tags: ['#TypeScript', ''],
    });
    expect(response.statusCode).toBe(201);
    const post = Post.parse(response.json().data);
    expect(post).toMatchObject({
      content: 'Hello',
      type: 'text',
      category: 'Career',
      visibility: 'public',
      tags: ['TypeScript'],
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
      comments: [],
      author: { _id: alan.id, firstName: 'Alan', lastName: 'Turing', jobTitle: '', profilePicture: null },
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${post._id}@1`]);
    expect(await eventTypes(post._id)).toEqual(['PostCreated']);
  });

  it.each([
    [{ content: '' }, postMessages.contentEmpty],
    [{ content: '   \n ' }, postMessages.contentEmpty],
    [{}, postMessages.contentEmpty],
    [{ content: 'x'.repeat(5001) }, postMessages.contentTooLong],
    [{ content: 'ok', visibility: 'secret' }, postMessages.visibilityInvalid],
    [{ content: 'ok', tags: ['no spaces please'] }, postMessages.tagInvalid],
  ])('refuses %j with 400 "%s" and writes nothing', async (body, message) => {
    const alan = await signUp();
    const before = await command.deps.pool.query(`SELECT count(*)::int AS n FROM ${s()}.event_log`);
    const response = await call('POST', '/api/posts', alan.sid, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const after = await command.deps.pool.query(`SELECT count(*)::int AS n FROM ${s()}.event_log`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('requires a session', async () => {
    const response = await call('POST', '/api/posts', undefined, { content: 'hi' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authMessages.signInRequired });
  });
});

describe('POST /api/posts/:id/like', () => {
  it('toggles: like, then take it back', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    const liked = await call('POST', `/api/posts/${post._id}/like`, grace.sid);
    expect(liked.json()).toEqual({ data: { postId: post._id, likesCount: 1, isLiked: true } });
    expect(consistencyTokenSubjects(liked.headers[CONSISTENCY_HEADER])).toEqual([`${post._id}@2`]);
    const unliked = await call('POST', `/api/posts/${post._id}/like`, grace.sid);
    expect(unliked.json()).toEqual({ data: { postId: post._id, likesCount: 0, isLiked: false } });
    expect(await eventTypes(post._id)).toEqual(['PostCreated', 'PostLiked', 'PostUnliked']);
  });

  it('ends consistent when one person toggles many times at once', async () => {
    const alan = await signUp();
    const post = await createPost(alan.sid);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => call('POST', `/api/posts/${post._id}/like`, alan.sid)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // Seven toggles from zero: liked. The counts answered are 1,0,1,0... in the order they committed.
    const { rows } = await command.deps.pool.query(
      `SELECT p.likes_count, (SELECT count(*)::int FROM ${s()}.post_likes l WHERE l.post_id = p.id) AS likes
         FROM ${s()}.posts p WHERE p.id = $1`,
      [post._id],
    );
    expect(rows[0]).toEqual({ likes_count: 1, likes: 1 });
    const types = await eventTypes(post._id);
    expect(types.filter((t) => t === 'PostLiked')).toHaveLength(4);
    expect(types.filter((t) => t === 'PostUnliked')).toHaveLength(3);
  });

  it('sees a like of theirs that committed while it waited for the post, and takes it back', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    const posts = new PostStore(command.deps.config.DB_SCHEMA);
    // A like of Grace's that holds the post until told to go on, as a slower command would.
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let goOn!: () => void;
    const gate = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    const first = command.deps.store.execute({ actorId: grace.id }, async (tx) => {
      const { post: state, viewer } = await posts.lock(tx.client, post._id, grace.id);
      if (!state) throw new Error('post missing');
      holding();
      await gate;
      const events = decideToggleLike({ post: state, viewer, likedAlready: false, now: new Date() });
      if (isRefusal(events)) throw events;
      await tx.append(
        { streamType: 'post', streamId: post._id, expectedVersion: state.version, events },
        posts.likeWrite(foldPost(state, events), grace.id, true),
      );
    });
    await held;
    const second = call('POST', `/api/posts/${post._id}/like`, grace.sid);
    await waitUntil('the second like waits for the post', async () => {
      const { rows } = await command.deps.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE '%liked_at_start%' AND query LIKE $1`,
        [`%${s()}.posts%`],
      );
      return (rows[0]?.n ?? 0) > 0;
    });
    goOn();
    await first;
    const answer = await second;
    expect(answer.json()).toEqual({ data: { postId: post._id, likesCount: 0, isLiked: false } });
    expect(await eventTypes(post._id)).toEqual(['PostCreated', 'PostLiked', 'PostUnliked']);
  });

  it('loses no like when many people like at once', async () => {
    const alan = await signUp();
    const post = await createPost(alan.sid);
    const fans = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(`Fan${i}`)));
    const answers = await Promise.all(
      fans.map((fan) => call('POST', `/api/posts/${post._id}/like`, fan.sid)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(fans.map(() => 200));
    expect(answers.map((a) => a.json().data.likesCount).sort((a, b) => a - b)).toEqual(
      fans.map((_, i) => i + 1),
    );
    const { rows } = await command.deps.pool.query(`SELECT likes_count FROM ${s()}.posts WHERE id = $1`, [
      post._id,
    ]);
    expect(rows[0].likes_count).toBe(12);
  });

  it('answers 404 for an unknown or malformed post id, and 401 without a session', async () => {
    const alan = await signUp();
    for (const id of ['8d3b0a4e-5b7c-4d2e-9f10-1a2b3c4d5e6f', 'not-a-uuid']) {
      const response = await call('POST', `/api/posts/${id}/like`, alan.sid);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: postMessages.postNotFound });
    }
    const post = await createPost(alan.sid);
    expect((await call('POST', `/api/posts/${post._id}/like`)).statusCode).toBe(401);
  });

  it("keeps other people's connections-only posts out of reach", async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid, { content: 'Only my network', visibility: 'connections' });
    expect((await call('POST', `/api/posts/${post._id}/like`, grace.sid)).statusCode).toBe(404);
    expect((await call('POST', `/api/posts/${post._id}/like`, alan.sid)).statusCode).toBe(200);
  });
});

describe('POST /api/posts/:id/comments', () => {
  it("adds the comment with its author and answers the post's new count", async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    const response = await call('POST', `/api/posts/${post._id}/comments`, grace.sid, {
      content: ' Congrats! ',
    });
    expect(response.statusCode).toBe(201);
    const comment = AddedComment.parse(response.json().data);
    expect(comment).toMatchObject({
      content: 'Congrats!',
      author: { _id: grace.id, firstName: 'Grace' },
      postId: post._id,
      commentsCount: 1,
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${post._id}@2`]);
    const second = await call('POST', `/api/posts/${post._id}/comments`, alan.sid, { content: 'Thanks' });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.commentsCount).toBe(2);
    const { rows } = await command.deps.pool.query(`SELECT comments_count FROM ${s()}.posts WHERE id = $1`, [
      post._id,
    ]);
    expect(rows[0].comments_count).toBe(2);
  });

  it.each([
    [{ content: '' }, postMessages.commentEmpty],
    [{ content: ' \t ' }, postMessages.commentEmpty],
    [{ content: 'x'.repeat(2001) }, postMessages.commentTooLong],
  ])('refuses %j with 400 "%s" and writes nothing', async (body, message) => {
    const alan = await signUp();
    const post = await createPost(alan.sid);
    const response = await call('POST', `/api/posts/${post._id}/comments`, alan.sid, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await eventTypes(post._id)).toEqual(['PostCreated']);
  });

  it('answers 404 for an unknown post', async () => {
    const alan = await signUp();
    const response = await call(
      'POST',
      '/api/posts/8d3b0a4e-5b7c-4d2e-9f10-1a2b3c4d5e6f/comments',
      alan.sid,
      {
        content: 'Hello?',
      },
    );
    expect(response.statusCode).toBe(404);
  });
});
