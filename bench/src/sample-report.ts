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
      jobs: 1000,
      networkUsers: 500,
      networkConnections: 5000,
      notifyUsers: 0,
      feedWriteRate: 100,
      scaleSockets: 0,
      scaleWatchers: 1000,
      scaleLikeRate: 20,
      replayEvents: 0,
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
    jobs: {
      status: 'measured',
      seed: 1,
      projection: {
        jobs: 1000,
        jobsPerTransaction: 1000,
        transactionsAtOnce: 3,
        writeSeconds: 0.5,
        writeRate: 2000,
        projectionSeconds: 2,
        eventsPerSecond: 500,
        catchUpSeconds: 1.5,
        cpu: cpu(80),
      },
      search: {
        app: {
          ...load(300, [10, 20, 60]),
          byKind: { keywords: summarize([10, 60]), filters: summarize([20]) },
        },
        baseline: load(1000, [1, 2, 3]),
        ratio: 0.3,
        cpu: { app: cpu(60), baseline: cpu(20) },
        searches: [
          {
            kind: 'keywords',
            path: '/api/jobs?search=engineer',
            matches: 400,
            bodyBytes: 9000,
            unloadedMs: 30,
          },
          {
            kind: 'filters',
            path: '/api/jobs?workLocation=Remote',
            matches: 300,
            bodyBytes: 9000,
            unloadedMs: 5,
          },
          {
            kind: 'phrase',
            path: '/api/jobs?search=%22machine+learning%22',
            matches: 20,
            bodyBytes: 9000,
            unloadedMs: 12,
          },
          { kind: 'filters', path: '/api/jobs', matches: 1000, bodyBytes: 9000, unloadedMs: 2 },
        ],
      },
    },
    targets: [],
    ...overrides,
  };
}
