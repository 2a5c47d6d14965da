import { hash, randomBytes } from 'node:crypto';
import { duplicateRedis, type Redis } from './redis.ts';

export const SESSION_COOKIE = 'sid';

export interface Session {
  userId: string;
  createdAt: string;
}

/**
 * A session's name everywhere but the cookie: the SHA-256 of its id. Redis keys, the ended-session
 * announcements and the gateway's bookkeeping use it, so none of them holds a usable id.
 */
export function sessionRef(id: string): string {
  // The one-shot form: no Hash object per request that reads a session.
  return hash('sha256', id, 'hex');
}

const SESSION_KEY_PREFIX = 'session:';
const sessionKey = (id: string) => `${SESSION_KEY_PREFIX}${sessionRef(id)}`;
const userSessionsKey = (userId: string) => `user-sessions:${userId}`;

/**
 * Where ended sessions are announced (Redis pub/sub): sign-out, a password change, a replaced session.
 * The gateway closes their sockets at once. Channels are not key-prefixed by the client, so the
 * deployment's prefix is added here.
 */
function endedSessionsChannel(redis: Redis): string {
  return `${redis.options.keyPrefix ?? ''}sessions:ended`;
}

async function announceEnded(redis: Redis, refs: readonly string[]): Promise<void> {
  if (refs.length > 0) await redis.publish(endedSessionsChannel(redis), JSON.stringify(refs));
}

/**
 * Calls `onEnded` with the refs of sessions as they are ended anywhere. A subscription holds its own
 * connection; the returned function closes it. Announcements missed while Redis was unreachable are
 * not replayed: a subscriber that must not miss one also re-checks its sessions now and then.
 */
export async function watchEndedSessions(
  redis: Redis,
  onEnded: (refs: string[]) => void,
): Promise<() => Promise<void>> {
  const subscriber = duplicateRedis(redis);
  const channel = endedSessionsChannel(redis);
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const refs = JSON.parse(message) as unknown;
      if (Array.isArray(refs)) onEnded(refs.filter((ref): ref is string => typeof ref === 'string'));
    } catch {
      // Not ours: every announcement is a JSON list.
    }
  });
  await subscriber.subscribe(channel);
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}

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
  const key = sessionKeyOf(id);
  return key === null ? null : parseSession(await redis.get(key));
}

/**
 * The Redis key (under the client's key prefix) a session id is stored under, for a read that takes
 * it with other keys in one command; null for an id that can name no session.
 */
export function sessionKeyOf(id: string | undefined): string | null {
  return !id || id.length > 128 ? null : sessionKey(id);
}

/**
 * The full Redis key (the deployment's key prefix included) of the session an id names, for a script
 * that reads it beside other keys (the rate limit's); null for an id that can name no session.
 */
export function sessionKeyForScript(redis: Redis, id: string | undefined): string | null {
  const key = sessionKeyOf(id);
  return key === null ? null : `${redis.options.keyPrefix ?? ''}${key}`;
}

/** A stored session value as read from Redis (null when there is none). */
export function parseSession(raw: string | null): Session | null {
  return raw ? (JSON.parse(raw) as Session) : null;
}

interface CookieBearer {
  cookies: { [name: string]: string | undefined };
}

const sessionsOfRequests = new WeakMap<
  CookieBearer,
  { id: string | undefined; session: Promise<Session | null> }
>();

/**
 * The session a request's cookie names as it was when the request began, read from Redis once
 * however many steps ask: a command's pipeline (which needs the actor) uses what its rate limit read
 * (see rememberSessionAtStart). Only for that first look; whatever ends or replaces the session
 * during the request reads it again with readSession.
 */
export function sessionAtStart(redis: Redis, request: CookieBearer): Promise<Session | null> {
  const id = request.cookies[SESSION_COOKIE];
  const known = sessionsOfRequests.get(request);
  if (known && known.id === id) return known.session;
  const session = readSession(redis, id);
  sessionsOfRequests.set(request, { id, session });
  return session;
}

/** Records the session a request began with, read by an earlier step along with something else. */
export function rememberSessionAtStart(request: CookieBearer, session: Session | null): void {
  sessionsOfRequests.set(request, { id: request.cookies[SESSION_COOKIE], session: Promise.resolve(session) });
}

/** Milliseconds until the session expires by itself; 0 when it is gone already. */
export async function sessionExpiresInMs(redis: Redis, id: string): Promise<number> {
  if (!id || id.length > 128) return 0;
  return Math.max(0, await redis.pttl(sessionKey(id)));
}

export async function deleteSession(redis: Redis, id: string): Promise<void> {
  const session = await readSession(redis, id);
  const tx = redis.multi().del(sessionKey(id));
  if (session) tx.srem(userSessionsKey(session.userId), sessionKey(id));
  await tx.exec();
  await announceEnded(redis, [sessionRef(id)]);
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
  await announceEnded(
    redis,
    doomed.map((key) => key.slice(SESSION_KEY_PREFIX.length)),
  );
  return doomed.length;
}

/**
 * Reads the session cookie from a raw Cookie header (the socket.io handshake has no Fastify parser).
 * A value that does not decode is no session (it was an uncaught "URI malformed" at the handshake).
 */
export function sessionIdFromCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
