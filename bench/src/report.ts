import type { BenchConfig } from './config.ts';
import type { CpuUsage } from './cpu.ts';
import type { CommandsResult } from './measure-commands.ts';
import type { FeedResult } from './measure-feed.ts';
import type { PropagationResult } from './measure-propagation.ts';

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  elapsedSeconds: number;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    /** 1/5/15-minute load averages: anything else running on the machine shows here. */
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  config: BenchConfig & { passwordScryptLogN: number };
  setup: { users: number; posts: number; seconds: number };
  commands: CommandsResult;
  propagation: PropagationResult;
  feed: FeedResult;
  targets: TargetResult[];
}

export interface TargetResult {
  name: string;
  measured: number | null;
  target: string;
  /** null: not measured in this run. */
  pass: boolean | null;
  detail: string;
}

const fixed = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits);

export function evaluateTargets(
  commands: CommandsResult,
  propagation: PropagationResult,
  feed: FeedResult,
): TargetResult[] {
  const socket = propagation.socket;
  const socketMeasured = socket.count > 0 ? socket.p99 : null;
  return [
    {
      name: 'commands/s vs bare INSERT/s',
      measured: commands.ratio,
      target: '>= 0.75',
      pass: commands.ratio >= 0.75,
      detail: `${fixed(commands.app.rate, 0)} vs ${fixed(commands.baseline.rate, 0)} per second`,
    },
    {
      name: 'socket push p99 (ms)',
      measured: socketMeasured,
      target: '< 250',
      pass: socketMeasured === null ? null : socketMeasured < 250 && socket.missing === 0,
      detail: `${socket.count} deliveries, ${socket.missing} missing`,
    },
    feed.status === 'measured'
      ? {
          name: 'feed reads/s vs in-memory JSON/s',
          measured: feed.ratio,
          target: '>= 0.5',
          pass: feed.ratio >= 0.5,
          detail: `${fixed(feed.app.rate, 0)} vs ${fixed(feed.baseline.rate, 0)} per second`,
        }
      : {
          name: 'feed reads/s vs in-memory JSON/s',
          measured: null,
          target: '>= 0.5',
          pass: null,
          detail: feed.reason,
        },
  ];
}

/** Left-aligned first column, the rest right-aligned, two spaces apart. */
export function table(rows: string[][]): string {
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, i) =>
    Math.max(0, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const verdict = (pass: boolean | null) => (pass === null ? 'n/a' : pass ? 'PASS' : 'MISS');
const latency = (l: { p50: number; p99: number; count: number }) =>
  `${fixed(l.p50, 1)} / ${fixed(l.p99, 1)} ms (n=${l.count})`;

/** The CPU phases in report order, as the summary and the chart show them. */
export function cpuPhases(report: BenchReport): Array<{ phase: string; usage: CpuUsage[] }> {
  const phases = [
    { phase: 'commands', usage: report.commands.cpu.app },
    { phase: 'INSERT baseline', usage: report.commands.cpu.baseline },
    { phase: 'propagation', usage: report.propagation.cpu },
  ];
  if (report.feed.status === 'measured') {
    phases.push(
      { phase: 'feed', usage: report.feed.cpu.app },
      { phase: 'JSON baseline', usage: report.feed.cpu.baseline },
    );
  }
  return phases;
}

export function formatSummary(report: BenchReport): string {
  const { commands, propagation, feed } = report;
  const rows: string[][] = [
    ['', 'product', 'baseline', 'ratio'],
    [
      'commands/s (likes + comments)',
      fixed(commands.app.rate, 0),
      fixed(commands.baseline.rate, 0),
      fixed(commands.ratio),
    ],
    ['  latency p50 / p99', latency(commands.app.latency), latency(commands.baseline.latency), ''],
  ];
  for (const [kind, summary] of Object.entries(commands.app.byKind)) {
    rows.push([`  ${kind} p50 / p99`, latency(summary), '', '']);
  }
  rows.push(
    [
      `like -> visible via GET (${Math.round(propagation.visibility.share * 100)}% of likes)`,
      latency(propagation.visibility),
      '',
      '',
    ],
    [`like -> socket push (${propagation.sockets} sockets)`, latency(propagation.socket), '', ''],
  );
  if (feed.status === 'measured') {
    rows.push(
      ['feed reads/s', fixed(feed.app.rate, 0), fixed(feed.baseline.rate, 0), fixed(feed.ratio)],
      ['  latency p50 / p99', latency(feed.app.latency), latency(feed.baseline.latency), ''],
    );
  } else {
    rows.push(['feed reads/s', feed.reason, '', '']);
  }

  const targets = [
    ['target', 'measured', 'goal', 'result', ''],
    ...report.targets.map((t) => [t.name, fixed(t.measured), t.target, verdict(t.pass), t.detail]),
  ];

  const phases = cpuPhases(report);
  const names = [...new Set(phases.flatMap((p) => p.usage.map((u) => u.name)))];
  const cpu = [
    ['CPU, % of one core', ...phases.map((p) => p.phase)],
    ...names.map((name) => [
      name,
      ...phases.map((p) => {
        const usage = p.usage.find((u) => u.name === name);
        return usage ? fixed(usage.percentOfCore, 0) : '-';
      }),
    ]),
  ];

  const errors = [
    ['commands', commands.app.errors],
    ['INSERT baseline', commands.baseline.errors],
    ['propagation', propagation.errors],
    ...(feed.status === 'measured'
      ? [
          ['feed', feed.app.errors],
          ['JSON baseline', feed.baseline.errors],
        ]
      : []),
  ] as Array<[string, Record<string, number>]>;
  const errorLines = errors
    .filter(([, counts]) => Object.keys(counts).length > 0)
    .map(
      ([phase, counts]) =>
        `  ${phase}: ${Object.entries(counts)
          .map(([k, n]) => `${k} x${n}`)
          .join(', ')}`,
    );
  const notes = [
    `load average before ${report.machine.loadAverageBefore.map((l) => l.toFixed(2)).join(' ')}, ` +
      `after ${report.machine.loadAverageAfter.map((l) => l.toFixed(2)).join(' ')} on ${report.machine.cpus} CPUs`,
    `propagation: ${fixed(propagation.rate, 0)} likes/s scheduled, ${fixed(propagation.acceptedRate, 0)}/s accepted, ` +
      `${propagation.visibility.pollsPerSecond} GET polls/s, ${propagation.visibility.timeouts} not visible within 5 s` +
      (propagation.skippedBusy > 0
        ? `, ${propagation.skippedBusy} arrivals skipped (that user's like on that post still awaited)`
        : ''),
    ...(errorLines.length > 0 ? ['errors:', ...errorLines] : []),
  ];
  return [table(rows), '', table(targets), '', table(cpu), '', ...notes].join('\n');
}
