import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** GET goes to the query-service, every other method to the command-service. */
export type ServiceName = 'command' | 'query';

/** A multipart upload: the one file field, its size limit and accepted types. */
export interface MultipartUpload {
  field: string;
  maxBytes: number;
  contentTypes: readonly string[];
}

export interface RouteDefinition {
  method: HttpMethod;
  /** Fastify style (`/posts/:id/like`), without the `/api` prefix. */
  path: string;
  service: ServiceName;
  /** `public` routes work without a session (login, register, logout). */
  auth: 'required' | 'public';
  params?: z.ZodType;
  query?: z.ZodType;
  /** A command route always says what its body is: a schema, or `null` for "no body, on purpose". */
  body?: z.ZodType | null;
  multipart?: MultipartUpload;
  /**
   * The route hashes a password (scrypt), so it may answer 503 with `Retry-After` while the service's
   * hashing slots are all taken.
   */
  hashesPassword?: true;
  /**
   * The route may answer 503 with `Retry-After` and `x-consistency-stale: 1` when the session is valid
   * but the read side has not caught up with its user yet (just registered, or right after a restart):
   * lag is never answered as signed out.
   */
  waitsForReadSide?: true;
  /** The success status. */
  status: 200 | 201;
  response: z.ZodType;
  summary: string;
}

export function defineRoute<const R extends RouteDefinition>(route: R): R {
  return route;
}
