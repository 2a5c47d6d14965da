import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { apiPath, type RouteDefinition } from '@careers/contracts/routes';
import { parseOr400, type Redis, SESSION_COOKIE } from '@careers/service-kit';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireViewerWith } from '../auth.ts';
import type { ResponseCache } from '../response-cache.ts';
import { parseParamsOr404 } from './register-query.ts';

type CachedRoute = RouteDefinition & { method: 'GET'; auth: 'required' };

/** The route's query string parsed, or undefined for a route that takes none. */
type QueryOf<R> = R extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;

/** The route's path parameters parsed, or undefined for a route that has none. */
type ParamsOf<R> = R extends { params: infer S extends z.ZodType } ? z.output<S> : undefined;

export interface CachedQueryOptions<Body> {
  cache: ResponseCache;
  /**
   * The Redis key whose value every cached body is valid for (see ReadModelVersion): what the body is
   * made of beyond its `parts`. Nothing is cached while it has no value.
   */
  versionKey: string;
  /**
   * Whether the body depends on who reads it, so each reader has their own entries (per session: the
   * session id is known before the round trip that verifies it, so the entry's keys are read with it).
   */
  perReader: boolean;
  /**
   * Narrower versions: the keys of the parts a body shows (e.g. one per post, see version-scopes.ts),
   * each moved by changes of that part alone, to a value taken from `sequenceKey` as it counts up. A
   * body stays cached while its parts and `versionKey` keep their values, whatever else changes.
   */
  parts?: { of: (body: Body) => string[]; sequenceKey: string };
  /**
   * How long an entry is served at most, whatever its versions: for a body that also depends on
   * changes no version is moved for (each is seen within this many milliseconds). Unbounded if unset.
   */
  maxAgeMs?: number;
}

/** What a cached route's handler is given. */
export interface CachedQueryInput<Query, Params = undefined> {
  viewerId: string;
  query: Query;
  params: Params;
  /**
   * Part keys the body depends on beyond those `parts.of` finds in it (the reader's own version, or
   * people the page does not show whose change could still change the page), kept by the same rule.
   */
  dependsOn: (keys: readonly string[]) => void;
  /** Sets a header of this reply (a hit sends only the body and `x-read-cache`). */
  header: (name: string, value: string) => void;
  /**
   * Serves this body for `ms` milliseconds at most, whatever its versions (as `maxAgeMs` does for
   * every body; the shorter wins): for a body that also depends on the clock for this query alone.
   */
  maxAge: (ms: number) => void;
}

/**
 * Registers a signed-in GET route (with or without path parameters and a query string) whose whole
 * reply body is cached: keyed by the raw URL (and the reader when `perReader`), so a hit parses
 * nothing and costs one Redis round trip (the session and the versions of the entry, in one MGET).
 * A miss waits for that and its query; a body with `parts` is kept after it is sent (storeWithParts).
 * `x-read-cache` says which it was.
 *
 * Why a reader never gets a stale page after a consistency-token wait: such a request never reads the
 * cache. The projector writes a new version in the batch's Redis writes before the Postgres commit and
 * again after it; a reader that read the first one before the commit may have cached the old rows
 * under it, and a request that waited for the batch's checkpoint can arrive before the second write
 * retires that entry. So it reads Postgres, which has the batch, and stores its page for others.
 *
 * Why a body is never kept under part versions newer than its rows: which parts a body shows is known
 * only after its query, so their versions are read after it. `versionKey` and the sequence are read
 * before the query; a part version above that sequence value was moved after that read, possibly for
 * a change committed after the query read its rows, so that body is not stored. A version at or below
 * it was moved before the query, and any change committed after the query moves it again after its
 * commit, to a new value the stored entry does not hold.
 */
