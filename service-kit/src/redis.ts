import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import { backoffDelay, describeError } from './retry.ts';

export type { Redis };

/**
 * The one Redis client library of the project. `keyPrefix` isolates deployments and test files. It
 * reconnects forever with the project's capped, jittered backoff; given a logger, it says so once per
 * attempt (without one, a lost connection is still not an unhandled error).
 */
export function createRedis(url: string, keyPrefix: string, log?: Logger): Redis {
  let lastError = '';
  const redis = new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 3,
    enableAutoPipelining: true,
    lazyConnect: false,
    retryStrategy: (times) => {
      const delay = backoffDelay(times - 1);
      log?.warn(
        { dependency: 'redis', attempt: times, retryInMs: delay, err: lastError },
        `redis unavailable; reconnecting in ${delay} ms`,
      );
      return delay;
    },
  });
  redis.on('error', (error: unknown) => {
    lastError = describeError(error);
  });
  return redis;
}
