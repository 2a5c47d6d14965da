import { buildPath } from '@careers/contracts/api/build-path';
import type { Endpoint } from '@careers/contracts/api/endpoints';
import { buildQueryString, type QueryValue } from '@careers/contracts/api/query-string';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { IDEMPOTENCY_HEADER, UNKEYED_COMMANDS } from '@careers/contracts/idempotency';
import { globalMessages } from '@careers/contracts/messages';
import type { RouteName, Routes } from '@careers/contracts/routes';
import type { z } from 'zod';
import { ConsistencyTokens, type TokenStorage } from './consistency-tokens';
import { newIntentKey } from './intent';
import type { RouteCallArgs } from './route-input';

/** An API call that failed; `message` is ready to show. `status` is null when no response came. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number | null;
  /** Not sent at all: the browser was offline. Asking again before it is back online is pointless. */
  readonly offline: boolean;

  constructor(message: string, status: number | null, offline = false) {
    super(message);
    this.status = status;
    this.offline = offline;
  }
}

/** What to show for a failed call: the ready-made text of an ApiError, else the call's fallback. */
export function errorMessageOf(error: unknown, fallbackMessage: string): string {
  return error instanceof ApiError ? error.message : fallbackMessage;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * A command's Idempotency-Key: the intent's (lib/intent.ts), so every try of one intent sends the
   * same. Without one, the call makes its own, which its automatic retries reuse.
   */
  idempotencyKey?: string;
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
  /** Waits between the tries of a read answered stale (a timer in the browser). */
  sleep?: (ms: number) => Promise<void>;
  /** The clock a stale read's tries are timed by (Date.now in the browser). */
  now?: () => number;
  /** Whether the browser knows it is offline: then nothing is sent, and the call fails at once. */
  isOffline?: () => boolean;
}

/**
 * A read that carried the person's consistency tokens and came back `x-consistency-stale: 1` is asked
 * again, a little later each time (from 250 ms, doubling up to 1 s), while the screens keep what they
 * show (the person's own change included), for as long as the next try would start within
 * `STALE_READ_BUDGET_MS` of the first. A stale answer comes either after the read side stayed behind for
 * the server's whole wait (about 2 s; about four tries fit) or at once, when the person already had as
 * many reads waiting as the server lets wait (a screen opening starts several): by time, not by count,
 * such a read keeps asking until one of its own gets to wait. Should it still be stale, its answer is
 * taken and the tokens are kept, so the next read waits for that change again. A 404 answered stale is
 * asked again the same way: the thing asked for may be the very write the read side lacks.
 */
export const STALE_READ_BUDGET_MS = 10_000;
export function staleRetryDelay(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 1000);
}
const STALE_HEADER = 'x-consistency-stale';

/**
 * A command that failed on its way (no answer: the network, or the edge's 502, 503 or 504) is sent
 * again with the same Idempotency-Key, a few times within about two seconds, while the person still
 * waits on it: one the server did write is then acknowledged with its first answer, and one it never
 * got is written once. Nothing is sent after the call has failed. Commands that take no key (contracts'
 * UNKEYED_COMMANDS) are not sent again.
 */
export const COMMAND_RETRIES = 3;
export function commandRetryDelay(attempt: number): number {
  return 250 * 2 ** attempt;
}
const IN_TRANSIT_STATUSES = new Set([502, 503, 504]);

export interface ApiClient {
  /**
   * Calls one route of the contracts' table, named by its endpoint (`endpoints.toggleLike`): its
   * method, its path with `params` filled in, `query` as the query string, `body` as JSON (FormData as
   * is). The input and the reply are typed by the route's schemas, which stay types here: the reply is
   * not parsed (the services' tests already hold every reply to its schema, service-kit's
   * `checkResponses`), and neither zod nor the schemas are part of the first script every page loads.
   */
  callApi<N extends RouteName>(
    route: Endpoint<N>,
    ...args: RouteCallArgs<Routes[N], CallOptions>
  ): Promise<z.output<Routes[N]['response']>>;
  /** For consistency tokens that arrive outside an HTTP reply (socket pushes). */
  rememberConsistencyToken(token: string): void;
}

