import { routes } from '@careers/contracts/routes';
import { Endpoint, outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { CpuWindow, type MeteredProcess } from './cpu.ts';
import { closedLoop, type LoadResult } from './load.ts';
import { type Population, pick } from './measure-setup.ts';

export interface CommandsResult {
  /** `byKind` holds the likes and the comments apart. */
  app: LoadResult;
  baseline: LoadResult;
  /** Commands per second over bare INSERTs per second, same concurrency. */
  ratio: number;
  cpu: { app: ReturnType<CpuWindow['usage']>; baseline: ReturnType<CpuWindow['usage']> };
}

/**
 * Closed loop of signed-in users toggling likes on random posts, with some comments, then the bare
 * INSERT endpoint under the same concurrency.
 */
export async function measureCommands(
  api: ProductApi,
  population: Population,
  insertBaselineUrl: string,
  config: BenchConfig,
  meter: { processes: () => MeteredProcess[]; ticksPerSecond: number },
  progress: (line: string) => void,
): Promise<CommandsResult> {
  const timing = {
    connections: config.connections,
    warmupMs: config.warmupSeconds * 1000,
    durationMs: config.seconds * 1000,
  };
  const appCpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
  progress(
    `likes and comments: ${config.connections} connections, ${config.warmupSeconds}s warm-up + ${config.seconds}s`,
  );
  const app = await closedLoop(
    { ...timing, onMeasureStart: appCpu.start, onMeasureEnd: appCpu.end },
    async () => {
      const user = pick(population.users);
      const postId = pick(population.postIds);
      if (Math.random() < config.commentShare) {
        const reply = await api.comment(user, postId, 'Congratulations, well deserved!', true);
        return outcomeOf(reply, routes.addComment.status, 'comment');
      }
      return outcomeOf(await api.toggleLike(user, postId, true), routes.toggleLike.status, 'like');
    },
  );
  progress(`  ${app.rate.toFixed(0)} commands/s, p50 ${app.latency.p50} ms, p99 ${app.latency.p99} ms`);

  const endpoint = new Endpoint(insertBaselineUrl, config.connections);
  const baselineCpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
  progress(
    `bare INSERT baseline: ${config.connections} connections, ${config.warmupSeconds}s warm-up + ${config.seconds}s`,
  );
  const baseline = await closedLoop(
    { ...timing, onMeasureStart: baselineCpu.start, onMeasureEnd: baselineCpu.end },
    async () => outcomeOf(await endpoint.request('POST', '/insert', { discardBody: true }), 200),
  );
  await endpoint.close();
  progress(
    `  ${baseline.rate.toFixed(0)} inserts/s, p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms`,
  );
  return {
    app,
    baseline,
    ratio: baseline.rate > 0 ? app.rate / baseline.rate : 0,
    cpu: { app: appCpu.usage(), baseline: baselineCpu.usage() },
  };
}
