import { REPLAY_TARGET_EVENTS_PER_SECOND } from './measure-replay.ts';
import { type BenchReport, cpuPhases } from './report.ts';
import type { LatencySummary } from './stats.ts';
import type { Comparison } from './versus-baseline.ts';

export interface Bar {
  series: string;
  value: number;
}

export interface BarGroup {
  label: string;
  bars: Bar[];
}

// One colour per series: the CPU chart has a series per phase (eleven with the jobs and network phases).
const PALETTE = [
  '#2563eb',
  '#f59e0b',
  '#10b981',
  '#ef4444',
  '#8b5cf6',
  '#64748b',
  '#0ea5e9',
  '#d946ef',
  '#84cc16',
  '#f97316',
  '#14b8a6',
];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const shown = (value: number) => (Number.isFinite(value) ? value : 0);
const label = (value: number) =>
  !Number.isFinite(value) ? '-' : value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');

/** A horizontal grouped bar chart as inline SVG: one row of bars per group, one colour per series. */
export function barChart(options: { title: string; unit: string; groups: BarGroup[] }): string {
  const series = [...new Set(options.groups.flatMap((g) => g.bars.map((b) => b.series)))];
  const color = (name: string) => PALETTE[series.indexOf(name) % PALETTE.length];
  const max = Math.max(1e-9, ...options.groups.flatMap((g) => g.bars.map((b) => shown(b.value))));
  const labelWidth = 200;
  const barArea = 460;
  const width = labelWidth + barArea + 80;
  const barHeight = 16;
  // The legend flows left to right from the bars' edge and wraps; about 8 px a character at 12 px.
  const legend: string[] = [];
  let lx = labelWidth;
  let ly = 6;
  for (const name of series) {
    const itemWidth = 36 + name.length * 8;
    if (lx + itemWidth > width && lx > labelWidth) {
      lx = labelWidth;
      ly += 18;
    }
    legend.push(
      `<rect x="${lx}" y="${ly}" width="12" height="12" fill="${color(name)}"/>` +
        `<text x="${lx + 16}" y="${ly + 10}">${escapeHtml(name)}</text>`,
    );
    lx += itemWidth;
  }
  const parts: string[] = [];
  let y = ly + 22;
  for (const group of options.groups) {
    const groupHeight = group.bars.length * (barHeight + 3);
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + groupHeight / 2 + 4}" text-anchor="end">${escapeHtml(group.label)}</text>`,
    );
    for (const bar of group.bars) {
      const length = Math.max(shown(bar.value) > 0 ? 1 : 0, (shown(bar.value) / max) * barArea);
      parts.push(
        `<rect x="${labelWidth}" y="${y}" width="${length.toFixed(1)}" height="${barHeight}" fill="${color(bar.series)}"><title>${escapeHtml(`${bar.series}: ${label(bar.value)} ${options.unit}`)}</title></rect>`,
        `<text x="${(labelWidth + length + 4).toFixed(1)}" y="${y + barHeight - 4}" class="value">${label(bar.value)}</text>`,
      );
      y += barHeight + 3;
    }
    y += 10;
  }
  const height = y + 4;
  return [
    `<figure><figcaption>${escapeHtml(options.title)} <span class="unit">(${escapeHtml(options.unit)})</span></figcaption>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(options.title)}">`,
    ...legend,
    ...parts,
    '</svg></figure>',
  ].join('\n');
}

const latencyBars = (summary: LatencySummary): Bar[] => [
  { series: 'p50', value: summary.p50 },
  { series: 'p99', value: summary.p99 },
];

/** Requests per second of a closed loop and of its baseline, side by side. */
const throughputBars = (label: string, c: Comparison): BarGroup => ({
  label,
  bars: [
    { series: 'product', value: c.app.rate },
    { series: 'bare baseline', value: c.baseline.rate },
  ],
});

