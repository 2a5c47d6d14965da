import { Endpoint } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { closedLoop, type LoadResult, type Outcome } from './load.ts';

export interface Comparison {
  app: LoadResult;
  baseline: LoadResult;
  /** Product requests per second over baseline requests per second, same concurrency. */
  ratio: number;
  cpu: { app: CpuUsage[]; baseline: CpuUsage[] };
}

/**
 * One closed loop of the config's connections, warm-up and measured window, with the CPU of every
 * process over the measured window, said as it starts and as it ends.
 */
export async function measureClosedLoop(
  options: { config: BenchConfig; meter: Meter; progress: (line: string) => void },
  what: string,
  send: () => Promise<Outcome>,
): Promise<{ result: LoadResult; cpu: CpuUsage[] }> {
  const { config, meter, progress } = options;
  const cpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
  progress(
    `${what}: ${config.connections} connections, ${config.warmupSeconds}s warm-up + ${config.seconds}s`,
  );
  const result = await closedLoop(
    {
      connections: config.connections,
      warmupMs: config.warmupSeconds * 1000,
      durationMs: config.seconds * 1000,
      onMeasureStart: cpu.start,
      onMeasureEnd: cpu.end,
    },
    send,
  );
  progress(`  ${result.rate.toFixed(0)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  return { result, cpu: cpu.usage() };
}

/**
 * The same closed loop (connections, warm-up, measured window) against the product, then against a bare
 * baseline endpoint, with CPU per process over each measured window.
 */
export async function versusBaseline(options: {
  config: BenchConfig;
  meter: Meter;
  progress: (line: string) => void;
  product: { what: string; send: () => Promise<Outcome> };
  /** `path`: one path, or the next path of a mix on each request. */
  baseline: { what: string; url: string; method: 'GET' | 'POST'; path: string | (() => string) };
}): Promise<Comparison> {
  const { config } = options;
  const measure = (what: string, send: () => Promise<Outcome>) => measureClosedLoop(options, what, send);

  const app = await measure(options.product.what, options.product.send);
  const { url, method, path } = options.baseline;
  const endpoint = new Endpoint(url, config.connections);
  try {
    const baseline = await measure(options.baseline.what, async () => {
      const reply = await endpoint.request(method, typeof path === 'string' ? path : path(), {
        discardBody: true,
      });
      return reply.status === 200 ? { ok: true } : { ok: false, error: `HTTP ${reply.status}` };
    });
    return {
      app: app.result,
      baseline: baseline.result,
      ratio: baseline.result.rate > 0 ? app.result.rate / baseline.result.rate : 0,
      cpu: { app: app.cpu, baseline: baseline.cpu },
    };
  } finally {
    await endpoint.close();
  }
}
