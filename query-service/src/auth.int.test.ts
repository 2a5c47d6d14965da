import { randomUUID } from 'node:crypto';
import { authMessages } from '@careers/contracts/messages';
import {
  baseEnv,
  createRedis,
  createSession,
  deleteSession,
  HttpError,
  loadConfig,
  SESSION_COOKIE,
} from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import type { FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { requireViewerWith } from './auth.ts';

const ns = testNamespace('viewer-with');
const config = loadConfig(baseEnv, ns.queryEnv);
const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);

afterAll(async () => {
  redis.disconnect();
  await ns.cleanup();
});

const requestWith = (sid: string | undefined) =>
  ({ cookies: sid === undefined ? {} : { [SESSION_COOKIE]: sid } }) as unknown as FastifyRequest;

describe('requireViewerWith', () => {
  it("reads the viewer and the keys' values in one go, in the keys' order", async () => {
    const userId = randomUUID();
    const sid = await createSession(redis, userId, 60);
    await redis.set('viewer-with:a', '1');
    await redis.set('viewer-with:c', '3');
    const found = await requireViewerWith(redis, requestWith(sid), [
      'viewer-with:a',
      'viewer-with:b',
      'viewer-with:c',
    ]);
    expect(found).toEqual({ viewerId: userId, values: ['1', null, '3'] });
  });

  it('answers 401 "Please sign in" without a session, with one that ended and with an id no session has', async () => {
    const ended = await createSession(redis, randomUUID(), 60);
    await deleteSession(redis, ended);
    for (const sid of [undefined, '', ended, 'x'.repeat(200)]) {
      const refused = await requireViewerWith(redis, requestWith(sid), ['viewer-with:a']).catch((e) => e);
      expect(refused).toBeInstanceOf(HttpError);
      expect([refused.statusCode, refused.message]).toEqual([401, authMessages.signInRequired]);
    }
  });
});
