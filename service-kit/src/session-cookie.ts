import { authMessages } from '@careers/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';
import type { Redis } from './redis.ts';
import { parseSession, SESSION_COOKIE, sessionKeyOf } from './sessions.ts';

export interface SignedIn {
  userId: string;
  /** The raw cookie value: needed to keep this session when the others are revoked. */
  sessionId: string;
}

/** The request's session, or 401 "Please sign in to continue". Every service checks sessions this way. */
export async function requireSignedIn(redis: Redis, request: FastifyRequest): Promise<SignedIn> {
  return (await requireSignedInWith(redis, request, [])).signedIn;
}

/**
 * The request's session checked as requireSignedIn does, and the values of `keys`, read in one MGET:
 * for a read that needs both before it can answer (a cached route's versions).
 */
export async function requireSignedInWith(
  redis: Redis,
  request: FastifyRequest,
  keys: readonly string[],
): Promise<{ signedIn: SignedIn; values: (string | null)[] }> {
  const sessionId = request.cookies[SESSION_COOKIE];
  const key = sessionKeyOf(sessionId);
  if (key === null || !sessionId) throw unauthorized(authMessages.signInRequired);
  const [stored = null, ...values] = await redis.mget(key, ...keys);
  const session = parseSession(stored);
  if (!session) throw unauthorized(authMessages.signInRequired);
  return { signedIn: { userId: session.userId, sessionId }, values };
}

export interface SessionCookieOptions {
  secure: boolean;
  ttlSeconds: number;
}

/** HttpOnly, SameSite=Lax, whole site; Secure behind TLS. The value is the opaque session id. */
export function setSessionCookie(
  reply: FastifyReply,
  sessionId: string,
  options: SessionCookieOptions,
): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    maxAge: options.ttlSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: Pick<SessionCookieOptions, 'secure'>): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/' });
}
