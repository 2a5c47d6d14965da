import { createHash } from 'node:crypto';
import { authMessages } from '@careers/contracts/messages';
import { HttpError, type Redis } from '@careers/service-kit';

export interface LoginThrottleLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  /** Registrations from one IP in the window: each costs a full password hash. */
  maxRegistrationsPerIp: number;
  windowSeconds: number;
}

/** 429 with the seconds to wait, sent back as Retry-After. */
export class ThrottledError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, authMessages.tooManyAttempts, { 'retry-after': String(retryAfterSeconds) });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Failed sign-ins counted per account and per client IP in a fixed window (Redis INCR + EXPIRE NX).
 * Past either limit, attempts are refused before the password is even checked, until the window ends.
 * A success clears the account's count; the IP's count stays (it guards against spraying many accounts).
 */
export class LoginThrottle {
  private readonly redis: Redis;
  private readonly limits: LoginThrottleLimits;

  constructor(redis: Redis, limits: LoginThrottleLimits) {
    this.redis = redis;
    this.limits = limits;
  }

  private keys(account: string, ip: string) {
    // Hashed, so Redis never holds an email address in a key name.
    const digest = createHash('sha256').update(account.toLowerCase()).digest('hex');
    return { account: `login-throttle:account:${digest}`, ip: `login-throttle:ip:${ip}` };
  }

  /** Throws ThrottledError when the account or the IP is over its limit. */
  async check(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const [accountCount, ipCount] = await this.redis.mget(keys.account, keys.ip);
    const blocked: string[] = [];
    if (Number(accountCount ?? 0) >= this.limits.maxFailuresPerAccount) blocked.push(keys.account);
    if (Number(ipCount ?? 0) >= this.limits.maxFailuresPerIp) blocked.push(keys.ip);
    if (blocked.length === 0) return;
    const ttls = await Promise.all(blocked.map((key) => this.redis.ttl(key)));
    throw new ThrottledError(Math.max(1, ...ttls));
  }

  async recordFailure(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    await this.redis
      .multi()
      .incr(keys.account)
      .expire(keys.account, this.limits.windowSeconds, 'NX')
      .incr(keys.ip)
      .expire(keys.ip, this.limits.windowSeconds, 'NX')
      .exec();
  }

  async recordSuccess(account: string, ip: string): Promise<void> {
    await this.redis.del(this.keys(account, ip).account);
  }

  /** Counts a registration attempt from `ip`; past the limit it throws ThrottledError instead. */
  async registration(ip: string): Promise<void> {
    const key = `register-throttle:ip:${ip}`;
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
