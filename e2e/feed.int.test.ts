/**
 * The feed through the whole architecture, against the real Postgres, Kafka and Redis: post, like and
 * comment commands -> event log -> Kafka -> projector (Postgres rows, among them the likers, and Redis home
 * timelines) -> GET /api/posts/feed, /api/posts/:id, /api/posts/my/posts; live pushes to the sockets
 * that show a post; and a rebuild of every read model from the topics that reproduces them exactly.
 */

import { randomUUID } from 'node:crypto';
import { sendCommand, sessionCookieOf } from '@careers/command-service/testing';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { Post } from '@careers/contracts/entities/post';
import { postMessages, queryMessages } from '@careers/contracts/messages';
import { clientEvents, serverEvents } from '@careers/contracts/sockets';
import { SESSION_COOKIE } from '@careers/service-kit';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { sameWrite, startInProcessServices } from './in-process.ts';

const services = await startInProcessServices('feed');
const { ns, command, query, queryUrl } = services;

afterAll(() => services.close());

interface Person {
  id: string;
  sid: string;
}

/** Every consistency token received since the last read, sent with the next read (read-your-writes). */
let tokens: string[] = [];

async function send(who: Person | undefined, url: string, body?: unknown) {
  const response = await sendCommand(command.app, { method: 'POST', url, body, sid: who?.sid });
  const token = response.headers[CONSISTENCY_HEADER];
  if (typeof token === 'string') tokens.push(token);
  return response;
}

async function get(who: Person, path: string) {
  const sent = tokens;
  tokens = [];
  return services.read(who.sid, path, sent);
}

let seq = 0;
async function signUp(firstName: string): Promise<Person> {
  const response = await send(undefined, '/api/auth/register', {
    firstName,
    lastName: 'Tester',
    email: `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`,
    password: 'feed-test-1',
    accountType: 'job_seeker',
  });
  expect(response.statusCode).toBe(201);
  return {
    id: response.json().user._id,
    sid: sessionCookieOf(response)?.value as string,
  };
}

async function post(who: Person, body: Record<string, unknown>): Promise<Post> {
  const response = await send(who, '/api/posts', body);
  expect(response.statusCode, response.body).toBe(201);
  return Post.parse(response.json().data);
}

/** The feed's tests are about what a connection changes, so the connection is appended directly. */
async function connect(a: Person, b: Person) {
  tokens.push((await services.appendConnection(a.id, b.id)).token);
}

const openSocket = (who: Person): Promise<Socket> => services.openSocket(who.sid);

const feedOf = (body: Record<string, unknown>) => (body.data as Post[]).map((p) => p.content);

