import { createHmac, hkdfSync } from 'node:crypto';
import { loginProtection } from '@careers/contracts/constants';
import { authMessages } from '@careers/contracts/messages';
import { HttpError, type Redis } from '@careers/service-kit';

export interface LoginThrottleLimits {
  /**
   * Failed sign-ins on one account from all addresses within `protection.accountWindowSeconds`, past
   * which only addresses that signed in to the account before may try.
   */
  maxFailuresPerAccount: number;
  /** Failed sign-ins from one address across all accounts within the window (spraying). */
  maxFailuresPerIp: number;
  /** Registrations from one IP in the window: each costs a full password hash. */
  maxRegistrationsPerIp: number;
  windowSeconds: number;
  /** The per-(account, address) delays and the known-address memory; contracts' loginProtection by default. */
  protection?: Partial<Omit<typeof loginProtection, 'accountCeiling'>>;
  /**
   * The secret the keys' digests are made with (a keyed hash, so a key names no email or address to
   * anyone who reads Redis without it): the service's personal-data secret, through HKDF.
   */
  secret: string;
}

/** 429 with the seconds to wait, sent back as Retry-After. */
export class ThrottledError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, authMessages.tooManyAttempts, { 'retry-after': String(seconds) });
    this.retryAfterSeconds = seconds;
  }
}

/**
 * Failed sign-ins, counted so that nobody but the attacker pays for an attack:
 *
 * - per account AND address together: the first `freeFailures` cost nothing; each one after makes
 *   that address wait before it may try that account again, `firstDelaySeconds` doubling up to
 *   `maxDelaySeconds`. A stranger's failures slow the stranger, not the owner at their own address.
 * - per address across accounts: past `maxFailuresPerIp` in the window, the address is refused (one
 *   machine guessing many accounts).
 * - per account from everywhere: past `maxFailuresPerAccount` in an hour (a guessing campaign from many
 *   addresses), only addresses that signed in to the account within `knownAddressDays` may try; the
 *   owner at home or at work still gets in.
 *
 * Checked before any password is hashed. A success (a sign-in, or the registration itself) forgets
 * that address's failures on the account and remembers the address as one of the account's own, so a
 * campaign against an account that never signed in does not lock out its owner where they registered.
 * Keys hold keyed digests only (HMAC with a key derived from the service's secret): no email address,
 * no client-chosen text, and nothing a reader of Redis can match against a list of emails. An account's
 * deletion removes what is kept of it (`forget`).
 */
export class LoginThrottle {
  private readonly redis: Redis;
  private readonly limits: LoginThrottleLimits;
  private readonly protection: Omit<typeof loginProtection, 'accountCeiling'>;

  private readonly hashKey: Buffer;

  constructor(redis: Redis, limits: LoginThrottleLimits) {
    this.redis = redis;
    this.limits = limits;
    this.protection = { ...loginProtection, ...limits.protection };
    this.hashKey = Buffer.from(hkdfSync('sha256', limits.secret, 'careers', 'login-throttle keys', 32));
  }

  private digest(text: string): string {
    return createHmac('sha256', this.hashKey).update(text).digest('base64url').slice(0, 27);
  }

  private keys(account: string, ip: string) {
    const who = this.digest(account.trim().toLowerCase());
    const where = this.digest(ip);
    return {
      pair: `login-throttle:pair:${who}:${where}`,
      account: `login-throttle:account:${who}`,
      ip: `login-throttle:ip:${where}`,
      known: `login-throttle:known:${who}`,
      where,
    };
  }

  /** The wait after `failures` failures of one address on one account (0 while they are free). */
  delaySeconds(failures: number): number {
    const { freeFailures, firstDelaySeconds, maxDelaySeconds } = this.protection;
    if (failures < freeFailures) return 0;
    return Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** (failures - freeFailures));
  }

  /** Throws ThrottledError when this address must wait for this account, or is refused altogether. */
  async check(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const replies = await this.redis
      .multi()
      .hget(keys.pair, 'until')
      .get(keys.ip)
      .ttl(keys.ip)
      .get(keys.account)
      .ttl(keys.account)
      .sismember(keys.known, keys.where)
      .exec();
    const value = (i: number) => replies?.[i]?.[1];
    const waitMs = Number(value(0) ?? 0) - Date.now();
    if (waitMs > 0) throw new ThrottledError(waitMs / 1000);
    if (Number(value(1) ?? 0) >= this.limits.maxFailuresPerIp) throw new ThrottledError(Number(value(2)));
    const accountFailures = Number(value(3) ?? 0);
    if (accountFailures >= this.limits.maxFailuresPerAccount && Number(value(5)) !== 1) {
      throw new ThrottledError(Number(value(4)));
    }
  }

  async recordFailure(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const { pairMemorySeconds, accountWindowSeconds } = this.protection;
    const replies = await this.redis
      .multi()
      .hincrby(keys.pair, 'failures', 1)
      .expire(keys.pair, pairMemorySeconds)
      .incr(keys.ip)
      .expire(keys.ip, this.limits.windowSeconds, 'NX')
      .incr(keys.account)
      .expire(keys.account, accountWindowSeconds, 'NX')
      .exec();
    const failures = Number(replies?.[0]?.[1] ?? 0);
    const delay = this.delaySeconds(failures);
    if (delay > 0) await this.redis.hset(keys.pair, 'until', String(Date.now() + delay * 1000));
  }

  async recordSuccess(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    await this.redis
      .multi()
      .del(keys.pair)
      .sadd(keys.known, keys.where)
      .expire(keys.known, this.protection.knownAddressDays * 86_400)
      .exec();
  }

  /**
   * Everything kept of an account whose owner deleted it: its known addresses, its failures from
   * everywhere, and its failures from each address it knew (a stranger's expire within the hour).
   */
  async forget(account: string): Promise<void> {
    const keys = this.keys(account, '');
    const known = await this.redis.smembers(keys.known);
    const who = keys.account.slice('login-throttle:account:'.length);
    await this.redis.del(
      keys.known,
      keys.account,
      ...known.map((where) => `login-throttle:pair:${who}:${where}`),
    );
  }

  /** Counts a registration attempt from `ip`; past the limit it throws ThrottledError instead. */
  async registration(ip: string): Promise<void> {
    const key = `register-throttle:ip:${this.digest(ip)}`;
    const replies = await this.redis
      .multi()
      .incr(key)
      .expire(key, this.limits.windowSeconds, 'NX')
      .ttl(key)
      .exec();
    const count = Number(replies?.[0]?.[1] ?? 0);
    const ttl = Number(replies?.[2]?.[1] ?? this.limits.windowSeconds);
    if (count > this.limits.maxRegistrationsPerIp) throw new ThrottledError(Math.max(1, ttl));
  }
}
