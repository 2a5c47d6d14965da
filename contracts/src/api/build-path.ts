import type { z } from 'zod';

type PathParamsArg<R> = R extends { params: infer P extends z.ZodType } ? [params: z.input<P>] : [];

/**
 * The route's path with its `:name` segments filled in (URI-encoded), without the `/api` prefix:
 * `buildPath(routes.toggleLike, { id })` -> `/posts/<id>/like`.
 */
export function buildPath<R extends { method: string; path: string }>(
  route: R,
  ...args: PathParamsArg<R>
): string {
  const values = ((args as unknown[])[0] ?? {}) as Record<string, unknown>;
  return route.path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`buildPath: missing path parameter "${name}" for ${route.method} ${route.path}`);
    }
    return encodeURIComponent(String(value));
  });
}
