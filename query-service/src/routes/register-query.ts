import { apiPath, type RouteDefinition } from '@careers/contracts/routes';
import { firstErrorMessage } from '@careers/contracts/validation';
import { notFound, parseOr400, type Redis } from '@careers/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireViewer } from '../auth.ts';

type Parsed<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What a query handler gets: the viewer (when the route needs a session), params and query parsed. */
export interface QueryInput<R extends RouteDefinition> {
  viewerId: R['auth'] extends 'required' ? string : null;
  params: Parsed<R, 'params'>;
  query: Parsed<R, 'query'>;
  request: FastifyRequest;
}

export type QueryHandler<R extends RouteDefinition> = (
  input: QueryInput<R>,
) => Promise<z.output<R['response']>>;

/**
 * Registers a GET route from its contracts route, so every query route checks the same things in the
 * same order: the session when `route.auth` asks for one (401), the path parameters (a malformed id is
 * answered like an unknown one: 404 with the contracts' "<Thing> not found"), the query string (400
 * `{ message }`), then the handler. Its answer is typed by the route's response schema.
 */
export function registerQuery<R extends RouteDefinition & { method: 'GET' }>(
  deps: { app: FastifyInstance; redis: Redis },
  route: R,
  handler: QueryHandler<R>,
): void {
  deps.app.get(apiPath(route), async (request) => {
    const viewerId = route.auth === 'required' ? await requireViewer(deps.redis, request) : null;
    const params = parseParamsOr404(route, request.params);
    const query = route.query ? parseOr400(route.query, request.query) : undefined;
    return handler({ viewerId, params, query, request } as QueryInput<R>);
  });
}

/**
 * A route's path parameters parsed, or undefined for a route that has none. A malformed id is answered
 * like an unknown one: 404 with the contracts' "<Thing> not found".
 */
export function parseParamsOr404(route: RouteDefinition, raw: unknown): unknown {
  if (!route.params) return undefined;
  const parsed = route.params.safeParse(raw);
  if (!parsed.success) throw notFound(firstErrorMessage(parsed.error));
  return parsed.data;
}
