import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { globalMessages } from '@careers/contracts/messages';
import { ConsistencyTokens, type TokenStorage } from './consistency-tokens';

/** An API call that failed; `message` is ready to show. `status` is null when no response came. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}

/** What to show for a failed call: the ready-made text of an ApiError, else the call's fallback. */
export function errorMessageOf(error: unknown, fallbackMessage: string): string {
  return error instanceof ApiError ? error.message : fallbackMessage;
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON, except FormData (multipart uploads), which is sent as is. */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Shown when the server's reply has no `message` (the spec's per-call fallback texts). */
  fallbackMessage?: string;
  /** The session probe sets this to false: the route guards decide where a signed-out visitor goes. */
  redirectOnUnauthorized?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  baseUrl: string;
  currentPath: () => string;
  redirectToLogin: () => void;
  /** Where consistency tokens outlive a reload (the tab's sessionStorage in the browser). */
  tokenStorage?: TokenStorage;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** For consistency tokens that arrive outside an HTTP reply (socket pushes). */
  rememberConsistencyToken(token: string): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function urlFor(baseUrl: string, path: string, query: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Spec section 8: 5xx and 404 have fixed texts; otherwise the server's `message`, then the fallback. */
export function errorMessageFor(status: number, body: unknown, fallbackMessage?: string): string {
  if (status >= 500) return globalMessages.serverError;
  if (status === 404) return globalMessages.notFound;
  const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message.trim() : '';
  return serverMessage || fallbackMessage || `Request failed (${status}).`;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const tokens = new ConsistencyTokens(deps.tokenStorage);

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const isRead = method === 'GET' || method === 'HEAD';
    const headers = new Headers({ accept: 'application/json' });
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const sentTokens = isRead ? tokens.pending() : new Map<string, number>();
    const tokenHeader = ConsistencyTokens.header(sentTokens);
    if (tokenHeader) headers.set(CONSISTENCY_HEADER, tokenHeader);

    let response: Response;
    try {
      response = await deps.fetch(urlFor(deps.baseUrl, path, options.query), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      });
    } catch (error) {
      // A cancelled query is not a network failure: let react-query see the AbortError.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(globalMessages.networkError, null);
    }

    tokens.remember(response.headers.get(CONSISTENCY_HEADER));
    const payload = method === 'HEAD' ? undefined : await readBody(response);
    if (response.ok) {
      if (isRead) tokens.settled(sentTokens);
      return payload as T;
    }
    if (
      response.status === 401 &&
      options.redirectOnUnauthorized !== false &&
      deps.currentPath() !== '/login'
    ) {
      deps.redirectToLogin();
    }
    throw new ApiError(errorMessageFor(response.status, payload, options.fallbackMessage), response.status);
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    rememberConsistencyToken: (token) => tokens.remember(token),
  };
}

/** The browser's client: same origin, base `/api` (the edge routes it to the right service). */
export const apiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  baseUrl: '/api',
  currentPath: () => window.location.pathname,
  redirectToLogin: () => window.location.assign('/login'),
  tokenStorage: typeof window === 'undefined' ? undefined : window.sessionStorage,
});
