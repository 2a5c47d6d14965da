import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { type DomainEventType, sealEventData } from '@careers/contracts/events/catalogue';
import { streamTypes } from '@careers/contracts/topics';
import {
  createLogger,
  createPool,
  loadConfig,
  migrateVault,
  PersonalDataVault,
  personalDataSecret,
  queryServiceEnv,
  sealWith,
} from '@careers/service-kit';
import { createKafka, ensureTopics, topicName } from '@careers/service-kit/kafka';
import { productionEnvironment, testNamespace } from '@careers/service-kit/testing';
import {
  CompressionAlgorithms,
  compatibilityPartitioner,
  Producer,
  stringSerializers,
} from '@platformatic/kafka';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { REPLAY_MIX, replayHistory } from './replay-generator.ts';
import type { TargetResult } from './report.ts';
import { LOG_DIR, ROOT, WEB_ORIGIN } from './topology.ts';

/** `npm run -w query-service projections:rebuild` must replay at least this many events a second. */
export const REPLAY_TARGET_EVENTS_PER_SECOND = 50_000;
/**
 * Events per produce request (one request in flight, so each stream's order holds): each partition's
 * share of it must stay under the broker's largest record batch (1 MB by default).
 */
const PRODUCE_CHUNK = 3000;
const PROGRESS_EVERY_MS = 5000;

export type ReplayResult =
  | { status: 'missing'; reason: string }
  | {
      status: 'measured';
      events: number;
      mix: typeof REPLAY_MIX;
      /** Writing the history to the topics (not part of the rebuild). */
      produceSeconds: number;
      /** The rebuild's own time: clearing the read models, joining the group, replaying to the end. */
      rebuildSeconds: number;
      eventsPerSecond: number;
      /** The whole command, from starting the process (migrations included) to its exit. */
      processSeconds: number;
      applied: number;
      deadLetters: number;
      cpu: CpuUsage[];
    };

/**
 * Writes `config.replayEvents` valid events (replay-generator.ts) to the topics of a namespace of its
 * own (topic prefix, read schema, vault, Redis prefix: never the run's, whose analytics phase reads
 * the run's topics), sealed with that namespace's vault like the write side seals them, then runs the
 * real `projections:rebuild` (query-service/src/rebuild-main.ts) against them as a process and times
 * it. The namespace is dropped afterwards.
 */
