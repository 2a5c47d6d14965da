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

/**
 * A second connection with the same settings, for publishing and subscribing (socket.io's adapter,
 * the session-end and notification channels). Its commands wait for the connection to come back
 * instead of failing after three tries: nothing awaits a publish or a subscribe to handle that
 * failure, and a rejected one nobody handles would end the process while Redis restarts. Its own
 * connection errors are expected then and counted by the retries of the first connection's log.
 */
export function duplicateRedis(redis: Redis): Redis {
  const copy = redis.duplicate({ maxRetriesPerRequest: null });
  copy.on('error', () => {});
  return copy;
}
