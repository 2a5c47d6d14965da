import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { MAX_TAGS } from '@careers/contracts/constants';
import { AddedComment, DeletedComment, EditedComment, EditedPost } from '@careers/contracts/entities/comment';
import { Post } from '@careers/contracts/entities/post';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@careers/contracts/idempotency';
import { authMessages, postMessages } from '@careers/contracts/messages';
import { ident } from '@careers/service-kit';
import { testNamespace, waitUntil } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedLogRows } from '../event-log/testing.ts';
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

function call(method: 'POST' | 'PUT' | 'DELETE', url: string, sid?: string, body?: unknown, key?: string) {
  return sendCommand(command.app, {
    method,
    url,
    sid,
    body,
    headers: key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key },
  });
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

  it("parses the text's #words into the tags, after those given, and answers them", async () => {
    const alan = await signUp();
    const response = await call('POST', '/api/posts', alan.sid, {
      content: 'Shipped the #TypeScript rewrite with #QA (and #qa, C#, #1, example.com/#top)',
      tags: ['Release', 'typescript'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const post = Post.parse(response.json().data);
    expect(post.tags).toEqual(['Release', 'typescript', 'QA']);
    expect(post.images).toEqual([]);
    expect((await eventsOf(post._id))[0]).toMatchObject({
      type: 'PostCreated',
      data: { tags: ['Release', 'typescript', 'QA'], images: [] },
    });
    const { rows } = await command.deps.pool.query(`SELECT given_tags FROM ${s()}.posts WHERE id = $1`, [
      post._id,
    ]);
    expect(rows[0].given_tags).toEqual(['Release', 'typescript']);
  });

  it(`refuses more than ${MAX_TAGS} tags parsed from the text with 400, and writes nothing`, async () => {
    const alan = await signUp();
    const before = await command.deps.pool.query(`SELECT count(*)::int AS n FROM ${s()}.event_log`);
    const content = Array.from({ length: MAX_TAGS }, (_, i) => `#topic${i}`).join(' ');
    const response = await call('POST', '/api/posts', alan.sid, { content, tags: ['one-more'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: postMessages.tooManyTags });
    const after = await command.deps.pool.query(`SELECT count(*)::int AS n FROM ${s()}.event_log`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const { rows } = await command.deps.pool.query(
      `SELECT count(*)::int AS n FROM ${s()}.posts WHERE author_id = $1`,
      [alan.id],
    );
    expect(rows[0].n).toBe(0);
    // Exactly MAX_TAGS is a post.
    expect((await call('POST', '/api/posts', alan.sid, { content })).statusCode).toBe(201);
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

/** A stream's events with their sealed fields opened, in order. */
async function eventsOf(streamId: string) {
  const rows = await openedLogRows(command.deps, `${s()}.event_log`, 'stream_id = $1', [streamId]);
  return rows.map(({ type, data }) => ({ type, data }));
}

async function eventCount() {
  const { rows } = await command.deps.pool.query(`SELECT count(*)::int AS n FROM ${s()}.event_log`);
  return rows[0].n as number;
}

/** The write side's row of the post, and its likes and comments (counted). */
async function writeSide(postId: string) {
  const { rows } = await command.deps.pool.query(
    `SELECT (SELECT row_to_json(p) FROM (SELECT comments_count, likes_count, version FROM ${s()}.posts
                                          WHERE id = $1) p) AS post,
            (SELECT count(*)::int FROM ${s()}.post_likes WHERE post_id = $1) AS likes,
            (SELECT count(*)::int FROM ${s()}.post_comments WHERE post_id = $1) AS comments`,
    [postId],
  );
  return rows[0] as {
    post: { comments_count: number; likes_count: number; version: number } | null;
    likes: number;
    comments: number;
  };
}

async function commentOn(postId: string, sid: string, content = 'Nice one') {
  const response = await call('POST', `/api/posts/${postId}/comments`, sid, { content });
  expect(response.statusCode, response.body).toBe(201);
  return AddedComment.parse(response.json().data)._id;
}

/** Asks and expects a refusal `{ message }` that wrote nothing. */
async function refused(
  method: 'PUT' | 'DELETE',
  url: string,
  sid: string | undefined,
  status: number,
  message: string,
  body?: unknown,
) {
  const before = await eventCount();
  const response = await call(method, url, sid, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  expect(response.json()).toEqual({ message });
  expect(await eventCount()).toBe(before);
}

const unknownId = '8d3b0a4e-5b7c-4d2e-9f10-1a2b3c4d5e6f';

describe('PUT /api/posts/:id', () => {
  it('lets the author change the text: PostEdited (sealed), the version moves on, the counts stay', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    expect((await call('POST', `/api/posts/${post._id}/like`, grace.sid)).statusCode).toBe(200);
    const response = await call('PUT', `/api/posts/${post._id}`, alan.sid, { content: '  Hello again  ' });
    expect(response.statusCode, response.body).toBe(200);
    const edited = EditedPost.parse(response.json().data);
    expect(edited).toEqual({
      postId: post._id,
      content: 'Hello again',
      editedAt: expect.any(String),
      tags: [],
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${post._id}@3`]);
    expect((await eventsOf(post._id)).at(-1)).toEqual({
      type: 'PostEdited',
      data: {
        postId: post._id,
        authorId: alan.id,
        content: 'Hello again',
        tags: [],
        editedAt: edited.editedAt,
      },
    });
    const { rows } = await command.deps.pool.query(
      `SELECT data->>'content' AS content FROM ${s()}.event_log WHERE stream_id = $1 AND type = 'PostEdited'`,
      [post._id],
    );
    expect(rows[0].content).not.toContain('Hello again');
    expect(await writeSide(post._id)).toEqual({
      post: { comments_count: 0, likes_count: 1, version: 3 },
      likes: 1,
      comments: 0,
    });
  });

  it('keeps the tags given at creation and takes those of the new text', async () => {
    const alan = await signUp();
    const post = await createPost(alan.sid, { content: 'About #Rust', tags: ['Career'] });
    expect(post.tags).toEqual(['Career', 'Rust']);
    const response = await call('PUT', `/api/posts/${post._id}`, alan.sid, {
      content: 'Now #Go and #career',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(EditedPost.parse(response.json().data).tags).toEqual(['Career', 'Go']);
    expect((await eventsOf(post._id)).at(-1)).toMatchObject({
      type: 'PostEdited',
      data: { content: 'Now #Go and #career', tags: ['Career', 'Go'] },
    });
  });

  it(`refuses an edit whose text brings the tags past ${MAX_TAGS} with 400, and writes nothing`, async () => {
    const alan = await signUp();
    const post = await createPost(alan.sid, { content: 'Plain', tags: ['given'] });
    const content = Array.from({ length: MAX_TAGS }, (_, i) => `#topic${i}`).join(' ');
    await refused('PUT', `/api/posts/${post._id}`, alan.sid, 400, postMessages.tooManyTags, { content });
    expect(await eventTypes(post._id)).toEqual(['PostCreated']);
  });

  it('records an edit to the same text too (the write side keeps no text to compare)', async () => {
    const alan = await signUp();
    const post = await createPost(alan.sid, { content: 'Same' });
    for (const _ of [1, 2]) {
      expect((await call('PUT', `/api/posts/${post._id}`, alan.sid, { content: 'Same' })).statusCode).toBe(
        200,
      );
    }
    expect(await eventTypes(post._id)).toEqual(['PostCreated', 'PostEdited', 'PostEdited']);
  });

  it('refuses anyone but the author: 403 on a post they see, 404 on one they do not; nothing written', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const open = await createPost(alan.sid);
    const closed = await createPost(alan.sid, { content: 'Only my network', visibility: 'connections' });
    const body = { content: 'Hijacked' };
    await refused('PUT', `/api/posts/${open._id}`, grace.sid, 403, postMessages.onlyAuthorEditsPost, body);
    await refused('PUT', `/api/posts/${closed._id}`, grace.sid, 404, postMessages.postNotFound, body);
    await refused('PUT', `/api/posts/${unknownId}`, alan.sid, 404, postMessages.postNotFound, body);
    await refused('PUT', '/api/posts/not-a-uuid', alan.sid, 404, postMessages.postNotFound, body);
    await refused('PUT', `/api/posts/${open._id}`, undefined, 401, authMessages.signInRequired, body);
  });

  it.each([
    [{ content: '' }, postMessages.contentEmpty],
    [{ content: '  \n ' }, postMessages.contentEmpty],
    [{}, postMessages.contentEmpty],
    [{ content: 'x'.repeat(5001) }, postMessages.contentTooLong],
  ])('refuses %j with 400 "%s" and writes nothing', async (body, message) => {
    const alan = await signUp();
    const post = await createPost(alan.sid);
    await refused('PUT', `/api/posts/${post._id}`, alan.sid, 400, message, body);
  });
});

describe('DELETE /api/posts/:id', () => {
  it('removes the post with its likes and comments: PostRemoved, and the write side forgets it', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    expect((await call('POST', `/api/posts/${post._id}/like`, grace.sid)).statusCode).toBe(200);
    await commentOn(post._id, grace.sid);
    const response = await call('DELETE', `/api/posts/${post._id}`, alan.sid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: postMessages.postDeleted });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${post._id}@4`]);
    expect((await eventsOf(post._id)).at(-1)).toEqual({
      type: 'PostRemoved',
      data: { postId: post._id, authorId: alan.id, removedAt: expect.any(String) },
    });
    expect(await writeSide(post._id)).toEqual({ post: null, likes: 0, comments: 0 });
  });

  it('answers 404 to anything on a deleted post: a like, a comment, an edit, a second delete', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    const commentId = await commentOn(post._id, grace.sid);
    expect((await call('DELETE', `/api/posts/${post._id}`, alan.sid)).statusCode).toBe(200);
    const url = `/api/posts/${post._id}`;
    const gone = postMessages.postNotFound;
    await refused('DELETE', url, alan.sid, 404, gone);
    await refused('PUT', url, alan.sid, 404, gone, { content: 'Back?' });
    const like = await call('POST', `${url}/like`, grace.sid);
    expect([like.statusCode, like.json()]).toEqual([404, { message: gone }]);
    const comment = await call('POST', `${url}/comments`, grace.sid, { content: 'Hello?' });
    expect([comment.statusCode, comment.json()]).toEqual([404, { message: gone }]);
    await refused('PUT', `${url}/comments/${commentId}`, grace.sid, 404, gone, { content: 'x' });
    await refused('DELETE', `${url}/comments/${commentId}`, grace.sid, 404, gone);
    expect(await eventTypes(post._id)).toEqual(['PostCreated', 'CommentAdded', 'PostRemoved']);
  });

  it('answers a repeat with the same Idempotency-Key as the first time, and removes once', async () => {
    const alan = await signUp();
    const post = await createPost(alan.sid);
    const key = randomUUID();
    const first = await call('DELETE', `/api/posts/${post._id}`, alan.sid, undefined, key);
    const again = await call('DELETE', `/api/posts/${post._id}`, alan.sid, undefined, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(again.headers[CONSISTENCY_HEADER]).toBe(first.headers[CONSISTENCY_HEADER]);
    expect(await eventTypes(post._id)).toEqual(['PostCreated', 'PostRemoved']);
  });

  it('removes once when deleted twice at once: the other finds no post', async () => {
    const alan = await signUp();
    const post = await createPost(alan.sid);
    const answers = await Promise.all([1, 2].map(() => call('DELETE', `/api/posts/${post._id}`, alan.sid)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(await eventTypes(post._id)).toEqual(['PostCreated', 'PostRemoved']);
  });

  it('refuses anyone but the author: 403 on a post they see, 404 on one they do not', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const open = await createPost(alan.sid);
    const closed = await createPost(alan.sid, { content: 'Only my network', visibility: 'connections' });
    await refused('DELETE', `/api/posts/${open._id}`, grace.sid, 403, postMessages.onlyAuthorDeletesPost);
    await refused('DELETE', `/api/posts/${closed._id}`, grace.sid, 404, postMessages.postNotFound);
    await refused('DELETE', `/api/posts/${open._id}`, undefined, 401, authMessages.signInRequired);
    expect(await writeSide(open._id)).toMatchObject({ post: { version: 1 } });
  });
});

describe('PUT /api/posts/:id/comments/:commentId', () => {
  it("lets the comment's author change its text: CommentEdited, the count stays", async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    const commentId = await commentOn(post._id, grace.sid, 'First thought');
    const response = await call('PUT', `/api/posts/${post._id}/comments/${commentId}`, grace.sid, {
      content: ' Second thought ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = EditedComment.parse(response.json().data);
    expect(edited).toEqual({
      postId: post._id,
      commentId,
      content: 'Second thought',
      editedAt: expect.any(String),
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${post._id}@3`]);
    expect((await eventsOf(post._id)).at(-1)).toEqual({
      type: 'CommentEdited',
      data: {
        postId: post._id,
        commentId,
        authorId: grace.id,
        content: 'Second thought',
        editedAt: edited.editedAt,
      },
    });
    expect(await writeSide(post._id)).toEqual({
      post: { comments_count: 1, likes_count: 0, version: 3 },
      likes: 0,
      comments: 1,
    });
  });

  it("refuses the post's author and anyone else with 403; a comment not under the post is 404", async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const ian = await signUp('Ian');
    const post = await createPost(alan.sid);
    const other = await createPost(alan.sid, { content: 'Another' });
    const commentId = await commentOn(post._id, grace.sid);
    const url = `/api/posts/${post._id}/comments/${commentId}`;
    const body = { content: 'Not yours' };
    await refused('PUT', url, alan.sid, 403, postMessages.onlyAuthorEditsComment, body);
    await refused('PUT', url, ian.sid, 403, postMessages.onlyAuthorEditsComment, body);
    const notFound = postMessages.commentNotFound;
    await refused('PUT', `/api/posts/${other._id}/comments/${commentId}`, grace.sid, 404, notFound, body);
    await refused('PUT', `/api/posts/${post._id}/comments/${unknownId}`, grace.sid, 404, notFound, body);
    await refused('PUT', `/api/posts/${post._id}/comments/nope`, grace.sid, 404, notFound, body);
    await refused('PUT', url, undefined, 401, authMessages.signInRequired, body);
    await refused('PUT', url, grace.sid, 400, postMessages.commentEmpty, { content: ' ' });
    await refused('PUT', url, grace.sid, 400, postMessages.commentTooLong, { content: 'x'.repeat(2001) });
  });

  it('reads a comment on a post its author can no longer see as a missing post', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const request = await call('POST', `/api/users/${alan.id}/connect`, grace.sid);
    expect(request.statusCode, request.body).toBe(201);
    const requestId = request.json().data._id as string;
    expect(
      (await call('PUT', `/api/users/connections/${requestId}`, alan.sid, { status: 'accepted' })).statusCode,
    ).toBe(200);
    const post = await createPost(alan.sid, { content: 'Only my network', visibility: 'connections' });
    const commentId = await commentOn(post._id, grace.sid);
    expect((await call('DELETE', `/api/users/connections/${requestId}`, alan.sid)).statusCode).toBe(200);
    const url = `/api/posts/${post._id}/comments/${commentId}`;
    await refused('PUT', url, grace.sid, 404, postMessages.postNotFound, { content: 'Still here?' });
    await refused('DELETE', url, grace.sid, 404, postMessages.postNotFound);
    // The post's author still can.
    expect((await call('DELETE', url, alan.sid)).statusCode).toBe(200);
  });
});

describe('DELETE /api/posts/:id/comments/:commentId', () => {
  it("removes the author's own comment: CommentRemoved with the count after it, and its row", async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    const kept = await commentOn(post._id, alan.sid);
    const commentId = await commentOn(post._id, grace.sid);
    const response = await call('DELETE', `/api/posts/${post._id}/comments/${commentId}`, grace.sid);
    expect(response.statusCode, response.body).toBe(200);
    expect(DeletedComment.parse(response.json().data)).toEqual({
      postId: post._id,
      commentId,
      commentsCount: 1,
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${post._id}@4`]);
    expect((await eventsOf(post._id)).at(-1)).toEqual({
      type: 'CommentRemoved',
      data: {
        postId: post._id,
        commentId,
        authorId: grace.id,
        commentsCount: 1,
        removedAt: expect.any(String),
      },
    });
    expect(await writeSide(post._id)).toEqual({
      post: { comments_count: 1, likes_count: 0, version: 4 },
      likes: 0,
      comments: 1,
    });
    const { rows } = await command.deps.pool.query(
      `SELECT comment_id FROM ${s()}.post_comments WHERE post_id = $1`,
      [post._id],
    );
    expect(rows).toEqual([{ comment_id: kept }]);
  });

  it("lets the post's author delete someone else's comment; the event names the comment's author", async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    const commentId = await commentOn(post._id, grace.sid);
    const response = await call('DELETE', `/api/posts/${post._id}/comments/${commentId}`, alan.sid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.commentsCount).toBe(0);
    const { rows } = await command.deps.pool.query<{ data: Record<string, unknown>; actor: string }>(
      `SELECT data, metadata->>'actorId' AS actor FROM ${s()}.event_log WHERE stream_id = $1 AND type = 'CommentRemoved'`,
      [post._id],
    );
    expect(rows).toEqual([
      { data: expect.objectContaining({ commentId, authorId: grace.id }), actor: alan.id },
    ]);
    expect(await writeSide(post._id)).toMatchObject({ post: { comments_count: 0 }, comments: 0 });
  });

  it('refuses a third person with 403, and a comment already deleted or not under the post with 404', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const ian = await signUp('Ian');
    const post = await createPost(alan.sid);
    const other = await createPost(ian.sid, { content: "Ian's" });
    const commentId = await commentOn(post._id, grace.sid);
    const url = `/api/posts/${post._id}/comments/${commentId}`;
    await refused('DELETE', url, ian.sid, 403, postMessages.onlyAuthorsDeleteComment);
    // Ian's own post does not make him the author of a comment under Alan's.
    await refused(
      'DELETE',
      `/api/posts/${other._id}/comments/${commentId}`,
      ian.sid,
      404,
      postMessages.commentNotFound,
    );
    await refused('DELETE', url, undefined, 401, authMessages.signInRequired);
    expect((await call('DELETE', url, grace.sid)).statusCode).toBe(200);
    await refused('DELETE', url, grace.sid, 404, postMessages.commentNotFound);
    await refused('DELETE', url, alan.sid, 404, postMessages.commentNotFound);
    await refused('PUT', url, grace.sid, 404, postMessages.commentNotFound, { content: 'Back' });
    expect(await eventTypes(post._id)).toEqual(['PostCreated', 'CommentAdded', 'CommentRemoved']);
  });

  it('answers a repeat with the same Idempotency-Key as the first time, and removes once', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    const commentId = await commentOn(post._id, grace.sid);
    const url = `/api/posts/${post._id}/comments/${commentId}`;
    const key = randomUUID();
    const first = await call('DELETE', url, grace.sid, undefined, key);
    const again = await call('DELETE', url, grace.sid, undefined, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(await eventTypes(post._id)).toEqual(['PostCreated', 'CommentAdded', 'CommentRemoved']);
  });

  it('removes once and counts right when the two authors delete the same comment at once', async () => {
    const alan = await signUp();
    const grace = await signUp('Grace');
    const post = await createPost(alan.sid);
    await commentOn(post._id, alan.sid);
    const commentId = await commentOn(post._id, grace.sid);
    const url = `/api/posts/${post._id}/comments/${commentId}`;
    const answers = await Promise.all([alan, grace].map((who) => call('DELETE', url, who.sid)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(await writeSide(post._id)).toMatchObject({ post: { comments_count: 1 }, comments: 1 });
    expect(await eventTypes(post._id)).toEqual([
      'PostCreated',
      'CommentAdded',
      'CommentAdded',
      'CommentRemoved',
    ]);
  });
});
