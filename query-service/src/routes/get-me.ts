import { authMessages } from '@careers/contracts/messages';
import { apiPath, routes } from '@careers/contracts/routes';
import { unauthorized } from '@careers/service-kit';
import { requireViewer } from '../auth.ts';
import { findUser } from '../projectors/users/queries.ts';
import type { QueryRouteDeps } from './deps.ts';

/** GET /api/auth/me: the signed-in user, or 401 (the client's session check). */
export function registerGetMe({ app, pool, redis, schema }: QueryRouteDeps): void {
  app.get(apiPath(routes.getMe), async (request) => {
    const viewerId = await requireViewer(redis, request);
    const user = await findUser(pool, schema, viewerId);
    // A session whose user is unknown here cannot be used: the client treats it as signed out.
    if (!user) throw unauthorized(authMessages.signInRequired);
    return { user };
  });
}
