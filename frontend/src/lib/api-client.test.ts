import { endpoints } from '@careers/contracts/api/endpoints';
import type { RouteResponse, Routes } from '@careers/contracts/routes';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { jsonReply } from '../testing/fake-api';
import { ApiError, createApiClient } from './api-client';
import type { RouteInput } from './route-input';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** A client wired to canned replies, recording what it sent. */
/**
 * A client on a fake clock: a sleep moves it by its length, and each request by `answerMs` (a read the
 * server held for its whole wait takes 2 s; one refused a wait, none).
 */
function clientWith(replies: Array<Response | Error>, currentPath = '/feed', answerMs = 0) {
  const sent: Sent[] = [];
  const slept: number[] = [];
  let clock = 0;
  const redirectToLogin = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    currentPath: () => currentPath,
    redirectToLogin,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
    now: () => clock,
    fetch: async (input, init) => {
      clock += answerMs;
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: init?.body,
        credentials: init?.credentials,
      });
      const reply = replies.shift();
      if (reply === undefined) throw new Error('no reply left');
      if (!(reply instanceof Response)) throw reply;
      return reply;
    },
  });
  return { client, sent, slept, redirectToLogin };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const postId = '7d1e2c3b-4a59-4f68-8a7b-9c0d1e2f3a4b';

describe('api client: the request a route makes', () => {
  it('sends the body as JSON with credentials under /api, and returns the parsed reply', async () => {
    const comment = { _id: 'c-1', content: 'Hello', postId, commentsCount: 1 };
    const { client, sent } = clientWith([jsonReply(201, { data: comment })]);

    const reply = await client.callApi(
      endpoints.addComment,
      { params: { id: postId }, body: { content: 'Hello' } },
      { fallbackMessage: 'Failed to add comment' },
    );

    expect(reply).toEqual({ data: comment });
    expect(sent[0]).toMatchObject({
      url: `/api/posts/${postId}/comments`,
      method: 'POST',
      credentials: 'include',
      body: '{"content":"Hello"}',
    });
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('fills the path parameters, URI-encoded', async () => {
    const { client, sent } = clientWith([jsonReply(200, { data: {} })]);

    await client.callApi(endpoints.getJob, { params: { id: 'job 1/ä?' } });

    expect(sent[0]?.url).toBe('/api/jobs/job%201%2F%C3%A4%3F');
  });

  it('repeats the key of a list in the query, and leaves out unset values', async () => {
    const { client, sent } = clientWith([jsonReply(200, { data: [] })]);

    await client.callApi(endpoints.listJobs, {
      query: { search: 'react dev', skills: ['a', 'b'], page: 2, jobType: '', location: undefined },
    });

    expect(sent[0]?.url).toBe('/api/jobs?search=react+dev&skills=a&skills=b&page=2');
  });

  it('sends an upload’s FormData as is, so fetch sets the multipart boundary', async () => {
    const upload = new FormData();
    upload.append('resume', new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'cv.pdf');
    const { client, sent } = clientWith([jsonReply(200, { resume: {} })]);

    await client.callApi(endpoints.uploadResume, { body: upload });

    expect(sent[0]).toMatchObject({ url: '/api/users/resume', method: 'POST' });
    expect(sent[0]?.body).toBe(upload);
    expect(sent[0]?.headers.get('content-type')).toBeNull();
  });

  it('uses the method of the route, and sends no body where the route takes none', async () => {
    const { client, sent } = clientWith([
      jsonReply(200, { message: 'ok', data: 'accepted' }),
      jsonReply(200, { message: 'Connection removed' }),
      jsonReply(200, { data: {} }),
    ]);

    await client.callApi(endpoints.respondToConnection, {
      params: { requestId: 'r-1' },
      body: { status: 'accepted' },
    });
    await client.callApi(endpoints.removeConnection, { params: { connectionId: 'c-1' } });
    await client.callApi(endpoints.toggleLike, { params: { id: postId } });

    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'PUT /api/users/connections/r-1',
      'DELETE /api/users/connections/c-1',
      `POST /api/posts/${postId}/like`,
    ]);
    expect(sent[2]?.body).toBeUndefined();
    expect(sent[2]?.headers.get('content-type')).toBeNull();
  });

  it('is typed by the route: params when it has them, its body, its query, and its reply', async () => {
    const { client } = clientWith([
      jsonReply(200, { data: { postId, likesCount: 1, isLiked: true } }),
      jsonReply(200, { data: [] }),
    ]);

    const reply = await client.callApi(endpoints.toggleLike, { params: { id: postId } });
    expectTypeOf(reply).toEqualTypeOf<RouteResponse<'toggleLike'>>();

    // @ts-expect-error toggleLike's path has an :id
    await expect(client.callApi(endpoints.toggleLike)).rejects.toThrow('missing path parameter "id"');

    // @ts-expect-error salary is not a job filter
    await client.callApi(endpoints.listJobs, { query: { salary: 3 } });

    // Defaulted and list filters may be left out.
    expectTypeOf<{ query: { skills: string[] } }>().toExtend<RouteInput<Routes['listJobs']>>();
    expectTypeOf<{ query: { limit: number } }>().toExtend<RouteInput<Routes['getFeed']>>();
    // A `body: null` route takes no body; a route with a body schema requires it; an upload takes FormData.
    expectTypeOf<{ params: { id: string }; body: object }>().not.toExtend<RouteInput<Routes['toggleLike']>>();
    expectTypeOf<{ params: { id: string } }>().not.toExtend<RouteInput<Routes['addComment']>>();
    expectTypeOf<{ body: { resume: string } }>().not.toExtend<RouteInput<Routes['uploadResume']>>();
  });
});

