import {
  type CommandServiceConfig,
  commandServiceEnv,
  createKafka,
  createLogger,
  createPool,
  createRedis,
  loadConfig,
  migrateVault,
  PersonalDataVault,
} from '@careers/service-kit';
import { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyInstance } from 'fastify';
import { ApplicationStore } from './applications/store.ts';
import { EventStore } from './event-log/event-store.ts';
import { createCommitNotifier, OutboxRelay } from './event-log/outbox-relay.ts';
import { migrateCommandSchema } from './migrate.ts';
import { buildCommandApp, type CommandServiceDeps } from './server.ts';
import { startUploadSweeper } from './uploads/sweeper.ts';
import { UserStore } from './users/store.ts';

export interface RunningCommandService {
  app: FastifyInstance;
  deps: CommandServiceDeps;
  close(): Promise<void>;
}

/** Wires the command-service from config: migrations, bucket, relay, HTTP. Used by main.ts and tests. */
export async function startCommandService(
  env: NodeJS.ProcessEnv = process.env,
  options: { listen?: boolean } = {},
): Promise<RunningCommandService> {
  const config: CommandServiceConfig = loadConfig(commandServiceEnv, env);
  const log = createLogger('command-service', config.LOG_LEVEL);
  const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE, 'command-service');
  await migrateCommandSchema(pool, config.DB_SCHEMA);
  await migrateVault(pool, config.VAULT_SCHEMA);
  const vault = PersonalDataVault.fromConfig(config);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const kafka = createKafka(config, 'command-service', log);
  const storage = new ObjectStorage(config);
  // Created when missing, so a fresh stack takes uploads at once; /readyz checks it stays there.
  await storage.ensureBucket();

  const relay = new OutboxRelay({
    databaseUrl: config.DATABASE_URL,
    schema: config.DB_SCHEMA,
    kafka,
    kafkaSettings: config,
    log,
    pollMs: config.RELAY_POLL_MS,
  });
  const notify = createCommitNotifier(pool, log);
  const store = new EventStore({
    pool,
    schema: config.DB_SCHEMA,
    vault,
    onCommitted: () => {
      relay.wake();
      notify();
    },
  });
  relay.start();

  const deps: CommandServiceDeps = { config, log, pool, redis, kafka, store, relay, storage, vault };
  const app = await buildCommandApp(deps);
  const sweeper = startUploadSweeper({
    storage,
    pool,
    users: new UserStore(config.DB_SCHEMA),
    applications: new ApplicationStore(config.DB_SCHEMA),
    log,
  });
  if (options.listen !== false) await app.listen({ host: config.HOST, port: config.PORT });

  return {
    app,
    deps,
    async close() {
      sweeper.stop();
      await app.close();
      await relay.stop();
      await redis.quit().catch(() => {});
      await pool.end();
    },
  };
}
