import { availableParallelism } from 'node:os';
import { PASSWORD_HASH_BUSY_RETRY_SECONDS } from '@careers/contracts/constants';
import { requestMessages } from '@careers/contracts/messages';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dummyHash,
  HashingBusyError,
  hashPassword,
  limitPasswordHashing,
  needsRehash,
  passwordHashingLoad,
  verifyPassword,
} from './passwords.ts';

describe('password hashes', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse', 14);
    expect(hash).toMatch(/^scrypt\$14\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horsf', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same', 14), hashPassword('same', 14)]);
    expect(a).not.toBe(b);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$a$b$c$d$e')).resolves.toBe(false);
  });

  it('asks for a rehash when the configured cost went up', async () => {
    const hash = await hashPassword('pw', 14);
    expect(needsRehash(hash, 14)).toBe(false);
    expect(needsRehash(hash, 15)).toBe(true);
    expect(needsRehash('garbage', 14)).toBe(true);
  });

  it('keeps one dummy hash per cost, which no short password matches', async () => {
    const hash = await dummyHash(14);
    expect(await dummyHash(14)).toBe(hash);
    await expect(verifyPassword('secret', hash)).resolves.toBe(false);
  });
});

describe('the hashing cap', () => {
  afterEach(() => limitPasswordHashing({ concurrency: availableParallelism() }));

  it('runs at most N hashes at once, queues a few, and refuses the rest with 503 busy', async () => {
    limitPasswordHashing({ concurrency: 1, queue: 2 });
    let peak = 0;
    const burst = Array.from({ length: 8 }, (_, i) => {
      const hashing = hashPassword(`pw-${i}`, 14);
      peak = Math.max(peak, passwordHashingLoad().running);
      return hashing.then(
        (hash) => ({ ok: true as const, hash }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    });
    const results = await Promise.all(burst);
    expect(peak).toBe(1);
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const refused = results.filter((r) => !r.ok).map((r) => (r as { error: unknown }).error);
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect(error).toBeInstanceOf(HashingBusyError);
      expect(error).toMatchObject({
        statusCode: 503,
        message: requestMessages.hashingBusy,
        headers: { 'retry-after': String(PASSWORD_HASH_BUSY_RETRY_SECONDS) },
      });
    }
    // The queue drains: nothing is left holding a slot, and the next hash goes through.
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
    await expect(hashPassword('after', 14)).resolves.toMatch(/^scrypt\$/);
  });

  it('frees the slot when a hash fails', async () => {
    limitPasswordHashing({ concurrency: 1, queue: 0 });
    // A cost scrypt refuses (N beyond its memory limit for this r) fails inside the slot.
    await expect(hashPassword('pw', 40)).rejects.toThrow();
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
    await expect(hashPassword('pw', 14)).resolves.toMatch(/^scrypt\$/);
  });
});
