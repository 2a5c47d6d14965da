import { EventStore } from '@careers/command-service/event-log/event-store';
import { createCommitNotifier } from '@careers/command-service/event-log/outbox-relay';
import { decidePostJob, foldJob, unpostedJob } from '@careers/command-service/jobs/decide';
import { JobStore } from '@careers/command-service/jobs/store';
import { isRefusal } from '@careers/command-service/pipeline/domain-error';
import { createLogger, createPool, ident, type PersonalDataVault, type Pool } from '@careers/service-kit';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import type { JobPosting } from './job-generator.ts';

/**
 * Jobs per transaction, and transactions at a time: large and parallel, so that writing keeps ahead of
 * the relay and the projector and the phase measures them, not the bench's own round trips.
 */
export const JOBS_PER_TRANSACTION = 1000;
const WRITE_LANES = 3;
/** How often the read side is counted: the resolution of the projection and catch-up times. */
const READ_POLL_MS = 100;
const PROGRESS_EVERY_MS = 5000;
/** A read side that gains no job for this long is stuck: the phase fails instead of waiting forever. */
const STALL_MS = 60_000;

export interface JobsProjection {
  jobs: number;
  jobsPerTransaction: number;
  /** Transactions written at the same time. */
  transactionsAtOnce: number;
  /** From the first append to the last commit, and jobs committed per second over it. */
  writeSeconds: number;
  writeRate: number;
  /** From the first append until the read side held every job, and events per second over it. */
  projectionSeconds: number;
  eventsPerSecond: number;
  /** From the last commit until the read side held every job. */
  catchUpSeconds: number;
  /** CPU per process from the first append until the read side held every job. */
  cpu: CpuUsage[];
}

/** The phase's figures from its three instants (performance.now() milliseconds). */
export function projectionFigures(
  jobs: number,
  marks: { firstAppendAt: number; lastCommitAt: number; allReadAt: number },
): Omit<JobsProjection, 'cpu'> {
  const seconds = (ms: number) => Math.round(ms) / 1000;
  const writeSeconds = seconds(marks.lastCommitAt - marks.firstAppendAt);
  const projectionSeconds = seconds(marks.allReadAt - marks.firstAppendAt);
  const rate = (n: number, s: number) => (s > 0 ? Math.round((n / s) * 10) / 10 : 0);
  return {
    jobs,
    jobsPerTransaction: JOBS_PER_TRANSACTION,
    transactionsAtOnce: WRITE_LANES,
    writeSeconds,
    writeRate: rate(jobs, writeSeconds),
    projectionSeconds,
    eventsPerSecond: rate(jobs, projectionSeconds),
    catchUpSeconds: seconds(Math.max(0, marks.allReadAt - marks.lastCommitAt)),
  };
}

