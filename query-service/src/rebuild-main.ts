/** npm run -w query-service projections:rebuild — rebuilds every read model from the Kafka topics. */
import {
  createKafka,
  createLogger,
  createPool,
  createRedis,
  loadConfig,
  queryServiceEnv,
} from '@careers/service-kit';
import { migrateReadSchema } from './migrate.ts';
import { projectors } from './projectors/registry.ts';
import { ProjectorRunner } from './projectors/runner.ts';
import { rebuildProjections } from './rebuild.ts';

const config = loadConfig(queryServiceEnv);
const log = createLogger('rebuild', config.LOG_LEVEL);
const pool = createPool(config.DATABASE_URL, 4, 'rebuild');
const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
const kafka = createKafka(config, 'rebuild', log);
await migrateReadSchema(pool, config.DB_SCHEMA);
const runner = new ProjectorRunner({
  pool,
  schema: config.DB_SCHEMA,
  redis,
  kafka,
  kafkaSettings: config,
  log,
  projectors,
});
const started = Date.now();
try {
  await rebuildProjections({
    pool,
    redis,
    kafka,
    schema: config.DB_SCHEMA,
    prefix: config.KAFKA_TOPIC_PREFIX,
    projectors,
    runner,
    log,
    onProgress: (lag) => process.stdout.write(`\r  events left to replay: ${lag}      `),
  });
  console.log(
    `\nRebuilt ${projectors.map((p) => p.name).join(', ')} from the topics in ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(`\nRebuild failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await redis.quit().catch(() => {});
  await pool.end();
}
