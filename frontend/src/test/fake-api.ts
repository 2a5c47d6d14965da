import { vi } from 'vitest';
import type { SessionUser } from '../features/auth/api/get-me';

export type Reply = Response | Promise<Response>;
export type FetchHandler = (method: string, url: string, init: RequestInit | undefined) => Reply;

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** Replaces `fetch` for one test; the handler answers like the edge would, with canned replies. */
export function stubFetch(handler: FetchHandler) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(init?.method ?? 'GET', String(input), init),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

export const ada: SessionUser = { _id: 'u-1', firstName: 'Ada', lastName: 'Lovelace' };

/** GET /api/auth/me answers with `user` (or 401 when null); other calls get `others` or a 404. */
export function stubSession(user: SessionUser | null, others?: FetchHandler) {
  return stubFetch((method, url, init) => {
    if (method === 'GET' && url === '/api/auth/me') {
      return user ? jsonReply(200, { user }) : jsonReply(401, { message: 'Not signed in' });
    }
    return others ? others(method, url, init) : jsonReply(404, { message: 'Not found' });
  });
}
