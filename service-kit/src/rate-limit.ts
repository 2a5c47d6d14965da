import { createHash } from 'node:crypto';
import { requestMessages } from '@careers/contracts/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import type { Redis } from './redis.ts';
import { parseSession, rememberSessionAtStart, SESSION_COOKIE, sessionKeyForScript } from './sessions.ts';

/** How many requests of one class may be sent in a window. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** The limit a route is held to: its class (the counter's name), the rule, and whom it counts. */
export interface RouteRateLimit {
  name: string;
  rule: RateLimitRule;
  /** `user`: the user the request's session names (their address when it names none); `address`: always the address. */
  per: 'user' | 'address';
}

export interface RateLimitOptions {
  /** The one Redis client: counters are shared by every instance of the service. */
  redis: Redis;
  /** The limit of a route by method and URL pattern (`/api/posts/:id/like`); null for none. */
  limitOf: (method: string, url: string) => RouteRateLimit | null;
  /** Multiplies every `max` (tests and the bench raise it; the limiter still runs). */
  factor?: number;
}

/** Addresses are hashed into the key: a key's length and characters never come from a client. */
const addressKey = (address: string) =>
  `a:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;

const COUNTERS = 'rate-limit:';

/**
 * One round trip per request: reads the session the cookie names and counts the request against the
 * counter of its user (or of the address when the session is gone, unreadable or not asked for) in
 * one fixed window. The keys are passed whole (the deployment's prefix included) because the user's
 * counter is named by what the session holds; one Redis, not a cluster, runs it.
 *
 * ARGV: the session key ('' for none), the address's counter, the prefix of the users' counters ('' to
 * count per address), the window in ms. Returns the session's stored value, the count and the ms left.
 */
const COUNT_SCRIPT = `
local session = false
if ARGV[1] ~= '' then session = redis.call('GET', ARGV[1]) end
local counter = ARGV[2]
if session and ARGV[3] ~= '' then
  local ok, decoded = pcall(cjson.decode, session)
  if ok and type(decoded) == 'table' and type(decoded.userId) == 'string' then
    counter = ARGV[3] .. decoded.userId
  end
end
local window = tonumber(ARGV[4])
local current = redis.call('INCR', counter)
local left = window
if current == 1 then
  redis.call('PEXPIRE', counter, window)
else
  left = redis.call('PTTL', counter)
  if left < 0 then
    redis.call('PEXPIRE', counter, window)
    left = window
  end
end
return {session, current, left}
`;

type CountReply = [string | null, number, number];

interface CountingRedis extends Redis {
  countWithSession(session: string, address: string, users: string, windowMs: number): Promise<CountReply>;
}

/**
 * Holds every route `limitOf` names to its class's limit, counted per user (or per address) in a
 * fixed window in Redis. Checked in the route's onRequest, before its body is read, so a refused
 * request costs no parsing, no upload and no write. The session is read in the same script that
 * counts, and remembered for the request (sessionAtStart): a command reads Redis once before its
 * handler. A refusal is 429 `{ message }` with Retry-After (and the window's `x-ratelimit-*`); Redis
 * down fails the request, as it would without the limit (no sessions either). Call before the routes
 * are registered.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const factor = options.factor ?? 1;
  const redis = options.redis as CountingRedis;
  if (typeof redis.countWithSession !== 'function') {
    redis.defineCommand('countWithSession', { numberOfKeys: 0, lua: COUNT_SCRIPT });
  }
  const prefix = `${redis.options.keyPrefix ?? ''}${COUNTERS}`;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limits = methods.map((method) => options.limitOf(method, route.url)).filter((l) => l !== null);
    const [limit] = limits;
    if (!limit) return;
    const max = Math.max(1, Math.round(limit.rule.max * factor));
    const windowMs = limit.rule.windowSeconds * 1000;
    const counters = `${prefix}${limit.name}:`;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      const session = sessionKeyForScript(redis, request.cookies[SESSION_COOKIE]);
      const [stored, current, left] = await redis.countWithSession(
        session ?? '',
        `${counters}${addressKey(request.ip)}`,
        limit.per === 'user' ? `${counters}u:` : '',
        windowMs,
      );
      rememberSessionAtStart(request, session === null ? null : parseSession(stored));
      if (current <= max) return;
      const seconds = Math.ceil(left / 1000);
      reply.headers({
        'x-ratelimit-limit': String(max),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(seconds),
      });
      throw new HttpError(429, requestMessages.tooManyRequests, {
        'retry-after': String(Math.max(1, seconds)),
      });
    };
    const existing = route.onRequest;
    route.onRequest = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      check,
    ];
  });
}
