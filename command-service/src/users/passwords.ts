import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt (N = 2^logN, r = 8, p = 1), 16-byte salt, 64-byte key. The parameters travel
 * with the hash (`scrypt$<logN>$<r>$<p>$<salt>$<key>`), so the cost can be raised later and old hashes
 * still verify (and are upgraded at the next sign-in).
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P);
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, logN, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined || rest.length > 0) return null;
  const [n, blockSize, parallel] = [Number(logN), Number(r), Number(p)];
  if (![n, blockSize, parallel].every((v) => Number.isInteger(v) && v > 0) || n > 20) return null;
  return {
    logN: n,
    r: blockSize,
    p: parallel,
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with a lower cost than the one configured now. */
export function needsRehash(stored: string, logN: number): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.logN < logN || parsed.r !== R || parsed.p !== P;
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at the configured cost. Sign-in verifies against it when the email is
 * unknown, so an unknown email takes as long as a wrong password and the timing tells nothing.
 */
export function dummyHash(logN: number): Promise<string> {
  let hash = dummyHashes.get(logN);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), logN);
    dummyHashes.set(logN, hash);
  }
  return hash;
}
