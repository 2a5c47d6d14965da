import { describe, expect, it } from 'vitest';
import { cpuPhases, evaluateTargets, formatSummary, table } from './report.ts';
import { sampleReport } from './sample-report.ts';

describe('evaluateTargets', () => {
  it('passes or misses each target against its goal', () => {
    const { commands, propagation, feed } = sampleReport();
    const targets = evaluateTargets(commands, propagation, feed);
    expect(targets.map((t) => [t.name, t.measured, t.pass])).toEqual([
      ['commands/s vs bare INSERT/s', 0.8, true],
      ['socket push p99 (ms)', 300, false],
      ['feed reads/s vs in-memory JSON/s', 0.3, false],
    ]);
  });

  it('misses the socket target when a push never arrived, even with a low p99', () => {
    const { commands, propagation, feed } = sampleReport();
    const socket = { ...propagation.socket, p99: 50, missing: 3 };
    const [, target] = evaluateTargets(commands, { ...propagation, socket }, feed);
    expect(target?.pass).toBe(false);
    expect(target?.detail).toContain('3 missing');
  });

  it('reports an unmeasured feed as not applicable, with the reason', () => {
    const { commands, propagation } = sampleReport();
    const [, , feed] = evaluateTargets(commands, propagation, {
      status: 'missing',
      reason: 'feed route missing',
    });
    expect(feed).toMatchObject({ measured: null, pass: null, detail: 'feed route missing' });
  });
});

describe('table', () => {
  it('left-aligns the first column and right-aligns the others', () => {
    expect(
      table([
        ['a', '1'],
        ['long name', '100'],
      ]),
    ).toBe('a            1\nlong name  100');
  });
});

describe('formatSummary', () => {
  it('shows throughput with ratios, latencies with sample counts, targets and CPU per phase', () => {
    const report = sampleReport();
    const text = formatSummary({
      ...report,
      targets: evaluateTargets(report.commands, report.propagation, report.feed),
    });
    expect(text).toMatch(/commands\/s \(likes \+ comments\)\s+800\s+1000\s+0\.80/);
    expect(text).toMatch(/like -> socket push \(5 sockets\)\s+15\.0 \/ 300\.0 ms \(n=3\)/);
    expect(text).toMatch(/socket push p99 \(ms\)\s+300\.00\s+< 250\s+MISS/);
    expect(text).toMatch(/command-service\s+90\s+40\s+50\s+70\s+10/);
    expect(text).toContain('load average before 0.50 0.40 0.30');
  });

  it('says why the feed was not measured and leaves its phases out of the CPU table', () => {
    const report = sampleReport({
      feed: { status: 'missing', reason: 'feed route missing: GET /posts/feed answered 404' },
    });
    expect(formatSummary(report)).toContain('feed route missing: GET /posts/feed answered 404');
    expect(cpuPhases(report).map((p) => p.phase)).toEqual(['commands', 'INSERT baseline', 'propagation']);
  });
});