/** The report as one self-contained page: the targets, then throughput, latency and CPU charts. */
export function renderHtml(report: BenchReport): string {
  const { commands, propagation, feed, jobs } = report;
  const throughput: BarGroup[] = [throughputBars('commands (likes + comments)', commands)];
  const latency: BarGroup[] = [
    ...Object.entries(commands.app.byKind).map(([kind, summary]) => ({
      label: `${kind} command`,
      bars: latencyBars(summary),
    })),
    { label: 'bare INSERT', bars: latencyBars(commands.baseline.latency) },
    { label: 'like → visible via GET', bars: latencyBars(propagation.visibility) },
    { label: 'like → socket push', bars: latencyBars(propagation.socket) },
  ];
  if (feed.status === 'measured') {
    throughput.push(throughputBars('feed reads', feed));
    latency.push(
      { label: 'feed read', bars: latencyBars(feed.app.latency) },
      { label: 'in-memory JSON', bars: latencyBars(feed.baseline.latency) },
    );
  }
  if (report.sockets?.status === 'measured') {
    const { sockets } = report;
    latency.push(
      { label: `socket handshake (${sockets.connected} clients)`, bars: latencyBars(sockets.connect) },
      {
        label: `like → ${sockets.watchers} of ${sockets.connected} sockets`,
        bars: latencyBars(sockets.push),
      },
    );
  }
  const underWrites = report.feedUnderWrites;
  if (underWrites?.status === 'measured') {
    throughput.push(throughputBars(`feed reads, ${underWrites.likeRate} likes/s written`, underWrites));
    latency.push(
      { label: 'feed read, likes written', bars: latencyBars(underWrites.app.latency) },
      { label: 'in-memory JSON, likes written', bars: latencyBars(underWrites.baseline.latency) },
    );
  }
  let projection = '';
  if (jobs.status === 'measured') {
    const { search, projection: p } = jobs;
    throughput.push(throughputBars('job searches', search));
    latency.push(
      { label: 'job search (all kinds)', bars: latencyBars(search.app.latency) },
      ...Object.entries(search.app.byKind).map(([kind, summary]) => ({
        label: `job search: ${kind}`,
        bars: latencyBars(summary),
      })),
      { label: 'in-memory JSON (searches)', bars: latencyBars(search.baseline.latency) },
    );
    projection = `${barChart({
      title: `Jobs: ${p.jobs} written through the event log and projected`,
      unit: 'jobs/s',
      groups: [
        { label: 'committed to the event log', bars: [{ series: 'rate', value: p.writeRate }] },
        { label: 'first append → all read', bars: [{ series: 'rate', value: p.eventsPerSecond }] },
      ],
    })}
<p>Written in ${p.writeSeconds.toFixed(1)} s, all on the read side after ${p.projectionSeconds.toFixed(1)} s: ${p.catchUpSeconds.toFixed(1)} s after the last append.</p>`;
  }
  const replay =
    report.replay?.status === 'measured'
      ? `${barChart({
          title: `Replay: projections:rebuild of ${report.replay.events} events`,
          unit: 'events/s',
          groups: [
            {
              label: 'clear -> caught up',
              bars: [
                { series: 'rebuild', value: report.replay.eventsPerSecond },
                { series: 'target', value: REPLAY_TARGET_EVENTS_PER_SECOND },
              ],
            },
          ],
        })}
<p>Rebuilt in ${report.replay.rebuildSeconds.toFixed(1)} s (the process ${report.replay.processSeconds.toFixed(1)} s); the events were written in ${report.replay.produceSeconds.toFixed(1)} s.</p>`
      : '';
  const perCommand = commands.cpuPerCommand;
  const commandCpu = perCommand
    ? barChart({
        title: `CPU per acknowledged command: ${label(perCommand.totalMs)} ms, all product processes`,
        unit: 'ms',
        groups: [
          { label: 'all product processes', bars: [{ series: 'ms', value: perCommand.totalMs }] },
          ...perCommand.byProcess
            .filter((p) => p.kind !== 'baseline')
            .map((p) => ({ label: p.name, bars: [{ series: 'ms', value: p.ms }] })),
        ],
      })
    : '';
  const two = commands.twoCopies;
  const copies = two
    ? `${barChart({
        title: `Commands: one copy of each service against ${two.copies}`,
        unit: 'commands/s',
        groups: [
          {
            label: 'likes and comments',
            bars: [
              { series: 'one copy', value: commands.app.rate },
              { series: `${two.copies} copies`, value: two.app.rate },
            ],
          },
        ],
      })}
${barChart({
  title: `CPU per acknowledged command, one copy of each service against ${two.copies}`,
  unit: 'ms',
  groups: [
    {
      label: 'all product processes',
      bars: [
        { series: 'one copy', value: perCommand?.totalMs ?? Number.NaN },
        { series: `${two.copies} copies`, value: two.cpuPerCommand.totalMs },
      ],
    },
  ],
})}`
    : '';
  const phases = cpuPhases(report);
  const names = [...new Set(phases.flatMap((p) => p.usage.map((u) => u.name)))];
  const cpu: BarGroup[] = names.map((name) => ({
    label: name,
    bars: phases.map((p) => ({
      series: p.phase,
      value: p.usage.find((u) => u.name === name)?.percentOfCore ?? 0,
    })),
  }));

  const targetRows = report.targets
    .map((t) => {
      const verdict = t.pass === null ? 'n/a' : t.pass ? 'PASS' : 'MISS';
      const measured = t.measured === null || !Number.isFinite(t.measured) ? '-' : t.measured.toFixed(2);
      return `<tr><td>${escapeHtml(t.name)}</td><td>${measured}</td><td>${escapeHtml(t.target)}</td><td class="${verdict}">${verdict}</td><td>${escapeHtml(t.detail)}</td></tr>`;
    })
    .join('\n');
  const m = report.machine;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bench ${escapeHtml(report.startedAt)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 24px; color: #111827; }
table { border-collapse: collapse; margin: 12px 0 24px; }
td, th { border-bottom: 1px solid #e5e7eb; padding: 4px 10px; text-align: left; }
.PASS { color: #047857; font-weight: 600; } .MISS { color: #b91c1c; font-weight: 600; }
figure { margin: 0 0 28px; } figcaption { font-weight: 600; margin-bottom: 6px; } .unit { font-weight: 400; color: #6b7280; }
svg text { font: 12px system-ui, sans-serif; fill: #111827; } svg text.value { fill: #374151; }
</style>
</head>
<body>
<h1>Bench ${escapeHtml(report.startedAt)}</h1>
<p>${m.cpus} × ${escapeHtml(m.cpuModel)}, Node ${escapeHtml(m.node)}; load average before ${m.loadAverageBefore.map((l) => l.toFixed(2)).join(' ')}, after ${m.loadAverageAfter.map((l) => l.toFixed(2)).join(' ')}${m.transport ? `; Postgres over ${m.transport.postgres}, Redis over ${m.transport.redis}` : ''}.
${report.config.users} users, ${report.config.posts} posts, ${report.config.jobs} jobs, ${report.config.connections} connections, ${report.config.warmupSeconds} s warm-up + ${report.config.seconds} s per window.</p>
<table><tr><th>target</th><th>measured</th><th>goal</th><th>result</th><th></th></tr>
${targetRows}
</table>
${barChart({ title: 'Throughput: product vs same-run bare baseline', unit: 'requests/s', groups: throughput })}
${barChart({ title: 'Latency', unit: 'ms', groups: latency })}
${commandCpu}
${copies}
${projection}
${replay}
${barChart({ title: 'CPU per process and phase', unit: '% of one core', groups: cpu })}
</body>
</html>
`;
}
