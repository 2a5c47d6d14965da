import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { createRedis } from './redis.ts';
import {
  createSession,
  deleteSession,
  readSession,
  revokeUserSessions,
  sessionAtStart,
  sessionExpiresInMs,
  sessionIdFromCookieHeader,
  sessionRef,
  watchEndedSessions,
} from './sessions.ts';
import { testNamespace, waitUntil } from './testing.ts';

const ns = testNamespace('sessions');
const config = loadConfig(baseEnv, ns.gatewayEnv);
const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);

afterAll(async () => {
  redis.disconnect();
  await ns.cleanup();
});

describe('sessions in Redis', () => {
  it('creates an opaque session that reads back, stored only under its hash', async () => {
    const userId = randomUUID();
    const id = await createSession(redis, userId, 60);
    expect(id.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(await readSession(redis, id)).toMatchObject({ userId });
    expect(await redis.exists(`session:${id}`)).toBe(0);
    expect(
      await redis.ttl(
        (await redis.keys(`${config.REDIS_KEY_PREFIX}session:*`))[0]?.slice(config.REDIS_KEY_PREFIX.length) ??
          '',
      ),
    ).toBeGreaterThan(0);
  });

  it('forgets a deleted session and unknown ids', async () => {
    const id = await createSession(redis, randomUUID(), 60);
    await deleteSession(redis, id);
    expect(await readSession(redis, id)).toBeNull();
    expect(await readSession(redis, 'nope')).toBeNull();
    expect(await readSession(redis, undefined)).toBeNull();
  });

  it('revokes all of a user’s sessions but the one kept', async () => {
    const userId = randomUUID();
    const keep = await createSession(redis, userId, 60);
    const other1 = await createSession(redis, userId, 60);
    const other2 = await createSession(redis, userId, 60);
    const someoneElse = await createSession(redis, randomUUID(), 60);
    expect(await revokeUserSessions(redis, userId, keep)).toBe(2);
    expect(await readSession(redis, keep)).not.toBeNull();
    expect(await readSession(redis, other1)).toBeNull();
    expect(await readSession(redis, other2)).toBeNull();
    expect(await readSession(redis, someoneElse)).not.toBeNull();
  });

  it('names a session by the SHA-256 of its id', () => {
    expect(sessionRef('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('reads the session a request began with once, however many steps ask', async () => {
    const userId = randomUUID();
    const id = await createSession(redis, userId, 60);
    const request = { cookies: { sid: id } };
    const first = sessionAtStart(redis, request);
    expect(sessionAtStart(redis, request)).toBe(first);
    expect(await first).toMatchObject({ userId });
    // Ended during the request: its later steps still see how it began; the next request does not.
    await deleteSession(redis, id);
    expect(await sessionAtStart(redis, request)).toMatchObject({ userId });
    expect(await sessionAtStart(redis, { cookies: { sid: id } })).toBeNull();
    expect(await sessionAtStart(redis, { cookies: {} })).toBeNull();
  });

  it('reads the session id out of a Cookie header', () => {
    expect(sessionIdFromCookieHeader('theme=dark; sid=abc%2Fdef; x=1')).toBe('abc/def');
    expect(sessionIdFromCookieHeader('theme=dark')).toBeUndefined();
    expect(sessionIdFromCookieHeader(undefined)).toBeUndefined();
  });

  it('reads a cookie that does not decode as no session instead of throwing (issue 14, finding 7)', () => {
    expect(sessionIdFromCookieHeader('sid=%E0%A4%A')).toBeUndefined();
    expect(sessionIdFromCookieHeader('sid=%ZZ; theme=dark')).toBeUndefined();
  });
});

describe('ended sessions are announced (issue 14, finding 2)', () => {
  it('names each ended session by its ref: a sign-out, and every session a password change revokes', async () => {
    const heard: string[][] = [];
    const stop = await watchEndedSessions(redis, (refs) => heard.push(refs));
    try {
      const userId = randomUUID();
      const [kept, other, signedOut] = await Promise.all([
        createSession(redis, userId, 60),
        createSession(redis, userId, 60),
        createSession(redis, randomUUID(), 60),
      ]);
      await deleteSession(redis, signedOut);
      await revokeUserSessions(redis, userId, kept);
      await waitUntil('both announcements', () => heard.length >= 2, 5000);
      expect(heard).toEqual([[sessionRef(signedOut)], [sessionRef(other)]]);
      expect(sessionRef(kept)).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await stop();
    }
  });

  it('tells how long a session has left', async () => {
    const id = await createSession(redis, randomUUID(), 60);
    expect(await sessionExpiresInMs(redis, id)).toBeGreaterThan(58_000);
    await deleteSession(redis, id);
    expect(await sessionExpiresInMs(redis, id)).toBe(0);
  });
});
