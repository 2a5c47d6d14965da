import {
  createKafka,
  createLogger,
  createPool,
  createRedis,
  type Logger,
  loadConfig,
  migrateVault,
  PersonalDataVault,
  type Pool,
  type QueryServiceConfig,
  queryServiceEnv,
  type Redis,
} from '@careers/service-kit';
import { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyInstance } from 'fastify';
import type { Kafka } from 'kafkajs';
import { migrateReadSchema } from './migrate.ts';
import { projectors, readModelVersions } from './projectors/registry.ts';
import { ProjectorRunner } from './projectors/runner.ts';
import { buildQueryApp, type QueryServiceDeps } from './server.ts';

export interface RunningQueryService {
  app: FastifyInstance;
  deps: QueryServiceDeps;
  close(): Promise<void>;
}

/** The query API process. */
export async function startQueryService(
  env: NodeJS.ProcessEnv = process.env,
  options: { listen?: boolean } = {},
): Promise<RunningQueryService> {
  const config: QueryServiceConfig = loadConfig(queryServiceEnv, env);
  const log = createLogger('query-service', config.LOG_LEVEL);
  const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE, 'query-service');
  await migrateReadSchema(pool, config.DB_SCHEMA);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  // Only read here: the command-service creates the bucket, and /readyz says whether it is there.
  const storage = new ObjectStorage(config);
  const deps: QueryServiceDeps = { config, log, pool, redis, storage };
  const app = await buildQueryApp(deps);
  if (options.listen !== false) await app.listen({ host: config.HOST, port: config.PORT });
  return {
    app,
    deps,
    async close() {
      await app.close();
      await redis.quit().catch(() => {});
      await pool.end();
    },
  };
}

export interface RunningProjector {
  runner: ProjectorRunner;
  config: QueryServiceConfig;
  close(): Promise<void>;
}

export interface ProjectorRuntime {
  config: QueryServiceConfig;
  log: Logger;
  pool: Pool;
  redis: Redis;
  kafka: Kafka;
  runner: ProjectorRunner;
  close(): Promise<void>;
}

/** Everything a projector needs, wired from config; shared by the projector process and the rebuild. */
export async function createProjectorRuntime(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProjectorRuntime> {
  const config: QueryServiceConfig = loadConfig(queryServiceEnv, env);
  const log = createLogger(name, config.LOG_LEVEL);
  const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE, name);
  await migrateReadSchema(pool, config.DB_SCHEMA);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const kafka = createKafka(config, name, log);
  await migrateVault(pool, config.VAULT_SCHEMA);
  const runner = new ProjectorRunner({
    vault: PersonalDataVault.fromConfig(config),
    pool,
    schema: config.DB_SCHEMA,
    redis,
    kafka,
    kafkaSettings: config,
    log,
    projectors,
    versions: readModelVersions,
  });
  return {
    config,
    log,
    pool,
    redis,
    kafka,
    runner,
    async close() {
      await runner.stop();
      await redis.quit().catch(() => {});
      await pool.end();
    },
  };
}

/** The projector process: consumes the topics and maintains the read models. */
export async function startProjector(env: NodeJS.ProcessEnv = process.env): Promise<RunningProjector> {
  const runtime = await createProjectorRuntime('projector', env);
  await runtime.runner.start();
  return { runner: runtime.runner, config: runtime.config, close: runtime.close };
}
