import {
  type CommandServiceConfig,
  commandServiceEnv,
  createLogger,
  createPool,
  createRedis,
  holdUntilStarted,
  loadConfig,
  migrateVault,
  PersonalDataVault,
  type StartOptions,
  Startup,
} from '@careers/service-kit';
import { createKafka } from '@careers/service-kit/kafka';
import { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyInstance } from 'fastify';
import { EventStore } from './event-log/event-store.ts';
import { createCommitNotifier, OutboxRelay } from './event-log/outbox-relay.ts';
import { migrateCommandSchema } from './migrate.ts';
import { buildCommandApp, type CommandServiceDeps } from './server.ts';
import { startUploadSweeper, uploadSweeperDeps } from './uploads/sweeper.ts';

export interface RunningCommandService {
  app: FastifyInstance;
  deps: CommandServiceDeps;
  close(): Promise<void>;
}

/**
 * Wires the command-service from config and resolves once it is started: migrations, bucket, relay,
 * HTTP. It listens first, so while Postgres, Redis or the object store are away it answers `/healthz`
 * and says on `/readyz` what it waits for, retrying each forever. Kafka is not waited for: commands are
 * accepted into the event log, and the relay publishes them once Kafka answers. Used by main.ts and tests.
 */
export async function startCommandService(
  env: NodeJS.ProcessEnv = process.env,
  options: StartOptions = {},
): Promise<RunningCommandService> {
  const config: CommandServiceConfig = loadConfig(commandServiceEnv, env);
  const log = createLogger('command-service', config.LOG_LEVEL);
  // Pipelining: a command's BEGIN travels with its first statement (see EventStore.execute).
  const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE, 'command-service', {
    pipeline: true,
  });
  const vault = PersonalDataVault.fromConfig(config);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, log);
  const kafka = createKafka(config, 'command-service', log);
  const storage = new ObjectStorage(config);

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
      // Only a relay in another process needs telling (a NOTIFY is a round trip, and it woke this
      // process's own relay a second time for nothing).
      if (!relay.isActive) notify();
    },
  });

  const deps: CommandServiceDeps = { config, log, pool, redis, kafka, store, relay, storage, vault };
  const app = await buildCommandApp(deps);
  const startup = new Startup(log);
  holdUntilStarted(app, startup);
  let sweeper: { stop(): void } | null = null;
  // The keyed commands' answers past their day, hourly (a key past its day is taken over anyway).
  const keySweeper = setInterval(() => {
    store.answers
      .sweep()
      .catch((error: unknown) => log.warn({ err: error }, 'sweeping idempotency keys failed'));
  }, 3_600_000);
  keySweeper.unref();
  const close = async () => {
    startup.abort();
    sweeper?.stop();
    clearInterval(keySweeper);
    await app.close();
    await relay.stop();
    await redis.quit().catch(() => redis.disconnect());
    await pool.end();
  };
  const abort = () => startup.abort();
  options.signal?.addEventListener('abort', abort, { once: true });

  try {
    if (options.listen !== false) {
      const url = await app.listen({ host: config.HOST, port: config.PORT });
      log.info(`command-service listening on ${url}`);
      options.onListening?.(url);
    }
    await startup.step('postgres', 'migrations', async () => {
      await migrateCommandSchema(pool, config.DB_SCHEMA);
      await migrateVault(pool, config.VAULT_SCHEMA);
    });
    await startup.step('redis', 'ping', () => redis.ping());
    // Created when missing, so a fresh stack takes uploads at once; /readyz checks it stays there.
    await startup.step('objectStorage', 'create the bucket', () => storage.ensureBucket());
  } catch (error) {
    await close().catch(() => {});
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
  relay.start();
  sweeper = startUploadSweeper(uploadSweeperDeps({ storage, pool, log }, config.DB_SCHEMA));
  startup.finish();

  return { app, deps, close };
}
