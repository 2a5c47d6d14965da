import { createSecretKey, randomUUID } from 'node:crypto';
import { openFields, sealFields } from '@careers/contracts/events/personal-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { migrateVault, openWith, PersonalDataVault, SubjectErasedError, sealWith } from './personal-data.ts';
import { createPool } from './postgres.ts';
import { testNamespace } from './testing.ts';

const ns = testNamespace('vault');
const config = loadConfig(baseEnv, ns.commandEnv);
const pool = createPool(config.DATABASE_URL, 4, 'vault-test');
const vault = PersonalDataVault.fromConfig(config);

beforeAll(async () => {
  await migrateVault(pool, config.VAULT_SCHEMA);
});

afterAll(async () => {
  await pool.end();
  await ns.cleanup();
});

const spec = {
  subject: 'userId',
  erased: { email: (id: string) => `erased-${id}@erased.invalid`, bio: () => '' },
};

describe('the personal-data vault', () => {
  it('seals with a key per person and opens only with that key and that person', async () => {
    const ada = randomUUID();
    const key = await vault.keyFor(pool, ada);
    expect(await vault.keyFor(pool, ada)).toEqual(key); // made once, then found
    const sealed = sealWith(key, ada, JSON.stringify('ada@example.com'));
    expect(sealed).toMatch(/^pii1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('ada');
    expect(sealWith(key, ada, JSON.stringify('ada@example.com'))).not.toBe(sealed); // a fresh nonce each time
    expect(JSON.parse(openWith(key, ada, sealed))).toBe('ada@example.com');
    // Another person's id as additional data: refused, so a value cannot pass as someone else's.
    expect(() => openWith(key, randomUUID(), sealed)).toThrow();
    // One character of the tag changed (to another than it was, whatever the random nonce made it).
    const tampered = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(tampered).not.toBe(sealed);
    expect(() => openWith(key, ada, tampered)).toThrow();
  });

  it('stores only wrapped keys, never a key in the clear', async () => {
    const subject = randomUUID();
    const key = await vault.keyFor(pool, subject);
    const { rows } = await pool.query(
      `SELECT wrapped_key FROM "${config.VAULT_SCHEMA}".subject_keys WHERE subject_id = $1`,
      [subject],
    );
    expect(rows[0].wrapped_key.includes(key)).toBe(false);
    // Another deployment secret cannot unwrap it.
    const other = new PersonalDataVault('another-deployment-secret-of-32-chars!!', config.VAULT_SCHEMA);
    await expect(other.opener(pool, [subject])).rejects.toThrow();
  });

  it('destroying a key erases the fields for good: they open to their stand-ins, and no key is made again', async () => {
    const grace = randomUUID();
    const key = await vault.keyFor(pool, grace);
    const data = sealFields(
      spec,
      { userId: grace, email: 'grace@example.com', bio: 'Admiral' },
      (id, plain) => sealWith(key, id, plain),
    );
    expect(openFields(spec, data, await vault.opener(pool, [grace]))).toEqual({
      userId: grace,
      email: 'grace@example.com',
      bio: 'Admiral',
    });

    expect(await vault.destroy(pool, grace)).toBe(true);
    expect(await vault.isErased(pool, grace)).toBe(true);
    expect(openFields(spec, data, await vault.opener(pool, [grace]))).toEqual({
      userId: grace,
      email: `erased-${grace}@erased.invalid`,
      bio: '',
    });
    await expect(vault.keyFor(pool, grace)).rejects.toBeInstanceOf(SubjectErasedError);
    // The tombstone cannot be given a key back, even by hand.
    await expect(
      pool.query(
        `UPDATE "${config.VAULT_SCHEMA}".subject_keys SET wrapped_key = '\\x00', destroyed_at = NULL WHERE subject_id = $1`,
        [grace],
      ),
    ).rejects.toThrow();
    // Destroying again, or someone who never had a key, leaves a tombstone too.
    expect(await vault.destroy(pool, grace)).toBe(true);
    const stranger = randomUUID();
    expect(await vault.destroy(pool, stranger)).toBe(false);
    await expect(vault.keyFor(pool, stranger)).rejects.toBeInstanceOf(SubjectErasedError);
  });

  it('a deletion waits for a command sealing for the same person, and a later command is refused', async () => {
    const person = randomUUID();
    await vault.keyFor(pool, person);
    const sealing = await pool.connect();
    const deleting = await pool.connect();
    try {
      await sealing.query('BEGIN');
      await vault.keyFor(sealing, person); // FOR SHARE, held until this command commits
      await deleting.query('BEGIN');
      let destroyed = false;
      const destroy = vault.destroy(deleting, person).then(() => {
        destroyed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(destroyed).toBe(false);
      await sealing.query('COMMIT');
      await destroy;
      expect(destroyed).toBe(true);
      await deleting.query('COMMIT');
      await expect(vault.keyFor(pool, person)).rejects.toBeInstanceOf(SubjectErasedError);
    } finally {
      sealing.release();
      deleting.release();
    }
  });

  it('opens many people in one query and treats someone without a key as unreadable', async () => {
    const people = [randomUUID(), randomUUID()];
    const keys = await Promise.all(people.map((p) => vault.keyFor(pool, p)));
    const open = await vault.opener(pool, [...people, randomUUID()]);
    people.forEach((person, i) => {
      const key = keys[i] as Buffer;
      expect(open(person, sealWith(key, person, '"x"'))).toBe('"x"');
      // Each person's key serves every field of theirs in the batch; another's seal, or a tampered one, fails.
      for (const value of ['"y"', '{"city":"Lisbon"}', JSON.stringify('é'.repeat(300))]) {
        expect(open(person, sealWith(key, person, value))).toBe(value);
      }
      expect(() => open(person, sealWith(key, people[1 - i] as string, '"x"'))).toThrow();
      // The same value through a key object made once: the cipher takes either.
      expect(openWith(createSecretKey(key), person, sealWith(createSecretKey(key), person, '"z"'))).toBe(
        '"z"',
      );
    });
    expect(open(randomUUID(), sealWith(keys[0] as Buffer, people[0] as string, '"x"'))).toBeNull();
  });
});
