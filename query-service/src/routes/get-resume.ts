import { routes } from '@careers/contracts/routes';
import { findUser } from '../projectors/users/queries.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/** GET /api/users/resume: the signed-in user's resume, or null when they have none. */
export function registerGetResume(deps: QueryRouteDeps): void {
  const { pool, schema } = deps;
  registerQuery(deps, routes.getResume, async ({ viewerId }) => {
    // A user not projected yet has uploaded nothing the read side knows of either.
    const user = await findUser(pool, schema, viewerId);
    return { resume: user?.resume ?? null };
  });
}
