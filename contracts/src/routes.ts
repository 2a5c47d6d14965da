import type { z } from 'zod';
import { authRoutes } from './api/auth-routes.ts';
import { connectionRoutes } from './api/connection-routes.ts';
import { dashboardRoutes } from './api/dashboard-routes.ts';
import { jobRoutes } from './api/job-routes.ts';
import { messagingRoutes } from './api/messaging-routes.ts';
import { notificationRoutes } from './api/notification-routes.ts';
import { peopleRoutes } from './api/people-routes.ts';
import { postRoutes } from './api/post-routes.ts';
import { profileRoutes } from './api/profile-routes.ts';
import { searchRoutes } from './api/search-routes.ts';
import { tagRoutes } from './api/tag-routes.ts';

export type { HttpMethod, MultipartUpload, RouteDefinition, ServiceName } from './api/define-route.ts';
export { ErrorResponse, MessageResponse, UserResponse } from './api/responses.ts';

/** Every API path starts with this; the route table's paths do not include it. */
export const API_PREFIX = '/api';

/** A route's pattern as a server registers it: `apiPath(routes.toggleLike)` -> `/api/posts/:id/like`. */
export function apiPath(route: { path: string }): string {
  return `${API_PREFIX}${route.path}`;
}

/**
 * The API route table, keyed by operation. Services register exactly these (schema in, schema out);
 * the frontend calls them through `buildPath` and reads the `response` types.
 */
export const routes = Object.freeze({
  ...authRoutes,
  ...profileRoutes,
  ...jobRoutes,
  ...postRoutes,
  ...connectionRoutes,
  ...dashboardRoutes,
  ...notificationRoutes,
  ...peopleRoutes,
  ...searchRoutes,
  ...tagRoutes,
  ...messagingRoutes,
});

export type Routes = typeof routes;
export type RouteName = keyof Routes;

type SchemaOf<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What the client sends (before parsing) and what the server reads (after). */
export type RouteBody<N extends RouteName> = z.input<SchemaOf<Routes[N], 'body'>>;
export type RouteParams<N extends RouteName> = z.input<SchemaOf<Routes[N], 'params'>>;
export type RouteQuery<N extends RouteName> = z.output<SchemaOf<Routes[N], 'query'>>;
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;

export { buildPath } from './api/build-path.ts';