export function registerCachedQuery<R extends CachedRoute>(
  deps: { app: FastifyInstance; redis: Redis },
  route: R,
  options: CachedQueryOptions<z.output<R['response']>>,
  handler: (input: CachedQueryInput<QueryOf<R>, ParamsOf<R>>) => Promise<z.output<R['response']>>,
): void {
  const { app, redis } = deps;
  const { cache, versionKey, parts } = options;
  const lead = parts ? [versionKey, parts.sequenceKey] : [versionKey];
  // Bodies sent and not yet kept, by key (see storeWithParts).
  const storing = new Map<string, Promise<void>>();
  app.get(apiPath(route), async (request, reply) => {
    // A query spelled differently is just another entry.
    const key = options.perReader ? `${request.cookies[SESSION_COOKIE] ?? ''} ${request.url}` : request.url;
    const waited = request.headers[CONSISTENCY_HEADER] !== undefined;
    const pending = waited ? undefined : storing.get(key);
    if (pending) await pending;
    const held = waited ? [] : cache.partsOf(key);
    const { viewerId, values } = await requireViewerWith(redis, request, [...lead, ...held]);
    const version = values[0] ?? null;
    const sequence = parts ? (values[1] ?? null) : null;
    const cached =
      version !== null && !waited ? cache.get(key, version, values.slice(lead.length)) : undefined;
    reply.type('application/json; charset=utf-8');
    reply.header('x-read-cache', cached === undefined ? 'miss' : 'hit');
    if (cached !== undefined) return reply.send(cached);
    // Only what was answered 200 is cached, so a malformed id always comes here.
    const params = parseParamsOr404(route, request.params) as ParamsOf<R>;
    const query = (route.query ? parseOr400(route.query, request.query) : undefined) as QueryOf<R>;
    const extra: string[] = [];
    let maxAgeMs = options.maxAgeMs;
    const result = await handler({
      viewerId,
      query,
      params,
      dependsOn: (keys) => extra.push(...keys),
      header: (name, value) => void reply.header(name, value),
      maxAge: (ms) => {
        maxAgeMs = Math.min(ms, maxAgeMs ?? ms);
      },
    });
    // Kept and sent as bytes: a hit sends them with no encoding.
    const body = Buffer.from(JSON.stringify(result));
    // Stored under the versions read before the query: a change committed meanwhile makes it a miss.
    if (version !== null) {
      if (!parts) cache.set(key, { version, parts: [], partVersions: [] }, body, maxAgeMs);
      else {
        const shown = [...new Set([...parts.of(result), ...extra])];
        // Not waited for: the reply leaves while the parts' versions are read (see storeWithParts).
        const stored = storeWithParts(redis, cache, key, { version, sequence, shown, maxAgeMs }, body)
          .catch((error: Error) => request.log.warn({ error: error.message }, 'response not cached'))
          .finally(() => {
            if (storing.get(key) === stored) storing.delete(key);
          });
        storing.set(key, stored);
      }
    }
    return reply.send(body);
  });
}

/**
 * Keeps a body read past the cache once the versions of its parts are read. The reply does not wait
 * for this third round trip (after the session's and the query's): under load every round trip a
 * request waits for is a turn of the event loop among all the others. A read of the same key that
 * comes meanwhile waits for it first (it would otherwise miss and run the query again), so the next
 * read after a reply finds the body kept, as when the reply waited.
 */
async function storeWithParts(
  redis: Redis,
  cache: ResponseCache,
  key: string,
  read: { version: string; sequence: string | null; shown: string[]; maxAgeMs: number | undefined },
  body: Buffer,
): Promise<void> {
  const partVersions = read.shown.length > 0 ? await redis.mget(...read.shown) : [];
  const before = Number(read.sequence ?? 0);
  // Null: never moved, or not for a week (a version gone is a change, see version-scopes.ts).
  if (partVersions.some((v) => v !== null && !(Number(v) <= before))) return;
  cache.set(key, { version: read.version, parts: read.shown, partVersions }, body, read.maxAgeMs);
}
