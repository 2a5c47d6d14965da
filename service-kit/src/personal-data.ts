import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type OpenSealed, SEALED_PREFIX } from '@careers/contracts/events/personal-data';
import { type BaseConfig, personalDataSecret } from './config.ts';
import { migrate, readMigrations } from './migrations.ts';
import { ident, type Pool, preparedName, type Queryable } from './postgres.ts';

/**
 * The personal-data vault: one AES-256 data key per person, kept wrapped (AES-256-GCM) with a
 * key-encryption key derived from PERSONAL_DATA_SECRET. Personal fields of events are sealed with the
 * key of the person they are about (`contracts/src/events/personal-data.ts`); destroying that key makes
 * them unreadable for good wherever copies of the events live: the event log, the topics, backups.
 *
 * Sealed value: `pii1.` + base64url(nonce 12 bytes | ciphertext | tag 16 bytes), AES-256-GCM with the
 * subject's id as additional data, so a value cannot be passed off as another person's.
 */

/**
 * Found from the kit's entry as Node resolves it, not from this file's place: a service started from
 * its bundle (ensure_service_bundles) has this module inside the bundle, elsewhere.
 */
const MIGRATIONS_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@careers/service-kit')),
  '../migrations/vault',
);
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** The person deleted their account: nothing personal of theirs may be sealed (or read) any more. */
export class SubjectErasedError extends Error {
  override name = 'SubjectErasedError';
  readonly subjectId: string;

  constructor(subjectId: string) {
    super(`The personal data of ${subjectId} was erased`);
    this.subjectId = subjectId;
  }
}

export async function migrateVault(pool: Pool, schema: string): Promise<string[]> {
  return migrate(pool, schema, await readMigrations(MIGRATIONS_DIR));
}

/**
 * A key as the cipher takes it. A KeyObject is made once and used for many values: given raw bytes,
 * every cipher makes one of its own first, which costs several times the decryption of a short value.
 */
type CipherKey = Buffer | KeyObject;

function encrypt(key: CipherKey, plain: Buffer, aad: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

function decrypt(key: CipherKey, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new Error('Sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/** Seals one value's JSON text with a person's data key. */
export function sealWith(key: CipherKey, subjectId: string, plainJson: string): string {
  return SEALED_PREFIX + encrypt(key, Buffer.from(plainJson, 'utf8'), subjectId).toString('base64url');
}

/** Opens a sealed value with a person's data key; throws when it was tampered with or is not theirs. */
export function openWith(key: CipherKey, subjectId: string, sealed: string): string {
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  return decrypt(key, bytes, subjectId).toString('utf8');
}

interface KeyRow {
  subject_id: string;
  wrapped_key: Buffer | null;
}

export class PersonalDataVault {
  private readonly kek: KeyObject;
  private readonly table: string;

  constructor(secret: string, schema: string) {
    this.kek = createSecretKey(
      Buffer.from(hkdfSync('sha256', secret, 'careers-vault', 'key-encryption-key v1', KEY_BYTES)),
    );
    this.table = `${ident(schema)}.subject_keys`;
  }

  static fromConfig(config: BaseConfig): PersonalDataVault {
    return new PersonalDataVault(personalDataSecret(config), config.VAULT_SCHEMA);
  }

  private unwrap(row: KeyRow): Buffer {
    if (!row.wrapped_key) throw new SubjectErasedError(row.subject_id);
    return decrypt(this.kek, row.wrapped_key, row.subject_id);
  }

  /**
   * The person's data key, made on first use, for sealing inside a command's transaction. The row is
   * read FOR SHARE: an account deletion (which destroys the key with FOR UPDATE) waits for this
   * transaction, and a command that starts after it sees the tombstone and fails with
   * SubjectErasedError, so nothing personal of a deleted person is ever sealed after their deletion.
   */
  async keyFor(tx: Queryable, subjectId: string): Promise<Buffer> {
    const select = `SELECT subject_id, wrapped_key FROM ${this.table} WHERE subject_id = $1 FOR SHARE`;
    const existing = await tx.query<KeyRow>({
      name: preparedName(`${this.table}:key-for`),
      text: select,
      values: [subjectId],
    });
    if (existing.rows[0]) return this.unwrap(existing.rows[0]);
    const key = randomBytes(KEY_BYTES);
    const inserted = await tx.query<KeyRow>(
      `INSERT INTO ${this.table} (subject_id, wrapped_key) VALUES ($1, $2)
       ON CONFLICT (subject_id) DO NOTHING RETURNING subject_id, wrapped_key`,
      [subjectId, encrypt(this.kek, key, subjectId)],
    );
    if (inserted.rows[0]) return key;
    // Another transaction made it between the two statements: use theirs.
    const raced = await tx.query<KeyRow>(select, [subjectId]);
    if (!raced.rows[0]) throw new Error(`No key for ${subjectId}`);
    return this.unwrap(raced.rows[0]);
  }

  /**
   * Destroys the person's key for good, in the caller's transaction (taken FOR UPDATE, so in-flight
   * commands sealing for them finish first). Returns false when there was none (it stays a tombstone
   * either way, so no key is ever made for them again).
   */
  async destroy(tx: Queryable, subjectId: string): Promise<boolean> {
    const { rows } = await tx.query<{ had: boolean }>(
      `INSERT INTO ${this.table} AS k (subject_id, wrapped_key, destroyed_at) VALUES ($1, NULL, now())
       ON CONFLICT (subject_id) DO UPDATE SET wrapped_key = NULL, destroyed_at = coalesce(k.destroyed_at, now())
       RETURNING (xmax <> 0) AS had`,
      [subjectId],
    );
    return rows[0]?.had ?? false;
  }

  /** Whether the person's key was destroyed (their account deleted). */
  async isErased(db: Queryable, subjectId: string): Promise<boolean> {
    const { rows } = await db.query<{ erased: boolean }>(
      `SELECT wrapped_key IS NULL AS erased FROM ${this.table} WHERE subject_id = $1`,
      [subjectId],
    );
    return rows[0]?.erased ?? false;
  }

  /**
   * An `open` for `parseDomainEvent` that knows the keys of `subjectIds` (one query). A person with no
   * key, or a destroyed one, opens to null: their fields take the erased stand-ins. Each key is unwrapped
   * once and made a KeyObject once, however many fields of the person's it opens.
   */
  async opener(db: Queryable, subjectIds: Iterable<string>): Promise<OpenSealed> {
    const ids = [...new Set(subjectIds)];
    const keys = new Map<string, KeyObject>();
    if (ids.length > 0) {
      const { rows } = await db.query<KeyRow>(
        `SELECT subject_id, wrapped_key FROM ${this.table} WHERE subject_id = ANY($1::text[]) AND wrapped_key IS NOT NULL`,
        [ids],
      );
      for (const row of rows) keys.set(row.subject_id, createSecretKey(this.unwrap(row)));
    }
    return (subjectId, sealed) => {
      const key = keys.get(subjectId);
      return key ? openWith(key, subjectId, sealed) : null;
    };
  }
}
