import { authMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { HttpError } from '@careers/service-kit';
import { findUser } from '../projectors/users/queries.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/** How long a session check waits for the read side to learn of its user before answering 503. */
export const ME_CATCH_UP_WAIT_MS = 2000;
const POLL_MS = 100;

/**
 * GET /api/auth/me: the signed-in user. The session was checked already (401 without one). A valid
 * session whose user the read models do not hold yet means the projector is behind (a registration a
 * moment ago, a restart): that is lag, not a sign-out, so it waits a little and then answers 503 with
 * Retry-After and the stale flag, and the client keeps waiting instead of showing the sign-in screen.
 */
export function registerGetMe(deps: QueryRouteDeps, waitMs = ME_CATCH_UP_WAIT_MS): void {
  const { pool, schema } = deps;
  registerQuery(deps, routes.getMe, async ({ viewerId }) => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const user = await findUser(pool, schema, viewerId);
      if (user) return { user };
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new HttpError(503, authMessages.accountCatchingUp, {
      'retry-after': '1',
      'x-consistency-stale': '1',
    });
  });
}
