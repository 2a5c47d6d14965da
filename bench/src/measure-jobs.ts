import { API_PREFIX, routes } from '@careers/contracts/routes';
import { type BenchUser, HttpStatusError, outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import type { Meter } from './cpu.ts';
import { JOB_BOARD_SEED, jobPostings } from './job-generator.ts';
import {
  type JobSearch,
  type JobSearchKind,
  jobSearchMix,
  jobSearchPath,
  MISS_EVERY,
  readableSearch,
  unseenPath,
} from './job-searches.ts';
import { type Population, pick } from './measure-setup.ts';
import { measureSearchIndex, type SearchIndexFigures } from './search-index.ts';
import { type LatencySummary, percentile, summarize } from './stats.ts';
import { type BenchTopology, STACK_DIR } from './topology.ts';
import { type Comparison, versusBaseline } from './versus-baseline.ts';
import { type JobsProjection, writeJobs } from './write-jobs.ts';

/** One search of the mix as the product answered it before the load, on the full board. */
export interface RecordedSearch {
  kind: JobSearchKind;
  path: string;
  /** `pagination.totalJobs`: how many jobs it matched. */
  matches: number;
  bodyBytes: number;
  /**
   * Median of UNLOADED_RUNS requests sent one at a time, none answered from the cache (ms): which
   * searches are slow on their own.
   */
  unloadedMs: number;
}

export type JobsResult =
  | {
      status: 'measured';
      seed: number;
      projection: JobsProjection;
      /** The search engine's jobs index after the load (search-index.ts). */
      index: SearchIndexFigures;
      /**
       * `app.byKind`: latency per kind of search. `misses`: the searches at a URL the product had not
       * seen (`MISS_EVERY`), which pay the whole search; `hits`: the rest, answered by the cache or not.
       */
      search: Comparison & { searches: RecordedSearch[]; misses: LatencySummary; hits: LatencySummary };
    }
  | { status: 'missing'; reason: string };

const UNLOADED_RUNS = 5;

/** Hands out the mix's items in turn, from any number of workers: each kind gets its share exactly. */
export function inTurn<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => {
    const item = items[next % items.length] as T;
    next++;
    return item;
  };
}

async function record(
  api: ProductApi,
  user: BenchUser,
  search: JobSearch,
): Promise<RecordedSearch & { body: string }> {
  const path = jobSearchPath(search.query);
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < UNLOADED_RUNS; i++) {
    // Each run at a URL the product has not seen (same body): the cache would answer a repeated one,
    // and this is the time of the search itself.
    const sentAt = performance.now();
    const reply = await api.searchJobs(user, i === 0 ? path : unseenPath(path, -i));
    times.push(performance.now() - sentAt);
    if (reply.status !== routes.listJobs.status) throw new HttpStatusError(`GET ${path}`, reply);
    body = reply.body;
  }
  const { pagination } = JSON.parse(body) as { pagination: { totalJobs: number } };
  return {
    kind: search.kind,
    path,
    matches: pagination.totalJobs,
    bodyBytes: Buffer.byteLength(body),
    unloadedMs:
      Math.round(
        percentile(
          times.sort((a, b) => a - b),
          50,
        ) * 100,
      ) / 100,
    body,
  };
}

/**
 * Writes `config.jobs` jobs through the write path and times the read side catching up (write-jobs.ts),
 * then signed-in users run the search mix (job-searches.ts) in a closed loop, against a bare endpoint
 * answering from memory the bodies the product gave for the same searches, under the same concurrency.
 */