describe('the feed, end to end', () => {
  let ada: Person;
  let bob: Person;
  let cy: Person;
  let adaPosts: Post[] = [];
  let cyPrivate: Post;

  it('serves posts newest first with the author summary, pages and filters', async () => {
    [ada, bob, cy] = await Promise.all([signUp('Ada'), signUp('Bob'), signUp('Cy')]);
    adaPosts = [];
    for (const [content, extra] of [
      ['Ada one', { tags: ['TypeScript'] }],
      ['Ada two', { category: 'Technology' }],
      ['Ada three', { type: 'achievement', tags: ['#career', 'typescript'] }],
    ] as const) {
      adaPosts.push(await post(ada, { content, ...extra }));
    }
    await post(bob, { content: 'Bob public' });
    cyPrivate = await post(cy, { content: 'Cy network only', visibility: 'connections' });

    const page1 = await get(ada, '/api/posts/feed?limit=2');
    expect(page1.status).toBe(200);
    expect(feedOf(page1.body)).toEqual(['Bob public', 'Ada three']);
    expect(page1.body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalPosts: 4,
      hasNext: true,
      hasPrev: false,
    });
    const [first] = page1.body.data as Post[];
    expect(Post.parse(first)).toMatchObject({
      author: { _id: bob.id, firstName: 'Bob', lastName: 'Tester', jobTitle: '', profilePicture: null },
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
    });
    const page2 = await get(ada, '/api/posts/feed?limit=2&page=2');
    expect(feedOf(page2.body)).toEqual(['Ada two', 'Ada one']);
    expect(page2.body.pagination).toMatchObject({ currentPage: 2, hasNext: false, hasPrev: true });

    expect(feedOf((await get(ada, '/api/posts/feed?tags=typescript')).body)).toEqual([
      'Ada three',
      'Ada one',
    ]);
    expect(feedOf((await get(ada, '/api/posts/feed?tags=%23CAREER')).body)).toEqual(['Ada three']);
    expect(feedOf((await get(ada, '/api/posts/feed?type=achievement')).body)).toEqual(['Ada three']);
    expect(feedOf((await get(ada, '/api/posts/feed?category=Technology')).body)).toEqual(['Ada two']);
  });

  it('serves a repeated feed read from the cache until a read model changes', async () => {
    const read = async () => {
      const response = await fetch(`${queryUrl}/api/posts/feed?limit=5`, {
        headers: { cookie: `${SESSION_COOKIE}=${bob.sid}` },
      });
      return { cache: response.headers.get('x-read-cache'), body: await response.text() };
    };
    const first = await read();
    const second = await read();
    expect(second).toEqual({ cache: 'hit', body: first.body });
    const liked = await send(ada, `/api/posts/${(adaPosts[0] as Post)._id}/like`);
    const token = liked.headers[CONSISTENCY_HEADER] as string;
    tokens = tokens.filter((t) => t !== token);
    const after = await fetch(`${queryUrl}/api/posts/feed?limit=5`, {
      headers: { cookie: `${SESSION_COOKIE}=${bob.sid}`, [CONSISTENCY_HEADER]: token },
    });
    expect(after.headers.get('x-read-cache')).toBe('miss');
    await send(ada, `/api/posts/${(adaPosts[0] as Post)._id}/like`); // take it back
  });

  it('refuses a bad query with 400 and its message', async () => {
    const response = await get(ada, '/api/posts/feed?limit=0');
    expect(response).toEqual({ status: 400, body: { message: queryMessages.limitInvalid } });
  });

  it('shows connections-only posts to connections alone; following reads the home timeline', async () => {
    expect(feedOf((await get(ada, '/api/posts/feed')).body)).not.toContain('Cy network only');
    expect((await get(ada, `/api/posts/${cyPrivate._id}`)).status).toBe(404);

    await connect(ada, cy);
    expect(feedOf((await get(ada, '/api/posts/feed')).body)).toContain('Cy network only');
    expect((await get(ada, `/api/posts/${cyPrivate._id}`)).status).toBe(200);

    // Ada's network: her own posts and Cy's (backfilled when they connected), not Bob's.
    const following = await get(ada, '/api/posts/feed?following=true&limit=3');
    expect(feedOf(following.body)).toEqual(['Cy network only', 'Ada three', 'Ada two']);
    expect(following.body.pagination).toMatchObject({ totalPosts: 4, totalPages: 2 });

    // Fan-out on write: Cy's next post lands in Ada's timeline; Bob's does not.
    await post(cy, { content: 'Cy after connecting' });
    await post(bob, { content: 'Bob again' });
    const after = await get(ada, '/api/posts/feed?following=true&limit=2');
    expect(feedOf(after.body)).toEqual(['Cy after connecting', 'Cy network only']);
    expect(feedOf((await get(bob, '/api/posts/feed?following=true')).body)).toEqual([
      'Bob again',
      'Bob public',
    ]);
    // A filter with following goes through SQL with the same network.
    expect(feedOf((await get(ada, '/api/posts/feed?following=true&tags=typescript')).body)).toEqual([
      'Ada three',
      'Ada one',
    ]);
  });

  it('counts likes and comments; isLiked is per reader; my/posts lists only mine', async () => {
    const target = adaPosts[0] as Post;
    expect((await send(bob, `/api/posts/${target._id}/like`)).json().data).toMatchObject({ likesCount: 1 });
    expect((await send(cy, `/api/posts/${target._id}/like`)).json().data).toMatchObject({ likesCount: 2 });
    expect((await send(cy, `/api/posts/${target._id}/comments`, { content: 'Well said' })).statusCode).toBe(
      201,
    );

    const byBob = (await get(bob, `/api/posts/${target._id}`)).body.data as Post;
    expect(byBob).toMatchObject({ likesCount: 2, commentsCount: 1, isLiked: true });
    expect(byBob.comments).toEqual([
      expect.objectContaining({ content: 'Well said', author: expect.objectContaining({ _id: cy.id }) }),
    ]);
    const byAda = (await get(ada, `/api/posts/${target._id}`)).body.data as Post;
    expect(byAda.isLiked).toBe(false);

    const mine = await get(ada, '/api/posts/my/posts');
    expect((mine.body.data as Post[]).map((p) => p.content)).toEqual(['Ada three', 'Ada two', 'Ada one']);
    expect((mine.body.data as Post[])[2]).toMatchObject({ likesCount: 2, commentsCount: 1 });
  });

  it('pushes like and comment counts only to sockets that show the post, and new posts to every feed', async () => {
    const target = adaPosts[1] as Post;
    const [watching, elsewhere] = await Promise.all([openSocket(ada), openSocket(bob)]);
    // The gateway acknowledges a subscription once it has asked who may see the posts and joined.
    expect(await watching.emitWithAck(clientEvents.postSubscribe, { postIds: [target._id] })).toEqual({
      postIds: [target._id],
    });
    await elsewhere.emitWithAck(clientEvents.postSubscribe, { postIds: [(adaPosts[2] as Post)._id] });
    const strayUpdates: unknown[] = [];
    elsewhere.on(serverEvents.postUpdated, (payload) => strayUpdates.push(payload));

    const updated = new Promise<Record<string, unknown>>((resolve) =>
      watching.once(serverEvents.postUpdated, resolve),
    );
    const liked = await send(cy, `/api/posts/${target._id}/like`);
    expect(await updated).toEqual({
      postId: target._id,
      likesCount: 1,
      consistencyToken: sameWrite(liked.headers[CONSISTENCY_HEADER]),
    });

    const commented = new Promise<Record<string, unknown>>((resolve) =>
      watching.once(serverEvents.postCommentAdded, resolve),
    );
    const comment = await send(bob, `/api/posts/${target._id}/comments`, { content: 'Live!' });
    expect(await commented).toEqual({
      postId: target._id,
      commentId: comment.json().data._id,
      commentsCount: 1,
      consistencyToken: sameWrite(comment.headers[CONSISTENCY_HEADER]),
    });

    const announced = new Promise<Record<string, unknown>>((resolve) =>
      elsewhere.once(serverEvents.feedPostCreated, resolve),
    );
    const created = await post(ada, { content: 'Hello sockets' });
    expect(await announced).toMatchObject({ postId: created._id, authorId: ada.id });
    expect(strayUpdates).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id and 401 without a session', async () => {
    expect((await get(ada, `/api/posts/${randomUUID()}`)).body).toEqual({
      message: postMessages.postNotFound,
    });
    expect((await get(ada, '/api/posts/nope')).status).toBe(404);
    expect((await fetch(`${queryUrl}/api/posts/feed`)).status).toBe(401);
  });

  it('rebuilds every read model from the topics into exactly the same rows and keys', async () => {
    const snapshot = async () => {
      const tables = await services.rows([
        ['users', 'id'],
        ['posts', 'id'],
        ['post_comments', 'id'],
        ['connections', 'id'],
        ['stream_checkpoints', 'stream_id'],
      ]);
      const redis = query.deps.redis;
      const prefix = redis.options.keyPrefix ?? '';
      const keys = (await redis.keys(`${prefix}*`))
        .map((k) => k.slice(prefix.length))
        .filter((k) => k.startsWith('posts:') || k.startsWith('timelines:'))
        .sort();
      const values: Record<string, unknown> = {};
      for (const key of keys) {
        values[key] = key.startsWith('timelines:')
          ? await redis.zrange(key, '0', '-1', 'WITHSCORES')
          : (await redis.smembers(key)).sort();
      }
      return { tables, values };
    };
    const before = await snapshot();
    expect(Object.keys(before.values).some((k) => k.startsWith('timelines:'))).toBe(true);

    await services.rebuildFromTopics();
    expect(await snapshot()).toEqual(before);
  }, 60_000);
});
