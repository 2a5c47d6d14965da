import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from './redis.ts';

export const SESSION_COOKIE = 'sid';

export interface Session {
  userId: string;
  createdAt: string;
}

const sessionKey = (id: string) => `session:${createHash('sha256').update(id).digest('hex')}`;
const userSessionsKey = (userId: string) => `user-sessions:${userId}`;

/** Opaque 256-bit id; Redis holds only its SHA-256, so a leaked Redis dump cannot be replayed. */
export async function createSession(redis: Redis, userId: string, ttlSeconds: number): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const session: Session = { userId, createdAt: new Date().toISOString() };
  await redis
    .multi()
    .set(sessionKey(id), JSON.stringify(session), 'EX', ttlSeconds)
    .sadd(userSessionsKey(userId), sessionKey(id))
    .expire(userSessionsKey(userId), ttlSeconds)
    .exec();
  return id;
}

export async function readSession(redis: Redis, id: string | undefined): Promise<Session | null> {
  if (!id || id.length > 128) return null;
  const raw = await redis.get(sessionKey(id));
  if (!raw) return null;
  return JSON.parse(raw) as Session;
}

export async function deleteSession(redis: Redis, id: string): Promise<void> {
  const session = await readSession(redis, id);
  const tx = redis.multi().del(sessionKey(id));
  if (session) tx.srem(userSessionsKey(session.userId), sessionKey(id));
  await tx.exec();
}

/** Ends every session of a user except `keepId` (a password change keeps the current one). */
export async function revokeUserSessions(redis: Redis, userId: string, keepId?: string): Promise<number> {
  const keys = await redis.smembers(userSessionsKey(userId));
  const keep = keepId ? sessionKey(keepId) : null;
  // The index holds bare key names (values are not prefixed); del and srem apply the keyPrefix.
  const doomed = keys.filter((key) => key !== keep);
  if (doomed.length === 0) return 0;
  await redis
    .multi()
    .del(...doomed)
    .srem(userSessionsKey(userId), ...doomed)
    .exec();
  return doomed.length;
}

/** Reads the session cookie from a raw Cookie header (the socket.io handshake has no Fastify parser). */
export function sessionIdFromCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