export async function measureReplay(
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<ReplayResult> {
  if (config.replayEvents === 0) return { status: 'missing', reason: 'BENCH_REPLAY_EVENTS=0' };
  const ns = testNamespace('replay');
  const env = productionEnvironment({
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    origin: WEB_ORIGIN,
    poolSize: config.poolSize,
  })(ns.queryEnv);
  const settings = loadConfig(queryServiceEnv, env);
  const log = createLogger('bench-replay', 'warn');
  const pool = createPool(settings.DATABASE_URL, 8, 'bench-replay');
  const kafka = createKafka(settings, 'bench-replay', log);
  // Partitioned by stream id as the relay's producer partitions (createIdempotentProducer).
  const producer = new Producer({
    ...kafka.options(),
    autocreateTopics: false,
    partitioner: compatibilityPartitioner,
    serializers: stringSerializers,
  });
  try {
    await migrateVault(pool, settings.VAULT_SCHEMA);
    const vault = new PersonalDataVault(personalDataSecret(settings), settings.VAULT_SCHEMA);
    await ensureTopics(
      kafka,
      settings,
      streamTypes.map((type) => topicName(settings, type)),
    );

    progress(
      `writing ${config.replayEvents.toLocaleString('en')} events (${Math.round(REPLAY_MIX.like * 100)}% likes and unlikes) to the topics of namespace ${ns.id}`,
    );
    const produceStart = performance.now();
    const keys = new Map<string, Buffer>();
    let written = 0;
    let lastProgress = performance.now();
    let chunk: { topic: string; key: string; value: string; type: string; version: number }[] = [];
    const flush = async () => {
      if (chunk.length === 0) return;
      // Acks per send: a producer that is not idempotent sends with acks from the leader alone
      // unless the send asks for more (its constructor's `acks` is not used).
      await producer.send({
        acks: -1,
        compression: CompressionAlgorithms.NONE,
        messages: chunk.map((m) => ({
          topic: m.topic,
          key: m.key,
          value: m.value,
          headers: {
            'event-type': m.type,
            'schema-version': String(m.version),
            'content-type': 'application/json',
          },
        })),
      });
      written += chunk.length;
      chunk = [];
      if (performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = performance.now();
        const seconds = (performance.now() - produceStart) / 1000;
        progress(
          `  ${written.toLocaleString('en')} written (${Math.round(written / seconds).toLocaleString('en')}/s)`,
        );
      }
    };
    for (const event of replayHistory(config.replayEvents)) {
      const type = event.type as DomainEventType;
      if (type === 'UserRegistered') {
        // Each person's data key, made as their registration's command would make it.
        keys.set(event.streamId, await vault.keyFor(pool, event.streamId));
      }
      const data = sealEventData(type, event.data, (subjectId, plainJson) => {
        const key = keys.get(subjectId);
        if (!key) throw new Error(`no data key for ${subjectId}`);
        return sealWith(key, subjectId, plainJson);
      });
      chunk.push({
        topic: topicName(settings, event.streamType),
        key: event.streamId,
        value: JSON.stringify({ ...event, data }),
        type,
        version: event.schemaVersion,
      });
      if (chunk.length >= PRODUCE_CHUNK) await flush();
    }
    await flush();
    await producer.close();
    const produceSeconds = Math.round(performance.now() - produceStart) / 1000;
    progress(
      `  ${written.toLocaleString('en')} events written in ${produceSeconds} s; running projections:rebuild on them`,
    );

    const processStart = performance.now();
    // The stack (Postgres, Kafka, Redis) over the rebuild; the rebuild process reports its own CPU.
    const window = new CpuWindow(
      () => meter.processes().filter((p) => p.kind === 'stack'),
      meter.ticksPerSecond,
    );
    window.start();
    const outcome = await rebuild(env, progress);
    window.end();
    const processSeconds = Math.round(performance.now() - processStart) / 1000;
    const cpu: CpuUsage[] = [
      {
        name: 'projections:rebuild',
        kind: 'service',
        seconds: outcome.cpuSeconds,
        percentOfCore: Math.round((outcome.cpuSeconds / processSeconds) * 100),
      },
      ...window.usage(),
    ];
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${settings.DB_SCHEMA}".dead_letters`,
    );
    const deadLetters = rows[0]?.n ?? 0;
    const eventsPerSecond = Math.round(outcome.applied / (outcome.rebuildMs / 1000));
    progress(
      `  rebuilt: ${outcome.applied.toLocaleString('en')} events applied in ${(outcome.rebuildMs / 1000).toFixed(1)} s ` +
        `= ${eventsPerSecond.toLocaleString('en')} events/s (target ${REPLAY_TARGET_EVENTS_PER_SECOND.toLocaleString('en')}); ` +
        `process ${processSeconds} s; ${deadLetters} dead letters`,
    );
    return {
      status: 'measured',
      events: written,
      mix: REPLAY_MIX,
      produceSeconds,
      rebuildSeconds: outcome.rebuildMs / 1000,
      eventsPerSecond,
      processSeconds,
      applied: outcome.applied,
      deadLetters,
      cpu,
    };
  } catch (error) {
    return { status: 'missing', reason: `replay failed: ${(error as Error).message.slice(0, 300)}` };
  } finally {
    await producer.close().catch(() => {});
    await pool.end().catch(() => {});
    if (process.env.BENCH_REPLAY_KEEP === '1') {
      // BENCH_REPLAY_KEEP=1: the namespace stays, for running projections:rebuild on it again or
      // reading its plans; its environment (secrets of this namespace only) goes to a private file.
      const file = `${LOG_DIR}/replay-${ns.id}.env.json`;
      const own = Object.fromEntries(Object.entries(env).filter(([k, v]) => process.env[k] !== v));
      await writeFile(file, JSON.stringify(own, null, 2), { mode: 0o600 });
      progress(`  kept the replay namespace ${ns.id}; its environment is in ${file}`);
    } else {
      progress(`  dropping the replay namespace ${ns.id} (schemas, Redis keys, topics)`);
      await ns.cleanup().catch((error: Error) => progress(`  replay cleanup failed: ${error.message}`));
    }
  }
}