function* chunks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts `count` jobs through the product's write path and waits until the read side shows them all.
 *
 * The bench appends the JobPosted events itself, through the command-service's own decision,
 * EventStore and JobStore, 1,000 jobs to a transaction and three transactions at a time, instead of
 * sending 50,000 `POST /api/jobs`: on two cores that many HTTP commands would take minutes and measure
 * the command route (phase 3 measures commands), not what this phase is about. Each job is written as
 * the createJob command writes it: decidePostJob's event appended at stream version 1 (parsed with its
 * published schema on the way in) and the write side's jobs row, then, after the commit, the same
 * NOTIFY that wakes the command-service's outbox relay. From there the relay, Kafka and the projector
 * process do the rest exactly as in production. One transaction carries many posters' jobs, so its
 * metadata names no actor, as for a system import; the postings are dated over the last 90 days
 * (decidePostJob's `now`), so "newest first" sorts a real spread.
 *
 * "The read side has them" is counted on the projector's stream checkpoints, which commit in the same
 * transaction as the jobs rows: a narrow table, cheap to count every 100 ms while the projector works.
 */
export async function writeJobs(options: {
  databaseUrl: string;
  schemas: { command: string; query: string };
  vault: PersonalDataVault;
  jobs: Iterable<JobPosting>;
  count: number;
  meter: Meter;
  assertAlive: () => void;
  progress: (line: string) => void;
}): Promise<JobsProjection> {
  const { schemas, count, progress } = options;
  const pool = createPool(options.databaseUrl, WRITE_LANES + 1, 'bench-jobs');
  const store = new EventStore({
    pool,
    schema: schemas.command,
    vault: options.vault,
    onCommitted: createCommitNotifier(pool, createLogger('bench', 'warn')),
  });
  const jobStore = new JobStore(schemas.command);
  const countRead = async () => {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${ident(schemas.query)}.stream_checkpoints WHERE stream_type = 'job'`,
    );
    return rows[0]?.n ?? 0;
  };
  const before = await countRead();
  const cpu = new CpuWindow(options.meter.processes, options.meter.ticksPerSecond);
  let written = 0;
  let read = before;
  let writing = true;
  const firstAppendAt = performance.now();
  let lastCommitAt = firstAppendAt;
  cpu.start();
  const elapsed = () => `${((performance.now() - firstAppendAt) / 1000).toFixed(1)} s`;
  const ticker = setInterval(() => {
    progress(
      `  ${elapsed()}: ${written} of ${count} jobs committed${writing ? '' : ' (all)'}, ` +
        `${read - before} on the read side`,
    );
  }, PROGRESS_EVERY_MS);

  // Runs alongside the writes: the read side projects while they go on, as it would in production.
  let abandoned = false;
  const readSide = (async () => {
    let lastGainAt = performance.now();
    while (!abandoned) {
      const n = await countRead();
      const now = performance.now();
      if (n > read) lastGainAt = now;
      read = n;
      if (!writing && n - before >= count) return now;
      options.assertAlive();
      if (!writing && now - lastGainAt > STALL_MS) {
        throw new Error(
          `the read side has stayed at ${n - before} of ${count} jobs for ${STALL_MS / 1000} s`,
        );
      }
      await sleep(READ_POLL_MS);
    }
    return performance.now();
  })();
  let readSideFailure: unknown;
  // Handled at once: a process that dies during the writes stops them at the next transaction.
  readSide.catch((error: unknown) => {
    readSideFailure = error;
  });
  try {
    const batches = chunks(options.jobs, JOBS_PER_TRANSACTION);
    const lane = async () => {
      for (let next = batches.next(); !next.done; next = batches.next()) {
        if (readSideFailure) throw readSideFailure;
        const chunk = next.value;
        await store.execute({ actorId: null }, async (tx) => {
          // The createJob command's steps (jobs/routes.ts): load, decide, append, evolve, save.
          for (const { jobId, employerId, postedAt, request } of chunk) {
            const job = unpostedJob(jobId, employerId, request);
            const events = decidePostJob({ jobId, employerId, request, now: postedAt });
            if (isRefusal(events)) throw new Error(`job ${jobId} refused: ${events.message}`);
            await tx.append({ streamType: 'job', streamId: job.id, expectedVersion: job.version, events });
            await jobStore.insert(tx.client, foldJob(job, events));
          }
        });
        written += chunk.length;
        lastCommitAt = performance.now();
      }
    };
    await Promise.all(Array.from({ length: WRITE_LANES }, lane));
    writing = false;
    progress(
      `  all ${written} jobs committed in ${elapsed()}; ${read - before} on the read side so far, waiting for the rest`,
    );
    const allReadAt = await readSide;
    cpu.end();
    const figures = projectionFigures(written, { firstAppendAt, lastCommitAt, allReadAt });
    progress(
      `  the read side has all ${written} jobs after ${figures.projectionSeconds.toFixed(1)} s: ` +
        `${figures.eventsPerSecond.toFixed(0)} events/s, ${figures.catchUpSeconds.toFixed(1)} s after the last commit`,
    );
    // What autovacuum does within a minute or two of a bulk load, done now: searches measured right
    // after the load would otherwise run on statistics taken part-way through it (then a filtered
    // count reads the whole table instead of the covering index), some runs and not others.
    const vacuumStart = performance.now();
    await commitsOnDisk(pool);
    // The jobs, which lists without search text read (those with text ask the search engine).
    await pool.query(`VACUUM (ANALYZE) ${ident(schemas.query)}.jobs`);
    const { rows: pages } = await pool.query<{ pages: number; marked: number }>(
      `SELECT relpages AS pages, relallvisible AS marked FROM pg_class WHERE oid = $1::regclass`,
      [`${ident(schemas.query)}.jobs`],
    );
    progress(
      `  VACUUM (ANALYZE) of the read side's jobs took ${((performance.now() - vacuumStart) / 1000).toFixed(1)} s; ` +
        `${pages[0]?.marked} of ${pages[0]?.pages} jobs pages all-visible`,
    );
    return { ...figures, cpu: cpu.usage() };
  } finally {
    writing = false;
    abandoned = true;
    clearInterval(ticker);
    await readSide.catch(() => {});
    await pool.end();
  }
}

/**
 * Makes every commit so far durable, as the VACUUM after the load needs. A VACUUM marks a page
 * all-visible only when each of its rows carries the committed hint, and Postgres sets that hint only
 * once the commit is on disk (judged per group of 32 transaction ids, by the group's latest commit).
 * The stack commits asynchronously (synchronous_commit = off) and the projector wrote the 50,000 jobs
 * in a few dozen large transactions: a VACUUM right after the load left the pages of the last 4,500
 * to 19,000 jobs written unmarked (five runs), and every count without search text then checked
 * those rows one by one; one a few seconds later marked them all. So the group of the last of them is
 * filled up with transactions of our own (32 ids), lest a later commit of the services keep it off
 * disk, then a commit made synchronous writes out everything before it: one that writes something (a
 * temporary table), as a transaction that wrote nothing commits without waiting whatever the setting.
 */
async function commitsOnDisk(pool: Pool): Promise<void> {
  await pool.query('DO $$ BEGIN FOR i IN 1..32 LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$');
  await pool.query(
    'BEGIN; SET LOCAL synchronous_commit = on; CREATE TEMPORARY TABLE commits_on_disk () ON COMMIT DROP; COMMIT',
  );
}
