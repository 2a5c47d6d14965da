import { Redis } from 'ioredis';

export type { Redis };

/** The one Redis client library of the project. `keyPrefix` isolates deployments and test files. */
export function createRedis(url: string, keyPrefix: string): Redis {
  return new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 3,
    enableAutoPipelining: true,
    lazyConnect: false,
  });
}