describe('api client: failures', () => {
  it('maps 500 to the server error text, whatever the body says', async () => {
    const { client } = clientWith([jsonReply(500, { message: 'stack trace here' })]);

    const error = await failure(client.callApi(endpoints.listJobs));

    expect(error.message).toBe('Server error. Please try again later.');
    expect(error.status).toBe(500);
  });

  it('maps 404 to "Resource not found."', async () => {
    const { client } = clientWith([jsonReply(404, { message: 'Route GET /api/jobs/j-1 not found' })]);

    expect((await failure(client.callApi(endpoints.getJob, { params: { id: 'j-1' } }))).message).toBe(
      'Resource not found.',
    );
  });

  it('maps a missing response to the network error text', async () => {
    const { client } = clientWith([new TypeError('Failed to fetch')]);

    const error = await failure(client.callApi(endpoints.listJobs));

    expect(error.message).toBe('Network error. Please check your connection.');
    expect(error.status).toBeNull();
  });

  it('lets a cancelled call fail with its AbortError, which is not a network failure', async () => {
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    const { client } = clientWith([aborted]);

    await expect(client.callApi(endpoints.listJobs)).rejects.toBe(aborted);
  });

  it("shows the server's message, else the call's fallback", async () => {
    const { client } = clientWith([jsonReply(400, { message: 'Email is required' }), jsonReply(400, {})]);
    const credentials = { body: { email: '', password: '' } };

    expect((await failure(client.callApi(endpoints.login, credentials))).message).toBe('Email is required');
    expect(
      (await failure(client.callApi(endpoints.login, credentials, { fallbackMessage: 'Login failed' })))
        .message,
    ).toBe('Login failed');
  });

  it('sends the browser to /login on a 401', async () => {
    const { client, redirectToLogin } = clientWith([jsonReply(401, { message: 'Not signed in' })], '/feed');

    const error = await failure(client.callApi(endpoints.getFeed));

    expect(error.status).toBe(401);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('stays put on a 401 when already on /login, or when the call opts out', async () => {
    const onLogin = clientWith([jsonReply(401, {})], '/login');
    await failure(onLogin.client.callApi(endpoints.login, { body: { email: 'a@b.c', password: 'x' } }));
    expect(onLogin.redirectToLogin).not.toHaveBeenCalled();

    const probe = clientWith([jsonReply(401, {})], '/register');
    await failure(probe.client.callApi(endpoints.getMe, {}, { redirectOnUnauthorized: false }));
    expect(probe.redirectToLogin).not.toHaveBeenCalled();
  });
});

describe('api client: consistency tokens', () => {
  const like = { params: { id: 'post-1' } };

  it('sends the last write’s consistency token on the next reads, until one succeeds', async () => {
    const { client, sent } = clientWith([
      jsonReply(200, { data: {} }, { 'x-consistency-token': 'post-1@3' }),
      jsonReply(200, { data: {} }, { 'x-consistency-token': 'post-1@4' }),
      jsonReply(200, { data: [] }),
      jsonReply(200, { data: [] }),
    ]);

    await client.callApi(endpoints.toggleLike, like);
    await client.callApi(endpoints.toggleLike, like);
    await client.callApi(endpoints.getFeed);
    await client.callApi(endpoints.getFeed);

    expect(sent[0]?.headers.get('x-consistency-token')).toBeNull();
    expect(sent[1]?.headers.get('x-consistency-token')).toBeNull();
    expect(sent[2]?.headers.get('x-consistency-token')).toBe('post-1@4');
    expect(sent[3]?.headers.get('x-consistency-token')).toBeNull();
  });

  it('keeps a token when the read that carried it failed, and carries tokens of several streams', async () => {
    const { client, sent } = clientWith([
      jsonReply(200, {}, { 'x-consistency-token': 'post-1@1' }),
      jsonReply(201, {}, { 'x-consistency-token': 'application-9@1' }),
      new TypeError('Failed to fetch'),
      jsonReply(200, {}),
    ]);
    const job = { params: { id: 'job-1' } };

    await client.callApi(endpoints.toggleLike, like);
    await client.callApi(endpoints.applyToJob, { ...job, body: { coverLetter: 'Hello' } });
    await failure(client.callApi(endpoints.getJob, job));
    await client.callApi(endpoints.getJob, job);

    expect(sent[2]?.headers.get('x-consistency-token')).toBe('post-1@1,application-9@1');
    expect(sent[3]?.headers.get('x-consistency-token')).toBe('post-1@1,application-9@1');
  });

  it('asks a stale read again, later each time, until the answer shows the write', async () => {
    const stale = { 'x-consistency-stale': '1' };
    const { client, sent, slept } = clientWith([
      jsonReply(200, { data: {} }, { 'x-consistency-token': 'post-1@3' }),
      jsonReply(200, { data: ['before the like'] }, stale),
      jsonReply(200, { data: ['before the like'] }, stale),
      jsonReply(200, { data: ['with the like'] }),
      jsonReply(200, { data: [] }),
    ]);

    await client.callApi(endpoints.toggleLike, like);
    expect(await client.callApi(endpoints.getFeed)).toEqual({ data: ['with the like'] });
    await client.callApi(endpoints.getFeed);

    expect(sent.slice(1, 4).map((s) => s.headers.get('x-consistency-token'))).toEqual([
      'post-1@3',
      'post-1@3',
      'post-1@3',
    ]);
    expect(slept).toEqual([250, 500]);
    // The fresh answer settled the token: the next read waits for nothing.
    expect(sent[4]?.headers.get('x-consistency-token')).toBeNull();
  });

  it('takes a read still stale after its tries, and keeps the token for the next read', async () => {
    const stale = { 'x-consistency-stale': '1' };
    // Each try held for the server's whole wait: four fit in the 10 s.
    const { client, sent, slept } = clientWith(
      [
        jsonReply(200, { data: {} }, { 'x-consistency-token': 'post-1@3' }),
        ...Array.from({ length: 4 }, () => jsonReply(200, { data: ['behind'] }, stale)),
        jsonReply(200, { data: ['caught up'] }),
      ],
      '/feed',
      2000,
    );

    await client.callApi(endpoints.toggleLike, like);
    expect(await client.callApi(endpoints.getFeed)).toEqual({ data: ['behind'] });
    expect(sent).toHaveLength(5);
    expect(slept).toEqual([250, 500, 1000]);
    await client.callApi(endpoints.getFeed);
    expect(sent[5]?.headers.get('x-consistency-token')).toBe('post-1@3');
  });

  it('keeps asking a read refused a wait (the person had as many waiting) until one of its tries waits', async () => {
    const stale = { 'x-consistency-stale': '1' };
    // Answered stale at once five times: the screen's other reads held the person's waits.
    const { client, sent, slept } = clientWith([
      jsonReply(200, { data: {} }, { 'x-consistency-token': 'post-1@3' }),
      ...Array.from({ length: 5 }, () => jsonReply(200, { data: ['before the post'] }, stale)),
      jsonReply(200, { data: ['with the post'] }),
    ]);

    await client.callApi(endpoints.toggleLike, like);
    expect(await client.callApi(endpoints.getFeed)).toEqual({ data: ['with the post'] });
    expect(sent).toHaveLength(7);
    expect(slept).toEqual([250, 500, 1000, 1000, 1000]);
  });

  it('stops asking a read refused a wait once the next try would start 10 s after the first', async () => {
    const stale = { 'x-consistency-stale': '1' };
    const { client, sent } = clientWith([
      jsonReply(200, { data: {} }, { 'x-consistency-token': 'post-1@3' }),
      ...Array.from({ length: 20 }, () => jsonReply(200, { data: ['behind'] }, stale)),
    ]);

    await client.callApi(endpoints.toggleLike, like);
    expect(await client.callApi(endpoints.getFeed)).toEqual({ data: ['behind'] });
    // Tries at 0, 0.25, 0.75, then every second up to 9.75 s.
    expect(sent).toHaveLength(1 + 12);
  });

  it('asks again a 404 answered stale: the post a push announced is the write not applied yet', async () => {
    const stale = { 'x-consistency-stale': '1' };
    const post = { params: { id: 'post-1' } };
    const { client, sent, slept } = clientWith([
      jsonReply(404, { message: 'Post not found' }, stale),
      jsonReply(200, { data: { id: 'post-1' } }),
      jsonReply(404, { message: 'Post not found' }),
    ]);

    client.rememberConsistencyToken('post-1@1');
    expect(await client.callApi(endpoints.getPost, post)).toEqual({ data: { id: 'post-1' } });
    expect(sent).toHaveLength(2);
    expect(slept).toEqual([250]);
    // A 404 that is not stale is the answer: asked once.
    await failure(client.callApi(endpoints.getPost, post));
    expect(sent).toHaveLength(3);
  });

  it('does not ask again a stale read that carried no token of its own', async () => {
    const { client, sent } = clientWith([jsonReply(200, { data: [] }, { 'x-consistency-stale': '1' })]);
    await client.callApi(endpoints.getFeed);
    expect(sent).toHaveLength(1);
  });

  it('takes tokens that came outside a reply (a socket push) on the next read', async () => {
    const { client, sent } = clientWith([jsonReply(200, { data: [] })]);

    client.rememberConsistencyToken('post-1@7');
    await client.callApi(endpoints.getFeed);

    expect(sent[0]?.headers.get('x-consistency-token')).toBe('post-1@7');
  });
});

describe('api client: commands land once', () => {
  const like = { params: { id: postId } };

  it('sends each command with an Idempotency-Key, the one given or its own; reads and sign-ins none', async () => {
    const { client, sent } = clientWith([
      jsonReply(200, {}),
      jsonReply(200, {}),
      jsonReply(200, {}),
      jsonReply(200, {}),
    ]);

    await client.callApi(endpoints.toggleLike, like);
    await client.callApi(endpoints.toggleLike, like, { idempotencyKey: 'intent-1' });
    await client.callApi(endpoints.getPost, { params: { id: postId } });
    await client.callApi(endpoints.login, { body: { email: 'a@example.com', password: 'x' } });

    expect(sent[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]?.headers.get('idempotency-key')).toBe('intent-1');
    expect(sent[2]?.headers.get('idempotency-key')).toBeNull();
    expect(sent[3]?.headers.get('idempotency-key')).toBeNull();
  });

  it('sends a command that failed on its way again, with the same key, and takes the answer', async () => {
    const { client, sent, slept } = clientWith([
      new TypeError('Failed to fetch'),
      jsonReply(502, {}),
      jsonReply(504, {}),
      jsonReply(200, { data: { likesCount: 1, isLiked: true } }),
    ]);

    const reply = await client.callApi(endpoints.toggleLike, like);

    expect(reply).toEqual({ data: { likesCount: 1, isLiked: true } });
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((call) => call.headers.get('idempotency-key'))).size).toBe(1);
    expect(slept).toEqual([250, 500, 1000]);
  });

  it('gives up after its retries, and never sends again afterwards', async () => {
    const { client, sent } = clientWith([
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      jsonReply(200, {}),
    ]);

    const error = await failure(client.callApi(endpoints.toggleLike, like));

    expect(error.message).toBe('Network error. Please check your connection.');
    expect(sent).toHaveLength(4);
  });

  it('does not send again an answered failure, a read, or a command that takes no key', async () => {
    const { client, sent } = clientWith([
      jsonReply(500, {}),
      jsonReply(409, { message: 'Already applied' }),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
    ]);

    await failure(client.callApi(endpoints.toggleLike, like));
    await failure(
      client.callApi(endpoints.applyToJob, { params: { id: 'job-1' }, body: { coverLetter: 'Hi' } }),
    );
    await failure(client.callApi(endpoints.getPost, { params: { id: postId } }));
    await failure(client.callApi(endpoints.logout));

    expect(sent).toHaveLength(4);
  });
});

describe('api client: offline', () => {
  it('sends nothing while the browser is offline, and fails at once with its own text', async () => {
    let offline = true;
    const sent: string[] = [];
    const client = createApiClient({
      baseUrl: '/api',
      currentPath: () => '/feed',
      redirectToLogin: () => {},
      isOffline: () => offline,
      fetch: async (input) => {
        sent.push(String(input));
        return jsonReply(200, {});
      },
    });

    const like = await failure(client.callApi(endpoints.toggleLike, { params: { id: postId } }));
    const read = await failure(client.callApi(endpoints.getPost, { params: { id: postId } }));

    expect([like.message, like.offline, read.offline]).toEqual([
      "You're offline. Nothing was sent.",
      true,
      true,
    ]);
    expect(sent).toEqual([]);
    offline = false;
    await client.callApi(endpoints.getPost, { params: { id: postId } });
    expect(sent).toHaveLength(1);
  });
});
