/** npm run -w query-service projections:rebuild — rebuilds every read model from the Kafka topics. */
import { projectors } from './projectors/registry.ts';
import { rebuildProjections } from './rebuild.ts';
import { createProjectorRuntime } from './service.ts';

const runtime = await createProjectorRuntime('rebuild');
const { config, pool, redis, kafka, runner, log } = runtime;
const started = Date.now();
const cpuBefore = process.cpuUsage();
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
  const ms = Date.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `\nRebuilt ${projectors.map((p) => p.name).join(', ')} from the topics in ${ms} ms.` +
      `\nReplayed ${runner.applied} events (${runner.skipped} redeliveries skipped) in ${ms} ms, ` +
      `${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU: ${Math.round(runner.applied / (ms / 1000))} events/s.`,
  );
} catch (error) {
  console.error(`\nRebuild failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
