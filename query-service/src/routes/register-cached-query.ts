import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { apiPath, type RouteDefinition } from '@careers/contracts/routes';
import { parseOr400, type Redis } from '@careers/service-kit';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireViewer } from '../auth.ts';
import type { ResponseCache } from '../response-cache.ts';

type CachedRoute = RouteDefinition & { method: 'GET'; auth: 'required'; query: z.ZodType };

export interface CachedQueryOptions {
  cache: ResponseCache;
  /** The Redis key whose value the cached bodies are valid for (see ReadModelVersion). */
  versionKey: string;
  /** Whether the body depends on who reads it, so each reader has their own entries. */
  perReader: boolean;
}

/**
 * Registers a signed-in GET route with a query string whose whole reply body is cached: keyed by the
 * raw URL (and the reader when `perReader`), so a hit parses nothing and costs one Redis round trip
 * (the version, read together with the session). `x-read-cache` says which it was.
 *
 * Why a reader never gets a stale page after a consistency-token wait: such a request never reads the
 * cache. The projector writes a new version in the batch's Redis writes before the Postgres commit and
 * again after it; a reader that read the first one before the commit may have cached the old rows
 * under it, and a request that waited for the batch's checkpoint can arrive before the second write
 * retires that entry. So it reads Postgres, which has the batch, and stores its page for others.
 */
export function registerCachedQuery<R extends CachedRoute>(
  deps: { app: FastifyInstance; redis: Redis },
  route: R,
  options: CachedQueryOptions,
  handler: (input: { viewerId: string; query: z.output<R['query']> }) => Promise<z.output<R['response']>>,
): void {
  const { app, redis } = deps;
  app.get(apiPath(route), async (request, reply) => {
    const [viewerId, version] = await Promise.all([
      requireViewer(redis, request),
      redis.get(options.versionKey),
    ]);
    // A query spelled differently is just another entry.
    const key = options.perReader ? `${viewerId} ${request.url}` : request.url;
    const waited = request.headers[CONSISTENCY_HEADER] !== undefined;
    const cached = version && !waited ? options.cache.get(key, version) : undefined;
    reply.type('application/json; charset=utf-8');
    reply.header('x-read-cache', cached === undefined ? 'miss' : 'hit');
    if (cached !== undefined) return reply.send(cached);
    const query = parseOr400<R['query']>(route.query, request.query);
    const body = JSON.stringify(await handler({ viewerId, query }));
    // Stored under the version read before the query: a change committed meanwhile makes it a miss.
    if (version) options.cache.set(key, version, body);
    return reply.send(body);
  });
}
