/** npm run -w query-service projections:rebuild — rebuilds every read model from the Kafka topics. */

import { createProjectorRuntime } from './projector-service.ts';
import { projectors } from './projectors/registry.ts';
import { rebuildProjections } from './rebuild.ts';
import { timeStatements } from './statement-timing.ts';

// REBUILD_STATEMENT_TIMING=1: time spent per statement text, printed at the end (a diagnosis, not a default).
const statements = process.env.REBUILD_STATEMENT_TIMING === '1' ? timeStatements() : null;
// The rebuild's batches price a random page as the in-memory page it is, as every batch of the runner
// does (BATCH_SETTINGS in projectors/runner-checkpoints.ts): at Postgres's default (4 sequential pages) the
// planner hashed whole read models (every liker, every post) for each batch of a few thousand events
// rather than probing their indexes, and each batch cost more the further the rebuild got.
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
    onProgress: (lag) => {
      process.stdout.write(`\r  events left to replay: ${lag}      `);
    },
  });
  const ms = Date.now() - started;
  // When the first transaction committed (clearing, joining the group and the first fetch come before
  // it), as the runner saw it: the progress loop would see it only at its next lag check, later.
  const firstAppliedMs = runner.firstAppliedAt === null ? null : runner.firstAppliedAt - started;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `\nRebuilt ${projectors.map((p) => p.name).join(', ')} from the topics in ${ms} ms.` +
      `\nReplayed ${runner.applied} events (${runner.skipped} redeliveries skipped) in ${ms} ms, ` +
      `${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU: ${Math.round(runner.applied / (ms / 1000))} events/s.` +
      (firstAppliedMs === null
        ? ''
        : `\nThe first events were applied ${firstAppliedMs} ms after the start.`),
  );
  if (statements) console.error(statements.report());
} catch (error) {
  console.error(`\nRebuild failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
