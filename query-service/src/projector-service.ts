import {
  createLogger,
  createPool,
  createRedis,
  ident,
  type Logger,
  loadConfig,
  migrateVault,
  PersonalDataVault,
  type Pool,
  type QueryServiceConfig,
  queryServiceEnv,
  type Redis,
  type StartOptions,
  Startup,
  startHealthServer,
} from '@careers/service-kit';
import { createKafka, type Kafka } from '@careers/service-kit/kafka';
import { abortable } from './abortable.ts';
import { migrateReadSchema } from './migrate.ts';
import { ensureJobsIndex } from './projectors/jobs/search-index.ts';
import { ensurePeopleIndex } from './projectors/people/search-index.ts';
import { moveLegacyLikeSets } from './projectors/posts/like-sets.ts';
import { projectors, readModelVersions } from './projectors/registry.ts';
import { ProjectorRunner } from './projectors/runner.ts';
import { projectorLag } from './rebuild.ts';
import { SearchEngine } from './search-engine.ts';

/*
 * The projector process, apart from the query API (service.ts): it is bundled on its own
 * (ensure_service_bundles), and what it does not import it does not load when it starts again.
 */

export interface RunningProjector {
  runner: ProjectorRunner;
  config: QueryServiceConfig;
  /** The port of its `/healthz` and `/readyz` listener. */
  port: number;
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

/** The projector's parts, wired from config without touching any of its dependencies yet. */
function wireProjector(name: string, env: NodeJS.ProcessEnv): ProjectorRuntime {
  const config: QueryServiceConfig = loadConfig(queryServiceEnv, env);
  const log = createLogger(name, config.LOG_LEVEL);
  const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE, name);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, log);
  const kafka = createKafka(config, name, log);
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
    search: new SearchEngine(config.SEARCH_ENGINE_URL),
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
      await redis.quit().catch(() => redis.disconnect());
      await pool.end();
    },
  };
}

async function migrateProjector(runtime: ProjectorRuntime): Promise<void> {
  await migrateReadSchema(runtime.pool, runtime.config.DB_SCHEMA);
  await migrateVault(runtime.pool, runtime.config.VAULT_SCHEMA);
}

/** Everything a projector needs, wired from config and migrated; used by the rebuild, which fails fast. */
export async function createProjectorRuntime(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProjectorRuntime> {
  const runtime = wireProjector(name, env);
  try {
    await migrateProjector(runtime);
  } catch (error) {
    await runtime.close().catch(() => {});
    throw error;
  }
  return runtime;
}

/**
 * The projector process: consumes the topics and maintains the read models. Its health listener
 * (PROJECTOR_PORT) answers from the first moment: `/readyz` is 200 once the consumer is in its group and
 * Postgres and Redis answer, and shows the group's lag. Every dependency is retried forever, at start
 * and later; the promise resolves once the consumer has joined its group.
 */
export async function startProjector(
  env: NodeJS.ProcessEnv = process.env,
  options: Omit<StartOptions, 'listen'> = {},
): Promise<RunningProjector> {
  const runtime = wireProjector('projector', env);
  const { config, log, pool, redis, kafka, runner } = runtime;
  const startup = new Startup(log);
  let health: Awaited<ReturnType<typeof startHealthServer>> | null = null;
  const close = async () => {
    startup.abort();
    await health?.close();
    await runtime.close();
  };
  try {
    health = await startHealthServer({
      host: config.HOST,
      port: config.PROJECTOR_PORT,
      startup,
      checks: {
        postgres: () => pool.query('SELECT 1'),
        redis: () => redis.ping(),
        kafka: async () => {
          const consumer = runner.consumerState();
          if (!consumer.joined) throw new Error(consumer.state);
        },
      },
      info: {
        // Only asked of a joined consumer: with Kafka away the answer is the kafka check's.
        lag: async () =>
          runner.consumerState().joined ? projectorLag(kafka, runner.groupId(), runner.topics()) : null,
      },
    });
    const url = `http://${config.HOST}:${health.port}`;
    log.info(`projector health listening on ${url}`);
    options.onListening?.(url);
    await abortable(startup, options.signal, async () => {
      await startup.step('postgres', 'migrations', () => migrateProjector(runtime));
      await startup.step('redis', 'ping', () => redis.ping());
      await startup.step('redis', 'like sets', async () => {
        const moved = await moveLegacyLikeSets(pool, ident(config.DB_SCHEMA), redis);
        if (moved > 0) log.info({ moved }, 'like sets moved from Redis into the posts model');
      });
      await startup.step('search-engine', 'indexes', async () => {
        const jobs = await ensureJobsIndex(pool, ident(config.DB_SCHEMA), runner.search);
        const people = await ensurePeopleIndex(pool, ident(config.DB_SCHEMA), runner.search);
        if (jobs + people > 0) log.info({ jobs, people }, 'search indexes made again from the read models');
      });
      const abortRunner = () => void runner.stop();
      startup.signal.addEventListener('abort', abortRunner, { once: true });
      await startup.waitFor('kafka', () => runner.consumerState().state, runner.start());
      startup.signal.removeEventListener('abort', abortRunner);
    });
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  startup.finish();
  return { runner, config, port: health.port, close };
}
