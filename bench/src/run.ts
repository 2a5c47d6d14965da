/**
 * `npm run bench`: starts its own copy of the product and two bare baselines, loads them, and writes
 * bench/reports/{<timestamp>.json,latest.json,latest.html}. Phases:
 *   1 topology  2 users and posts  3 commands vs bare INSERT (and CPU per command over every process),
 *   then the same loop against two copies of each service (BENCH_COPIES)
 *   4 like propagation (GET and socket)  5 feed reads vs in-memory JSON  6 feed reads while likes are
 *   written to other posts  7 sockets at scale: 10,000 clients on one gateway, 1,000 watching one busy
 *   post  8 jobs: 50,000 through the write path, then searches vs in-memory JSON  9 network: 10,000
 *   people and 100,000 connections through the write path, then suggestion and connection-list reads,
 *   and connect -> push times  10 notifications: 10,000 people with skills, jobs posted in an open loop
 *   -> every matching watched socket's alert, the matching cost per job, and connection request -> bell
 *   11 messaging: 200 people in a conversation with one, the maximum send rate, then messages at half of it
 *   -> the recipient's socket, and that one person's conversation list vs in-memory JSON
 *   12 replay: projections:rebuild of 1,000,000 events written to a namespace of their own
 *   13 analytics: the Python example reads, validates and loads every event the run wrote, and prints
 *   its tables. Knobs: see config.ts (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_JOBS, BENCH_NETWORK_USERS,
 *   BENCH_NOTIFY_USERS, BENCH_FEED_WRITE_RATE, BENCH_SCALE_SOCKETS, BENCH_MESSAGES, BENCH_REPLAY_EVENTS, ...).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { baseEnv, loadConfig } from '@careers/service-kit';
import { Endpoint, ProductApi } from './api.ts';
import { renderHtml } from './chart.ts';
import { readConfig } from './config.ts';
import { clockTicksPerSecond, type Meter, type MeteredProcess, stackProcesses } from './cpu.ts';
import { formatAnalyticsTables, measureAnalytics } from './measure-analytics.ts';
import { measureCommands, measureCommandsOnCopies, settled } from './measure-commands.ts';
import { measureFeed } from './measure-feed.ts';
import { measureFeedUnderWrites } from './measure-feed-under-writes.ts';
import { measureJobs } from './measure-jobs.ts';
import { measureMessages } from './measure-messages.ts';
import { measureNetwork } from './measure-network.ts';
import { measureNotifications } from './measure-notifications.ts';
import { measurePropagation } from './measure-propagation.ts';
import { measureReplay, replayTargets } from './measure-replay.ts';
import { populate } from './measure-setup.ts';
import { measureSockets } from './measure-sockets.ts';
import {
  type BenchReport,
  evaluateTargets,
  feedUnderWritesTargets,
  formatSummary,
  messagingTargets,
  socketTargets,
  transportsOf,
} from './report.ts';
import { type BenchTopology, createTopology, ROOT, SCRYPT_LOG_N, STACK_DIR, WEB_ORIGIN } from './topology.ts';

const REPORTS = `${ROOT}bench/reports`;
const t0 = performance.now();
const startedAt = new Date();
const loadAverageBefore = loadavg();
const progress = (line: string) => {
  const s = Math.round((performance.now() - t0) / 1000);
  console.log(`[bench ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}] ${line}`);
};

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error(`bench: ${(error as Error).message}`);
  process.exit(2);
}
let topology: BenchTopology | undefined;
let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= (async () => {
    if (!topology) return;
    progress('stopping processes and dropping the namespace (schemas, Redis keys, Kafka topics)');
    await topology
      .stop()
      .catch((error) => console.error(`bench: cleanup failed: ${(error as Error).message}`));
  })();
  return stopping;
};
const abort = (why: string, code: number) => {
  console.error(`bench: ${why}`);
  void stop().finally(() => process.exit(code));
};
process.once('SIGINT', () => abort('interrupted', 130));
process.once('SIGTERM', () => abort('terminated', 143));
// Bounded whatever happens: a generous ceiling over the planned windows, the jobs to write (a second
// per 100 jobs, several times what writing and projecting them takes on two cores) and the network (a
// second per 100 connections and per 50 people, likewise).
const ceilingSeconds =
  180 +
  10 * (config.warmupSeconds + config.seconds) +
  config.jobs / 100 +
  config.networkConnections / 100 +
  config.networkUsers / 50 +
  config.notifyUsers / 50 +
  (config.feedWriteRate > 0 ? 2 * (config.warmupSeconds + config.seconds) : 0) +
  // Sockets at scale: a second per 50 clients to connect (a tenth of that on two cores), then one window.
  (config.scaleSockets > 0 ? config.scaleSockets / 50 + 2 * (config.warmupSeconds + config.seconds) : 0) +
  // Messaging: registering, connecting and starting each conversation (a second per 10 people), then
  // the brief maximum, the send loop and the list's two loops.
  (config.messageConversations > 0
    ? config.messageConversations / 10 + 3 * (config.warmupSeconds + config.seconds)
    : 0) +
  // Replay: writing and rebuilding, a second per 500 events (a rebuild far below its target still ends).
  config.replayEvents / 500;
setTimeout(
  () => abort(`still running after ${ceilingSeconds} s; giving up`, 1),
  ceilingSeconds * 1000,
).unref();

try {
  progress(
    `phase 1/13: starting command-service, query-service, projector, realtime-gateway and the INSERT baseline`,
  );
  const running = createTopology({ poolSize: config.poolSize });
  topology = running;
  await running.start();
  progress(`  namespace ${running.ns.id}; logs in .stack/logs/bench/`);
  const self: MeteredProcess = {
    name: 'bench (load generator)',
    kind: 'bench',
    pid: process.pid,
    tree: false,
  };
  const stack = stackProcesses(STACK_DIR);
  const meter: Meter = {
    processes: () => [...running.processes(), ...stack, self],
    ticksPerSecond: clockTicksPerSecond(),
  };
  // Pools sized above any concurrency used: a closed loop opens only as many connections as it has workers.
  const api = new ProductApi(
    new Endpoint(running.urls.command, 256),
    new Endpoint(running.urls.query, 256),
    WEB_ORIGIN,
  );

  progress(
    `phase 2/13: registering ${config.users} users (scrypt 2^${SCRYPT_LOG_N}) and publishing ${config.posts} posts`,
  );
  const setupStart = performance.now();
  const population = await populate(api, config, progress);
  const setupSeconds = (performance.now() - setupStart) / 1000;
  running.assertAlive();

  progress('phase 3/13: command throughput, closed loop, against a bare INSERT endpoint');
  const commands = await measureCommands(
    api,
    population,
    running.urls.insertBaseline,
    config,
    meter,
    progress,
  );
  running.assertAlive();
  if (config.copies > 1) {
    progress(`  the same loop against ${config.copies} copies of each service: starting the second copies`);
    const urls = await running.startSecondCopies();
    // Measured once both groups have split their partitions between the copies.
    await running.groupsSettled(config.copies);
    const spread = new ProductApi(new Endpoint(urls.command, 256), new Endpoint(urls.query, 256), WEB_ORIGIN);
    try {
      commands.twoCopies = await measureCommandsOnCopies(
        spread,
        config.copies,
        population,
        config,
        meter,
        progress,
      );
    } finally {
      await Promise.all([spread.command.close(), spread.query.close()]);
      await running.stopSecondCopies();
    }
    // The phases after this one measure one copy again: the groups have taken the partitions back.
    await running.groupsSettled(1);
    await settled(api, population);
    running.assertAlive();
  }

  const rate = config.openRate > 0 ? config.openRate : Math.max(1, commands.app.rate / 2);
  progress(`phase 4/13: like propagation at ${rate.toFixed(0)}/s (half the command rate), open loop`);
  const propagation = await measurePropagation(
    api,
    population,
    { url: running.urls.gateway, origin: WEB_ORIGIN },
    rate,
    config,
    meter,
    progress,
    {
      kafka: loadConfig(baseEnv, running.ns.commandEnv),
      databaseUrl: running.databaseUrl,
      querySchema: running.schemas.query,
    },
  );
  running.assertAlive();

  progress('phase 5/13: feed reads, closed loop, against a bare in-memory JSON endpoint');
  const feed = await measureFeed(api, population, running.startJsonBaseline, config, meter, progress);
  if (feed.status === 'missing') progress(`  ${feed.reason}: phase skipped`);
  running.assertAlive();

  progress(
    `phase 6/13: feed reads while ${config.feedWriteRate} likes/s are written to other posts, against in-memory JSON`,
  );
  const feedUnderWrites = await measureFeedUnderWrites(
    api,
    population,
    running.startJsonBaseline,
    config,
    meter,
    progress,
    feed,
  );
  if (feedUnderWrites.status === 'missing') progress(`  ${feedUnderWrites.reason}: phase skipped`);
  running.assertAlive();

  progress(
    `phase 7/13: sockets at scale: ${config.scaleSockets} clients on one gateway, ${config.scaleWatchers} of them ` +
      `watching a post that takes ${config.scaleLikeRate} likes/s`,
  );
  const sockets = await measureSockets(
    api,
    population,
    running,
    { url: running.urls.gateway, origin: WEB_ORIGIN },
    config,
    meter,
    progress,
  );
  if (sockets.status === 'missing') progress(`  ${sockets.reason}: phase skipped`);
  running.assertAlive();

  progress('phase 8/13: jobs through the write path, then searches, closed loop, against in-memory JSON');
  const jobs = await measureJobs(api, population, running, config, meter, progress);
  if (jobs.status === 'missing') progress(`  ${jobs.reason}: phase skipped`);
  running.assertAlive();

  progress(
    `phase 9/13: a network of people and connections through the write path, then suggestions, lists and connect pushes`,
  );
  const network = await measureNetwork(
    api,
    running,
    { url: running.urls.gateway, origin: WEB_ORIGIN },
    rate,
    config,
    meter,
    progress,
  );
  if (network.status === 'missing') progress(`  ${network.reason}: phase skipped`);
  running.assertAlive();

  progress(
    'phase 10/13: notifications: job alerts to every matching socket, the matching cost, request -> bell',
  );
  const notifications = await measureNotifications(
    api,
    population,
    running,
    { url: running.urls.gateway, origin: WEB_ORIGIN },
    rate,
    config,
    meter,
    progress,
  );
  if (notifications.status === 'missing') progress(`  ${notifications.reason}: phase skipped`);
  running.assertAlive();

  progress(
    'phase 11/13: messaging: the maximum send rate, messages at half of it -> the recipient socket, a conversation list',
  );
  const messages = await measureMessages(
    api,
    running.startJsonBaseline,
    { url: running.urls.gateway, origin: WEB_ORIGIN },
    config,
    meter,
    progress,
  );
  if (messages.status === 'missing') progress(`  ${messages.reason}: phase skipped`);
  running.assertAlive();

  progress(
    `phase 12/13: replay: projections:rebuild of ${config.replayEvents.toLocaleString('en')} events written to a namespace of their own`,
  );
  const replay = await measureReplay(config, meter, progress);
  if (replay.status === 'missing') progress(`  ${replay.reason}: phase skipped`);
  running.assertAlive();

  progress('phase 13/13: the analytics example (Python) reads, validates and loads every event of the run');
  const settings = loadConfig(baseEnv, running.ns.commandEnv);
  const analytics = await measureAnalytics(
    settings.KAFKA_BROKERS.join(','),
    settings.KAFKA_TOPIC_PREFIX,
    progress,
  );
  if (analytics.status === 'missing') progress(`  ${analytics.reason}: phase skipped`);
  await api.command.close();
  await api.query.close();

  const finishedAt = new Date();
  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    elapsedSeconds: Math.round((performance.now() - t0) / 1000),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverageBefore,
      loadAverageAfter: loadavg(),
      transport: transportsOf(settings.DATABASE_URL, settings.REDIS_URL),
    },
    config: { ...config, passwordScryptLogN: SCRYPT_LOG_N },
    setup: {
      users: population.users.length,
      posts: population.postIds.length,
      seconds: Math.round(setupSeconds),
    },
    commands,
    propagation,
    feed,
    feedUnderWrites,
    sockets,
    jobs,
    network,
    notifications,
    messages,
    replay,
    analytics,
    targets: [
      ...evaluateTargets(commands, propagation, feed, jobs, network, notifications),
      ...feedUnderWritesTargets(feedUnderWrites),
      ...socketTargets(sockets),
      ...messagingTargets(messages),
      ...replayTargets(replay),
    ],
  };
  mkdirSync(REPORTS, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  writeFileSync(`${REPORTS}/${stamp}.json`, json);
  writeFileSync(`${REPORTS}/latest.json`, json);
  writeFileSync(`${REPORTS}/latest.html`, renderHtml(report));
  await stop();
  console.log(`\n${formatSummary(report)}\n`);
  const tables = formatAnalyticsTables(report.analytics);
  if (tables) console.log(`analytics tables on this run's events:\n  ${tables}\n`);
  console.log(`reports: bench/reports/${stamp}.json, bench/reports/latest.json, bench/reports/latest.html`);
} catch (error) {
  console.error(`bench failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await stop();
}
