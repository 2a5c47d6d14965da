import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

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
