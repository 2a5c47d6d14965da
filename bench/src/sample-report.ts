import type { LoadResult } from './load.ts';
import type { BenchReport } from './report.ts';
import { summarize } from './stats.ts';

/** A small, made-up report for the report and chart tests. */
export function sampleReport(overrides: Partial<BenchReport> = {}): BenchReport {
  const load = (rate: number, latencies: number[]): LoadResult => ({
    rate,
    ok: rate * 10,
    errors: {},
    seconds: 10,
    connections: 16,
    latency: summarize(latencies),
    byKind: {},
  });
  const cpu = (percent: number) => [
    { name: 'command-service', kind: 'service' as const, seconds: percent / 10, percentOfCore: percent },
    { name: 'postgres', kind: 'stack' as const, seconds: percent / 20, percentOfCore: percent / 2 },
  ];
  return {
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:03:00.000Z',
    elapsedSeconds: 180,
    machine: {
      cpus: 2,
      cpuModel: 'Test CPU',
      node: 'v24.0.0',
      loadAverageBefore: [0.5, 0.4, 0.3],
      loadAverageAfter: [1.5, 0.9, 0.5],
    },
    config: {
      seconds: 10,
      warmupSeconds: 2,
      connections: 16,
      users: 100,
      posts: 50,
      sockets: 5,
      commentShare: 0.1,
      openRate: 0,
      poolSize: 10,
      visibilityShare: 0.25,
      pollMs: 5,
      passwordScryptLogN: 14,
    },
    setup: { users: 100, posts: 50, seconds: 4 },
    commands: {
      app: { ...load(800, [5, 10, 20]), byKind: { like: summarize([5, 10]), comment: summarize([20]) } },
      baseline: load(1000, [2, 3, 4]),
      ratio: 0.8,
      cpu: { app: cpu(90), baseline: cpu(40) },
    },
    propagation: {
      rate: 400,
      sent: 4000,
      accepted: 4000,
      acceptedRate: 400,
      errors: {},
      skippedBusy: 0,
      maxLagMs: 2,
      sockets: 5,
      visibility: { ...summarize([20, 30, 40]), timeouts: 0, share: 0.25, pollsPerSecond: 100 },
      socket: { ...summarize([10, 15, 300]), expected: 3, missing: 0, beforeReply: 0 },
      cpu: cpu(50),
    },
    feed: {
      status: 'measured',
      app: load(600, [8, 9, 10]),
      baseline: load(2000, [1, 2, 3]),
      ratio: 0.3,
      bodyBytes: 16_000,
      postsOnPage: 10,
      cpu: { app: cpu(70), baseline: cpu(10) },
    },
    targets: [],
    ...overrides,
  };
}
