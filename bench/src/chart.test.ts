import { describe, expect, it } from 'vitest';
import { barChart, escapeHtml, renderHtml } from './chart.ts';
import { evaluateTargets } from './report.ts';
import { sampleReport } from './sample-report.ts';

describe('barChart', () => {
  const svg = barChart({
    title: 'Throughput',
    unit: 'requests/s',
    groups: [
      {
        label: 'likes',
        bars: [
          { series: 'product', value: 50 },
          { series: 'baseline', value: 100 },
        ],
      },
      { label: 'feed <reads>', bars: [{ series: 'product', value: Number.NaN }] },
    ],
  });

  it('draws bars proportional to the largest value', () => {
    expect(svg).toContain('width="460.0"');
    expect(svg).toContain('width="230.0"');
  });

  it('draws a missing value as an empty bar labelled "-"', () => {
    expect(svg).toContain('width="0.0"');
    expect(svg).toContain('>-</text>');
  });

  it('gives each series one colour and a legend entry', () => {
    expect(svg.match(/fill="#2563eb"/g)).toHaveLength(3);
    expect(svg).toContain('>baseline</text>');
  });

  it('escapes labels', () => {
    expect(svg).toContain('feed &#60;reads&#62;');
    expect(escapeHtml(`"a" & 'b'`)).toBe('&#34;a&#34; &#38; &#39;b&#39;');
  });
});

describe('renderHtml', () => {
  const report = sampleReport();
  const html = renderHtml({
    ...report,
    targets: evaluateTargets(report.commands, report.propagation, report.feed, report.jobs),
  });

  it('is one self-contained page: inline SVG, no scripts, nothing fetched', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.match(/<svg /g)).toHaveLength(4);
    expect(html).not.toMatch(/<script|<link|src=|href=/i);
  });

  it('charts the command loop against two copies beside one, when it ran', () => {
    expect(html).not.toContain('Commands: one copy of each service');
    const withCopies = sampleReport();
    const app = { ...withCopies.commands.app, rate: 700 };
    const cpuPerCommand = { totalMs: 2.5, byProcess: [] };
    const page = renderHtml({
      ...withCopies,
      commands: { ...withCopies.commands, twoCopies: { copies: 2, app, cpu: [], cpuPerCommand } },
      targets: [],
    });
    expect(page).toContain('Commands: one copy of each service against 2');
    expect(page).toContain('CPU per acknowledged command, one copy of each service against 2');
    expect(page).toContain('>2 copies</text>');
  });

  it('shows each target with its verdict', () => {
    expect(html).toContain('<td class="PASS">PASS</td>');
    expect(html).toContain('<td class="MISS">MISS</td>');
  });

  it('charts CPU per process for every phase', () => {
    for (const phase of ['commands', 'INSERT baseline', 'propagation', 'feed', 'JSON baseline']) {
      expect(html).toContain(`>${phase}</text>`);
    }
  });

  it('adds the jobs phase: searches against their baseline, latency per kind, and the projection', () => {
    expect(html).toContain('>job searches</text>');
    expect(html).toContain('>job search: keywords</text>');
    expect(html).toContain('Jobs: 1000 written through the event log and projected');
    expect(html).toContain('1.5 s after the last append');
    for (const phase of ['jobs write + projection', 'job search', 'search baseline']) {
      expect(html).toContain(`>${phase}</text>`);
    }
  });

  it('gives each of the eight CPU phases its own colour', () => {
    const cpuChart = html.slice(html.indexOf('CPU per process and phase'));
    const legend = [...cpuChart.matchAll(/<rect [^>]*fill="(#[0-9a-f]{6})"\/><text [^>]*>([^<]+)<\/text>/g)];
    expect(legend).toHaveLength(8);
    expect(new Set(legend.map(([, colour]) => colour)).size).toBe(8);
  });

  it('leaves the jobs charts out when the phase did not run', () => {
    const skipped = sampleReport({ jobs: { status: 'missing', reason: 'BENCH_JOBS=0' } });
    const page = renderHtml({
      ...skipped,
      targets: evaluateTargets(skipped.commands, skipped.propagation, skipped.feed, skipped.jobs),
    });
    expect(page.match(/<svg /g)).toHaveLength(3);
    expect(page).not.toContain('>job searches</text>');
    expect(page).toContain('BENCH_JOBS=0');
  });
});
