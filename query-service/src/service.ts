import {
  createLogger,
  createPool,
  createRedis,
  holdUntilStarted,
  loadConfig,
  type QueryServiceConfig,
  queryServiceEnv,
  type StartOptions,
  Startup,
} from '@careers/service-kit';
import { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyInstance } from 'fastify';
import { abortable } from './abortable.ts';
import { migrateReadSchema } from './migrate.ts';
import { SearchEngine } from './search-engine.ts';
import { buildQueryApp, type QueryServiceDeps } from './server.ts';

export interface RunningQueryService {
  app: FastifyInstance;
  deps: QueryServiceDeps;
  close(): Promise<void>;
}

/**
 * The query API process. It listens first and resolves once started: while Postgres or Redis are away
 * it answers `/healthz`, says on `/readyz` what it waits for, and retries each forever.
 */
export async function startQueryService(
  env: NodeJS.ProcessEnv = process.env,
  options: StartOptions = {},
): Promise<RunningQueryService> {
  const config: QueryServiceConfig = loadConfig(queryServiceEnv, env);
  const log = createLogger('query-service', config.LOG_LEVEL);
  const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE, 'query-service');
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, log);
  // Only read here: the command-service creates the bucket, and /readyz says whether it is there.
  const storage = new ObjectStorage(config);
  const search = new SearchEngine(config.SEARCH_ENGINE_URL);
  const deps: QueryServiceDeps = { config, log, pool, redis, storage, search };
  const app = await buildQueryApp(deps);
  const startup = new Startup(log);
  holdUntilStarted(app, startup);
  const close = async () => {
    startup.abort();
    await app.close();
    await redis.quit().catch(() => redis.disconnect());
    await pool.end();
  };
  try {
    await abortable(startup, options.signal, async () => {
      if (options.listen !== false) {
        const url = await app.listen({ host: config.HOST, port: config.PORT });
        log.info(`query-service listening on ${url}`);
        options.onListening?.(url);
      }
      await startup.step('postgres', 'migrations', () => migrateReadSchema(pool, config.DB_SCHEMA));
      await startup.step('redis', 'ping', () => redis.ping());
    });
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  startup.finish();
  return { app, deps, close };
}
