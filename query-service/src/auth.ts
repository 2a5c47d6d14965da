import { authMessages } from '@careers/contracts/messages';
import {
  parseSession,
  type Redis,
  requireSignedIn,
  SESSION_COOKIE,
  sessionKeyOf,
  unauthorized,
} from '@careers/service-kit';
import type { FastifyRequest } from 'fastify';

/** The signed-in user of a request, or 401. Sessions are verified the same way in every service. */
export async function requireViewer(redis: Redis, request: FastifyRequest): Promise<string> {
  return (await requireSignedIn(redis, request)).userId;
}

/**
 * The signed-in user of a request (or 401, as requireViewer) and the values of `keys`, read in one
 * MGET: for a read that needs both before it can answer (a cached route's versions).
 */
export async function requireViewerWith(
  redis: Redis,
  request: FastifyRequest,
  keys: readonly string[],
): Promise<{ viewerId: string; values: (string | null)[] }> {
  const sessionKey = sessionKeyOf(request.cookies[SESSION_COOKIE]);
  if (sessionKey === null) throw unauthorized(authMessages.signInRequired);
  const [stored = null, ...values] = await redis.mget(sessionKey, ...keys);
  const session = parseSession(stored);
  if (!session) throw unauthorized(authMessages.signInRequired);
  return { viewerId: session.userId, values };
}
