import { describe, expect, it, vi } from 'vitest';
import { jsonReply } from '../test/fake-api';
import { ApiError, createApiClient } from './api-client';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** A client wired to canned replies, recording what it sent. */
function clientWith(replies: Array<Response | Error>, currentPath = '/feed') {
  const sent: Sent[] = [];
  const redirectToLogin = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    currentPath: () => currentPath,
    redirectToLogin,
    fetch: async (input, init) => {
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: init?.body,
        credentials: init?.credentials,
      });
      const reply = replies.shift();
      if (reply === undefined) throw new Error('no reply left');
      if (reply instanceof Error) throw reply;
      return reply;
    },
  });
  return { client, sent, redirectToLogin };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  it('sends JSON with credentials under /api and returns the parsed body', async () => {
    const { client, sent } = clientWith([jsonReply(201, { data: { id: 'p-1' } })]);

    const reply = await client.post<{ data: { id: string } }>('/posts', { content: 'Hello' });

    expect(reply).toEqual({ data: { id: 'p-1' } });
    expect(sent[0]).toMatchObject({
      url: '/api/posts',
      method: 'POST',
      credentials: 'include',
      body: '{"content":"Hello"}',
    });
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const { client, sent } = clientWith([jsonReply(200, { data: [] })]);

    await client.get('/jobs', { query: { search: 'react dev', page: 2, jobType: '', location: undefined } });

    expect(sent[0]?.url).toBe('/api/jobs?search=react+dev&page=2');
  });

  it('maps 500 to the server error text, whatever the body says', async () => {
    const { client } = clientWith([jsonReply(500, { message: 'stack trace here' })]);

    const error = await failure(client.get('/jobs'));

    expect(error.message).toBe('Server error. Please try again later.');
    expect(error.status).toBe(500);
  });

  it('maps 404 to "Resource not found."', async () => {
    const { client } = clientWith([jsonReply(404, { message: 'Route GET /api/nope not found' })]);

    expect((await failure(client.get('/nope'))).message).toBe('Resource not found.');
  });

  it('maps a missing response to the network error text', async () => {
    const { client } = clientWith([new TypeError('Failed to fetch')]);

    const error = await failure(client.get('/jobs'));

    expect(error.message).toBe('Network error. Please check your connection.');
    expect(error.status).toBeNull();
  });

  it("shows the server's message, else the call's fallback", async () => {
    const { client } = clientWith([jsonReply(400, { message: 'Email is required' }), jsonReply(400, {})]);

    expect((await failure(client.post('/auth/login', {}))).message).toBe('Email is required');
    expect((await failure(client.post('/auth/login', {}, { fallbackMessage: 'Login failed' }))).message).toBe(
      'Login failed',
    );
  });

  it('sends the browser to /login on a 401', async () => {
    const { client, redirectToLogin } = clientWith([jsonReply(401, { message: 'Not signed in' })], '/feed');

    const error = await failure(client.get('/posts/feed'));

    expect(error.status).toBe(401);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('stays put on a 401 when already on /login, or when the call opts out', async () => {
    const onLogin = clientWith([jsonReply(401, {})], '/login');
    await failure(onLogin.client.post('/auth/login', {}));
    expect(onLogin.redirectToLogin).not.toHaveBeenCalled();

    const probe = clientWith([jsonReply(401, {})], '/register');
    await failure(probe.client.get('/auth/me', { redirectOnUnauthorized: false }));
    expect(probe.redirectToLogin).not.toHaveBeenCalled();
  });

  it('sends the last write’s consistency token on the next reads, until one succeeds', async () => {
    const { client, sent } = clientWith([
      jsonReply(201, { data: {} }, { 'x-consistency-token': 'post-1@3' }),
      jsonReply(201, { data: {} }, { 'x-consistency-token': 'post-1@4' }),
      jsonReply(200, { data: [] }),
      jsonReply(200, { data: [] }),
    ]);

    await client.post('/posts/post-1/like');
    await client.post('/posts/post-1/like');
    await client.get('/posts/feed');
    await client.get('/posts/feed');

    expect(sent[0]?.headers.get('x-consistency-token')).toBeNull();
    expect(sent[1]?.headers.get('x-consistency-token')).toBeNull();
    expect(sent[2]?.headers.get('x-consistency-token')).toBe('post-1@4');
    expect(sent[3]?.headers.get('x-consistency-token')).toBeNull();
  });

  it('keeps a token when the read that carried it failed, and carries tokens of several streams', async () => {
    const { client, sent } = clientWith([
      jsonReply(201, {}, { 'x-consistency-token': 'job-1@1' }),
      jsonReply(201, {}, { 'x-consistency-token': 'application-9@1' }),
      new TypeError('Failed to fetch'),
      jsonReply(200, {}),
    ]);

    await client.post('/jobs', {});
    await client.post('/jobs/job-1/apply', {});
    await failure(client.get('/jobs/job-1'));
    await client.get('/jobs/job-1');

    expect(sent[2]?.headers.get('x-consistency-token')).toBe('job-1@1,application-9@1');
    expect(sent[3]?.headers.get('x-consistency-token')).toBe('job-1@1,application-9@1');
  });
});