/** A route input with its per-route types erased, as the implementation reads it. */
interface UntypedRouteInput {
  params?: Record<string, unknown>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
}

// buildPath's params are typed per route; callApi's signature has already checked them.
const pathOf = buildPath as (route: Endpoint, params?: Record<string, unknown>) => string;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
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

  async function callApi(
    route: Endpoint,
    input: UntypedRouteInput = {},
    options: CallOptions = {},
  ): Promise<unknown> {
    const { method } = route;
    const isRead = method === 'GET';
    const headers = new Headers({ accept: 'application/json' });
    let body: BodyInit | undefined;
    if (input.body instanceof FormData) {
      body = input.body;
    } else if (input.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(input.body);
    }
    const keyed = !isRead && !UNKEYED_COMMANDS.includes(route.name);
    if (keyed) headers.set(IDEMPOTENCY_HEADER, options.idempotencyKey ?? newIntentKey());
    const sentTokens = isRead ? tokens.pending() : new Map();
    const tokenHeader = ConsistencyTokens.header(sentTokens);
    if (tokenHeader) headers.set(CONSISTENCY_HEADER, tokenHeader);
    const url = `${deps.baseUrl}${pathOf(route, input.params)}${buildQueryString(input.query ?? {})}`;
    const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

    const now = deps.now ?? Date.now;
    const firstSent = now();
    let response: Response;
    for (let attempt = 0; ; attempt++) {
      // Offline, nothing is sent: not now, and not behind the person's back once the network is back.
      if (deps.isOffline?.()) throw new ApiError(globalMessages.offline, null, true);
      try {
        response = await deps.fetch(url, {
          method,
          headers,
          body,
          credentials: 'include',
          signal: options.signal,
        });
      } catch (error) {
        // A cancelled query is not a network failure: let react-query see the AbortError.
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        if (keyed && attempt < COMMAND_RETRIES && !options.signal?.aborted) {
          await sleep(commandRetryDelay(attempt));
          continue;
        }
        throw new ApiError(globalMessages.networkError, null);
      }
      if (keyed && IN_TRANSIT_STATUSES.has(response.status) && attempt < COMMAND_RETRIES) {
        await response.body?.cancel();
        await sleep(commandRetryDelay(attempt));
        continue;
      }
      // A 404 while behind is not yet an answer: what was asked for may be the write not applied yet
      // (a post pushed live by the gateway before the projector has it).
      const answered = response.ok || response.status === 404;
      const stale = isRead && answered && tokenHeader && response.headers.get(STALE_HEADER) === '1';
      if (!stale || options.signal?.aborted) break;
      const delay = staleRetryDelay(attempt);
      if (now() - firstSent + delay >= STALE_READ_BUDGET_MS) break;
      await response.body?.cancel();
      await sleep(delay);
    }

    tokens.remember(response.headers.get(CONSISTENCY_HEADER));
    const payload = await readBody(response);
    if (response.ok) {
      // Settled only when the answer shows the writes; a stale one leaves them for the next read.
      if (isRead && response.headers.get(STALE_HEADER) !== '1') tokens.settled(sentTokens);
      return payload;
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
    // The typed signature is the interface's; the body above reads every route the same way.
    callApi: callApi as ApiClient['callApi'],
    rememberConsistencyToken: (token) => tokens.remember(token),
  };
}

let sessionWasGood: () => boolean = () => true;

/**
 * Tells the browser's client how to know that the session was good (query-client.ts: the session
 * check found a user). Until then a 401 redirects nowhere: a screen's first reads start beside the
 * session check (app/screen-data.ts), and for a visitor who is signed out the route guards decide
 * where to go, keeping the page they asked for.
 */
export function setSessionProbe(probe: () => boolean): void {
  sessionWasGood = probe;
}

/** The browser's client: same origin, base `/api` (the edge routes it to the right service). */
export const apiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  baseUrl: '/api',
  currentPath: () => window.location.pathname,
  redirectToLogin: () => {
    if (sessionWasGood()) window.location.assign('/login');
  },
  tokenStorage: typeof window === 'undefined' ? undefined : window.sessionStorage,
  isOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
});

/** Calls the API through the browser's client: `callApi(routes.toggleLike, { params: { id } })`. */
export const callApi = apiClient.callApi;