export async function measureJobs(
  api: ProductApi,
  population: Population,
  topology: Pick<BenchTopology, 'databaseUrl' | 'schemas' | 'vault' | 'startJsonBaseline' | 'assertAlive'>,
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<JobsResult> {
  if (config.jobs === 0) return { status: 'missing', reason: 'BENCH_JOBS=0' };
  const reader = population.users[0] as BenchUser;
  const probe = await api.searchJobs(reader, jobSearchPath({}));
  if (probe.status === 404) {
    return {
      status: 'missing',
      reason: `jobs route missing: GET ${API_PREFIX}${routes.listJobs.path} answered 404`,
    };
  }
  if (probe.status !== routes.listJobs.status) {
    return {
      status: 'missing',
      reason: `jobs route failed: HTTP ${probe.status} ${probe.body.slice(0, 200)}`,
    };
  }

  progress(
    `writing ${config.jobs} jobs (seed ${JOB_BOARD_SEED}) through the event log, relay, Kafka and projector`,
  );
  const projection = await writeJobs({
    databaseUrl: topology.databaseUrl,
    schemas: topology.schemas,
    vault: topology.vault,
    jobs: jobPostings(
      { seed: JOB_BOARD_SEED, employerIds: population.users.map((u) => u.id), now: new Date() },
      config.jobs,
    ),
    count: config.jobs,
    meter,
    assertAlive: topology.assertAlive,
    progress,
  });

  const recorded: Array<RecordedSearch & { body: string }> = [];
  for (const search of jobSearchMix) recorded.push(await record(api, reader, search));
  const searches = recorded.map(({ body: _, ...rest }) => rest);
  const slowest = [...searches].sort((a, b) => b.unloadedMs - a.unloadedMs).slice(0, 3);
  progress(
    `recorded ${recorded.length} searches; slowest alone: ` +
      slowest.map((s) => `${readableSearch(s.path)} ${s.unloadedMs} ms (${s.matches} matches)`).join(', '),
  );
  const nextSearch = inTurn(
    jobSearchMix.map((search, i) => ({ kind: search.kind, path: searches[i]?.path ?? '' })),
  );
  const nextPath = inTurn(searches.map((s) => s.path));
  const meanBytes = Math.round(searches.reduce((sum, s) => sum + s.bodyBytes, 0) / searches.length);
  let sent = 0;
  let hits = 0;
  // Each product request's send time, latency and whether it was a miss; the measured window is
  // picked out afterwards (the closed loop starts with its warm-up on the first send).
  const timed: Array<{ at: number; ms: number; miss: boolean }> = [];
  const comparison = await versusBaseline({
    config,
    meter,
    progress,
    product: {
      what: `job searches (${searches.length} in turn, 1 in ${MISS_EVERY} at a URL not seen before, on ${config.jobs} jobs)`,
      send: async () => {
        const { kind, path } = nextSearch();
        const n = sent++;
        const miss = n % MISS_EVERY === MISS_EVERY - 1;
        const at = performance.now();
        const reply = await api.searchJobs(pick(population.users), miss ? unseenPath(path, n) : path, true);
        timed.push({ at, ms: performance.now() - at, miss });
        if (reply.headers['x-read-cache'] === 'hit') hits++;
        return outcomeOf(reply, routes.listJobs.status, kind);
      },
    },
    baseline: {
      what: `in-memory JSON baseline (the same ${searches.length} bodies, ${meanBytes} bytes on average)`,
      url: await topology.startJsonBaseline(
        'jobs',
        Object.fromEntries(recorded.map((r) => [r.path, r.body])),
      ),
      method: 'GET',
      path: nextPath,
    },
  });
  progress(
    `  served from the product's cache: ${Math.round((hits / Math.max(sent, 1)) * 100)}% of ${sent} searches`,
  );
  const windowStart = (timed[0]?.at ?? 0) + config.warmupSeconds * 1000;
  const windowEnd = windowStart + config.seconds * 1000;
  const measured = timed.filter((t) => t.at >= windowStart && t.at < windowEnd);
  const misses = summarize(measured.filter((t) => t.miss).map((t) => t.ms));
  const others = summarize(measured.filter((t) => !t.miss).map((t) => t.ms));
  progress(
    `  misses (1 in ${MISS_EVERY}, a URL not seen before): ${misses.count}, p50 ${misses.p50} ms, p99 ${misses.p99} ms; ` +
      `the rest: ${others.count}, p50 ${others.p50} ms, p99 ${others.p99} ms`,
  );
  // After the searches: making the index again leaves segments that the engine merges in the
  // background for seconds after, which would count in the searches' CPU.
  const index = await measureSearchIndex({
    databaseUrl: topology.databaseUrl,
    schema: topology.schemas.query,
    stackDir: STACK_DIR,
    progress,
  });
  progress(
    `  p99 by kind: ${Object.entries(comparison.app.byKind)
      .map(([kind, l]) => `${kind} ${l.p99} ms`)
      .join(', ')}`,
  );
  return {
    status: 'measured',
    seed: JOB_BOARD_SEED,
    projection,
    index,
    search: { ...comparison, searches, misses, hits: others },
  };
}
