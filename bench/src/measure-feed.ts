import { API_PREFIX, routes } from '@careers/contracts/routes';
import { type BenchUser, Endpoint, outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type MeteredProcess } from './cpu.ts';
import { closedLoop, type LoadResult } from './load.ts';
import { type Population, pick } from './measure-setup.ts';

export type FeedResult =
  | {
      status: 'measured';
      app: LoadResult;
      baseline: LoadResult;
      /** Feed reads per second over in-memory JSON answers per second, same concurrency. */
      ratio: number;
      /** Size of the feed page the baseline serves. */
      bodyBytes: number;
      postsOnPage: number;
      cpu: { app: CpuUsage[]; baseline: CpuUsage[] };
    }
  | { status: 'missing'; reason: string };

/**
 * Closed loop of signed-in users reading their feed, then a bare endpoint answering the exact body a
 * real feed read returned, from memory, under the same concurrency.
 */
export async function measureFeed(
  api: ProductApi,
  population: Population,
  startJsonBaseline: (body: string) => Promise<string>,
  config: BenchConfig,
  meter: { processes: () => MeteredProcess[]; ticksPerSecond: number },
  progress: (line: string) => void,
): Promise<FeedResult> {
  const sample = await api.getFeed(population.users[0] as BenchUser);
  if (sample.status === 404) {
    return {
      status: 'missing',
      reason: `feed route missing: GET ${API_PREFIX}${routes.getFeed.path} answered 404`,
    };
  }
  if (sample.status !== routes.getFeed.status) {
    return {
      status: 'missing',
      reason: `feed route failed: HTTP ${sample.status} ${sample.body.slice(0, 200)}`,
    };
  }
  const postsOnPage = (JSON.parse(sample.body) as { data: unknown[] }).data.length;
  const timing = {
    connections: config.connections,
    warmupMs: config.warmupSeconds * 1000,
    durationMs: config.seconds * 1000,
  };

  const appCpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
  progress(
    `feed reads (${postsOnPage} posts a page): ${config.connections} connections, ${config.warmupSeconds}s warm-up + ${config.seconds}s`,
  );
  const app = await closedLoop(
    { ...timing, onMeasureStart: appCpu.start, onMeasureEnd: appCpu.end },
    async () => outcomeOf(await api.getFeed(pick(population.users), true), routes.getFeed.status),
  );
  progress(`  ${app.rate.toFixed(0)} reads/s, p50 ${app.latency.p50} ms, p99 ${app.latency.p99} ms`);

  const url = await startJsonBaseline(sample.body);
  const endpoint = new Endpoint(url, config.connections);
  const baselineCpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
  progress(`in-memory JSON baseline (${sample.body.length} bytes): same load`);
  const baseline = await closedLoop(
    { ...timing, onMeasureStart: baselineCpu.start, onMeasureEnd: baselineCpu.end },
    async () => outcomeOf(await endpoint.request('GET', '/feed', { discardBody: true }), 200),
  );
  await endpoint.close();
  progress(
    `  ${baseline.rate.toFixed(0)} reads/s, p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms`,
  );
  return {
    status: 'measured',
    app,
    baseline,
    ratio: baseline.rate > 0 ? app.rate / baseline.rate : 0,
    bodyBytes: Buffer.byteLength(sample.body),
    postsOnPage,
    cpu: { app: appCpu.usage(), baseline: baselineCpu.usage() },
  };
}