/**
 * Runs the rebuild command as a process and reads its last line: how many events it applied, how long
 * the rebuild itself took and the process's CPU time.
 */
async function rebuild(
  env: NodeJS.ProcessEnv,
  progress: (line: string) => void,
): Promise<{ applied: number; rebuildMs: number; cpuSeconds: number }> {
  // BENCH_REPLAY_CPU_PROFILE=1: the rebuild process writes a CPU profile (.cpuprofile) to the bench's log
  // directory. REBUILD_STATEMENT_TIMING=1 (passed on in its environment) makes it print its time per statement.
  const profile =
    process.env.BENCH_REPLAY_CPU_PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir', LOG_DIR] : [];
  const child = spawn(process.execPath, [...profile, 'query-service/src/rebuild-main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let lastProgress = performance.now();
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    out += text;
    if (performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = performance.now();
      const left = /events left to replay: (\d+)/g;
      let last: string | undefined;
      for (const m of out.slice(-400).matchAll(left)) last = m[1];
      if (last !== undefined) progress(`  ${Number(last).toLocaleString('en')} events left to replay`);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    err += text;
  });
  // 'close', not 'exit': the last of its output (the timing below) may still be on its way at exit.
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const timing = err.indexOf('Statements: ');
  if (timing >= 0) progress(`  rebuild's time per statement:\n${err.slice(timing).trimEnd()}`);
  const first = /The first events were applied (\d+) ms after the start/.exec(out);
  if (first)
    progress(
      `  the rebuild applied its first events ${first[1]} ms after it started (clear, join, first fetch)`,
    );
  const done = /Replayed (\d+) events .*? in (\d+) ms, (\d+) ms of CPU/.exec(out);
  if (code !== 0 || !done) {
    throw new Error(
      `projections:rebuild exited with ${code}: ${(err || out).split('\n').slice(-5).join(' ').slice(0, 300)} (log level from BENCH_LOG_LEVEL; ${LOG_DIR})`,
    );
  }
  return { applied: Number(done[1]), rebuildMs: Number(done[2]), cpuSeconds: Number(done[3]) / 1000 };
}

/** The replay's goal: a rebuild of the read models from the topics at REPLAY_TARGET_EVENTS_PER_SECOND. */
export function replayTargets(result: ReplayResult | undefined): TargetResult[] {
  const target = {
    name: 'projections:rebuild of 1,000,000 events (events/s)',
    target: `>= ${REPLAY_TARGET_EVENTS_PER_SECOND}`,
  };
  if (result?.status !== 'measured') {
    return [{ ...target, measured: null, pass: null, detail: result?.reason ?? 'not run' }];
  }
  return [
    {
      ...target,
      name: `projections:rebuild of ${result.events.toLocaleString('en')} events (events/s)`,
      measured: result.eventsPerSecond,
      pass:
        result.eventsPerSecond >= REPLAY_TARGET_EVENTS_PER_SECOND &&
        result.applied === result.events &&
        result.deadLetters === 0,
      detail:
        `${result.applied} applied in ${result.rebuildSeconds.toFixed(1)} s (process ${result.processSeconds.toFixed(1)} s), ` +
        `${result.deadLetters} dead letters`,
    },
  ];
}

/** The replay phase's rows of the summary table. */
export function replayRows(result: ReplayResult | undefined): string[][] {
  if (!result) return [];
  if (result.status !== 'measured') return [['replay (projections:rebuild)', result.reason, '', '']];
  const rebuildCpu = result.cpu.find((c) => c.name === 'projections:rebuild');
  return [
    [
      `replay: ${result.events.toLocaleString('en')} events written to the topics`,
      `${result.produceSeconds.toFixed(1)} s`,
      '',
      '',
    ],
    [
      '  projections:rebuild, clear -> caught up',
      `${result.eventsPerSecond.toLocaleString('en')} events/s in ${result.rebuildSeconds.toFixed(1)} s`,
      `>= ${REPLAY_TARGET_EVENTS_PER_SECOND.toLocaleString('en')}`,
      '',
    ],
    [
      '  rebuild process CPU per event',
      rebuildCpu ? `${((rebuildCpu.seconds * 1e6) / Math.max(result.applied, 1)).toFixed(1)} µs` : '-',
      '',
      '',
    ],
  ];
}
