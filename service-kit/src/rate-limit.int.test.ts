import { randomUUID } from 'node:crypto';
import { requestMessages } from '@careers/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { createHttpServer } from './http.ts';
import { createLogger } from './logger.ts';
import { registerRateLimits } from './rate-limit.ts';
import { createRedis } from './redis.ts';
import { createSession, deleteSession, SESSION_COOKIE, sessionAtStart } from './sessions.ts';
import { testNamespace } from './testing.ts';

/** The limiter over the real Redis: one call that reads the session and counts, per user or address. */

const ns = testNamespace('rate-limit');
const config = loadConfig(baseEnv, ns.gatewayEnv);
const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
let app: FastifyInstance;

beforeAll(async () => {
  app = await createHttpServer({
    serviceName: 'test',
    logger: createLogger('test', 'silent'),
    allowedOrigins: [],
  });
  await registerRateLimits(app, {
    redis,
    factor: 1,
    limitOf: (method, url) => {
      if (method === 'POST' && url === '/like')
        return { name: 'likes', rule: { max: 3, windowSeconds: 60 }, per: 'user' };
      if (method === 'POST' && url === '/login')
        return { name: 'signIn', rule: { max: 2, windowSeconds: 60 }, per: 'address' };
      return null;
    },
  });
  // What a command's pipeline does first: the actor, from the session the request began with.
  const actor = async (request: Parameters<typeof sessionAtStart>[1]) => ({
    userId: (await sessionAtStart(redis, request))?.userId ?? null,
  });
  app.post('/like', async (request) => actor(request));
  app.post('/login', async (request) => actor(request));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  redis.disconnect();
  await ns.cleanup();
});

let address = 0;
const from = () => `198.51.100.${++address}`;
const send = (url: string, sid: string | undefined, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: sid ? { cookie: `${SESSION_COOKIE}=${sid}` } : {},
  });

describe('rate limits', () => {
  it("counts a user's requests across their sessions and addresses, then answers 429 with Retry-After", async () => {
    const userId = randomUUID();
    const [first, second] = await Promise.all([
      createSession(redis, userId, 60),
      createSession(redis, userId, 60),
    ]);
    const answers = [];
    for (const sid of [first, second, first, second]) answers.push(await send('/like', sid, from()));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[0]?.json()).toEqual({ userId });
    const refused = answers[3];
    expect(refused?.json()).toEqual({ message: requestMessages.tooManyRequests });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused?.headers['x-ratelimit-remaining']).toBe('0');
    // Another person is not affected.
    const other = await createSession(redis, randomUUID(), 60);
    expect((await send('/like', other, from())).statusCode).toBe(200);
  });

  it('hands the session it read to the rest of the request: no second Redis read', async () => {
    const userId = randomUUID();
    const sid = await createSession(redis, userId, 60);
    const get = vi.spyOn(redis, 'get');
    try {
      const answer = await send('/like', sid, from());
      expect(answer.json()).toEqual({ userId });
      expect(get).not.toHaveBeenCalled();
    } finally {
      get.mockRestore();
    }
  });

  it('counts a request whose session is gone, or that has none, per address; its actor is nobody', async () => {
    const sid = await createSession(redis, randomUUID(), 60);
    await deleteSession(redis, sid);
    const here = from();
    const statuses = [];
    for (const cookie of [sid, undefined, 'x'.repeat(200), sid]) {
      const answer = await send('/like', cookie, here);
      statuses.push(answer.statusCode);
      if (answer.statusCode === 200) expect(answer.json()).toEqual({ userId: null });
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await send('/like', sid, from())).statusCode).toBe(200);
  });

  it('counts an address class per address even for a signed-in user', async () => {
    const userId = randomUUID();
    const sid = await createSession(redis, userId, 60);
    const here = from();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await send('/login', sid, here)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await send('/login', sid, from())).json()).toEqual({ userId });
  });
});
