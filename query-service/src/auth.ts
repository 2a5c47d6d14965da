import { type Redis, requireSignedIn, requireSignedInWith } from '@careers/service-kit';
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
  const { signedIn, values } = await requireSignedInWith(redis, request, keys);
  return { viewerId: signedIn.userId, values };
}
