import { createHash } from 'node:crypto';
import { requestMessages } from '@careers/contracts/messages';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import type { Redis } from './redis.ts';

/** How many requests of one class may be sent in a window. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** The limit a route is held to: its class (the counter's name), the rule, and whom it counts. */
export interface RouteRateLimit {
  name: string;
  rule: RateLimitRule;
  /** `user`: the signed-in user (their address when the request has no session); `address`: always the address. */
  per: 'user' | 'address';
}

export interface RateLimitOptions {
  /** The one Redis client: counters are shared by every instance of the service. */
  redis: Redis;
  /** The limit of a route by method and URL pattern (`/api/posts/:id/like`); null for none. */
  limitOf: (method: string, url: string) => RouteRateLimit | null;
  /** The signed-in user a request's session names, or null. */
  userOf: (request: FastifyRequest) => Promise<string | null>;
  /** Multiplies every `max` (tests and the bench raise it; the limiter still runs). */
  factor?: number;
}

/** Addresses are hashed into the key: a key's length and characters never come from a client. */
const addressKey = (address: string) =>
  `a:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;

/**
 * Registers `@fastify/rate-limit` on Redis and holds every route `limitOf` names to its class's limit,
 * counted per user (or per address). Checked in the route's onRequest, before its body is read, so a
 * refused request costs no parsing, no upload and no write. A refusal is 429 `{ message }` with
 * Retry-After. Call before the routes are registered.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const factor = options.factor ?? 1;
  await app.register(rateLimit, {
    global: false,
    redis: options.redis,
    nameSpace: 'rate-limit:',
    // Redis down means no sessions either: the request fails the same way with or without the limit.
    skipOnError: false,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, requestMessages.tooManyRequests, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limits = methods.map((method) => options.limitOf(method, route.url)).filter((l) => l !== null);
    const [limit] = limits;
    if (!limit) return;
    const check = app.rateLimit({
      max: Math.max(1, Math.round(limit.rule.max * factor)),
      timeWindow: limit.rule.windowSeconds * 1000,
      keyGenerator: async (request: FastifyRequest) => {
        const userId = limit.per === 'user' ? await options.userOf(request) : null;
        return `${limit.name}:${userId ? `u:${userId}` : addressKey(request.ip)}`;
      },
    });
    const existing = route.onRequest;
    route.onRequest = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      check,
    ];
  });
}
