import { type Redis, readSession, SESSION_COOKIE, unauthorized } from '@careers/service-kit';
import type { FastifyRequest } from 'fastify';

/** The signed-in user of a request, or 401. Sessions are verified the same way in every service. */
export async function requireViewer(redis: Redis, request: FastifyRequest): Promise<string> {
  const session = await readSession(redis, request.cookies[SESSION_COOKIE]);
  if (!session) throw unauthorized('Please sign in to continue');
  return session.userId;
}
