import { describe, expect, it } from 'vitest';
import type { SocketsResult } from './measure-sockets.ts';
import { cpuPhases, formatSummary, socketRows, socketTargets } from './report.ts';
import { sampleReport } from './sample-report.ts';
import { summarize } from './stats.ts';

type Measured = Extract<SocketsResult, { status: 'measured' }>;

/** A made-up sockets-at-scale result: 10,000 clients, 1,000 watching, every like delivered. */
function measured(overrides: Partial<Measured> = {}): Measured {
  return {
    status: 'measured',
    requested: 10_000,
    connected: 10_000,
    processes: 4,
    sessions: 1000,
    users: 150,
    connect: { ...summarize([20, 40, 90]), seconds: 30, perSecond: 333, errors: {} },
    memory: { beforeMb: 200, afterMb: 500, bytesPerSocket: 31_457 },
    watchers: 1000,
    likeRate: 20,
    accepted: 100,
    acceptedRate: 20,
    likers: 150,
    errors: {},
    push: {
      ...summarize([40, 80, 250]),
      expected: 100_000,
      missing: 0,
      wrongFinal: 0,
      steppedBack: 0,
      pushesPerWatcher: 120,
    },
    cpu: [{ name: 'realtime-gateway', kind: 'service', seconds: 3, percentOfCore: 60 }],
    ...overrides,
  };
}

describe('socketTargets', () => {
  it('passes a p99 within 300 ms with every like on every watcher and every client connected', () => {
    const [target] = socketTargets(measured());
    expect(target).toMatchObject({
      name: 'like -> 1000 of 10000 sockets p99 (ms)',
      measured: 250,
      pass: true,
    });
    expect(target?.detail).toContain('30.7 KB each');
  });

  it.each([
    ['a p99 above 300 ms', { push: { ...measured().push, p99: 301 } }],
    ['a like that never reached a watcher', { push: { ...measured().push, missing: 1 } }],
    ['a watcher left without the final count', { push: { ...measured().push, wrongFinal: 1 } }],
    ['a watcher shown an older count after a newer one', { push: { ...measured().push, steppedBack: 1 } }],
    ['clients that could not connect', { connected: 9_990 }],
  ] as const)('misses on %s', (_, overrides) => {
    const result = measured(overrides as Partial<Measured>);
    expect(socketTargets(result)[0]?.pass).toBe(false);
  });

  it('reports a skipped phase as not applicable, with the reason', () => {
    expect(socketTargets({ status: 'missing', reason: 'BENCH_SCALE_SOCKETS=0' })).toEqual([
      expect.objectContaining({ measured: null, pass: null, detail: 'BENCH_SCALE_SOCKETS=0' }),
    ]);
  });
});

describe('the sockets-at-scale phase in the summary', () => {
  it('shows the connect rate, the memory per socket and the push latency, and meters CPU', () => {
    const report = sampleReport({ sockets: measured() });
    const summary = formatSummary(report);
    expect(summary).toContain('sockets at scale: 10000 of 10000 clients on one gateway (1000 sessions)');
    expect(summary).toContain('30.7 KB (200 -> 500 MB)');
    expect(socketRows(report.sockets).map((row) => row[0])).toContain(
      '  like -> 1000 watchers (20 likes/s accepted)',
    );
    expect(cpuPhases(report).map((p) => p.phase)).toContain('sockets at scale');
  });
});
