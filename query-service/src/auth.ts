import { type Redis, requireSignedIn } from '@careers/service-kit';
import type { FastifyRequest } from 'fastify';

/** The signed-in user of a request, or 401. Sessions are verified the same way in every service. */
export async function requireViewer(redis: Redis, request: FastifyRequest): Promise<string> {
  return (await requireSignedIn(redis, request)).userId;
}
