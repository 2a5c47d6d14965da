import { authMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { unauthorized } from '@careers/service-kit';
import { findUser } from '../projectors/users/queries.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/** GET /api/auth/me: the signed-in user, or 401 (the client's session check). */
export function registerGetMe(deps: QueryRouteDeps): void {
  const { pool, schema } = deps;
  registerQuery(deps, routes.getMe, async ({ viewerId }) => {
    const user = await findUser(pool, schema, viewerId);
    // A session whose user is unknown here cannot be used: the client treats it as signed out.
    if (!user) throw unauthorized(authMessages.signInRequired);
    return { user };
  });
}
