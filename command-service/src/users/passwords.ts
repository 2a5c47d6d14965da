import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { PASSWORD_HASH_BUSY_RETRY_SECONDS, PASSWORD_HASH_QUEUE_PER_SLOT } from '@careers/contracts/constants';
import { requestMessages } from '@careers/contracts/messages';
import { HttpError } from '@careers/service-kit';

/**
 * Password hashes: scrypt (N = 2^logN, r = 8, p = 1), 16-byte salt, 64-byte key. The parameters travel
 * with the hash (`scrypt$<logN>$<r>$<p>$<salt>$<key>`), so the cost can be raised later and old hashes
 * still verify (and are upgraded at the next sign-in).
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

/** 503 with Retry-After: every hashing slot is taken and the queue is full. */
export class HashingBusyError extends HttpError {
  constructor() {
    super(503, requestMessages.hashingBusy, { 'retry-after': String(PASSWORD_HASH_BUSY_RETRY_SECONDS) });
  }
}

export interface HashingLimits {
  /** Hashes computed at once. */
  concurrency: number;
  /** Hashes waiting for a slot; one more is refused with HashingBusyError. */
  queue: number;
}

/**
 * At most `concurrency` scrypt hashes at once in this process, a short queue behind them, and a quick
 * 503 beyond it. Each hash holds 128 MiB and a core for a good part of a second: without the cap, a
 * burst of sign-ins (or of bad ones) queues without end in libuv's pool, and every sign-in, a real
 * one too, waits behind all of it.
 */
class HashingGate {
  private limits: HashingLimits;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(limits: HashingLimits) {
    this.limits = limits;
  }

  configure(limits: HashingLimits): void {
    this.limits = limits;
    this.pump();
  }

  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) this.running++;
    // pump() counts the slot as taken before it wakes a waiting hash.
    else if (this.waiting.length < this.limits.queue)
      await new Promise<void>((wake) => this.waiting.push(wake));
    else throw new HashingBusyError();
    try {
      return await work();
    } finally {
      this.running--;
      this.pump();
    }
  }

  private pump(): void {
    while (this.running < this.limits.concurrency && this.waiting.length > 0) {
      this.running++;
      this.waiting.shift()?.();
    }
  }
}

const cores = availableParallelism();
const gate = new HashingGate({ concurrency: cores, queue: cores * PASSWORD_HASH_QUEUE_PER_SLOT });

/** Sets this process's hashing cap (the command-service does, from its configuration). */
export function limitPasswordHashing(limits: { concurrency: number; queue?: number }): void {
  gate.configure({
    concurrency: limits.concurrency,
    queue: limits.queue ?? limits.concurrency * PASSWORD_HASH_QUEUE_PER_SLOT,
  });
}

/** Hashes running and waiting now (for tests and diagnostics). */
export function passwordHashingLoad(): { running: number; waiting: number } {
  return gate.load;
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return gate.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
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
    // Busy at the first unknown email: the next one tries again rather than inheriting the refusal.
    hash.catch(() => dummyHashes.delete(logN));
  }
  return hash;
}
