/** The fault suite's summary table, its JSON report and an HTML page with the heal-time chart. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { barChart, escapeHtml } from '@careers/bench/src/chart.ts';
import type { FaultsReport } from './suite.ts';
import { describeTarget } from './targets.ts';

const seconds = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`;

/** One row per fault: what was done, how long it lasted, and the time to each sign of healing. */
export function faultRows(report: FaultsReport): string[][] {
  // Reads are sent in the two-copy run, where none may fail.
  const reads = report.faults.some((f) => f.failedReads !== undefined);
  // The full run's heal targets (issue 58): each with what was measured, MISSED when it was not met.
  const targets = report.faults.some((f) => f.targets !== undefined);
  const targetCell = (f: FaultsReport['faults'][number]) =>
    (f.targets ?? [])
      .map((t) => `${describeTarget(t)}: ${seconds(t.measuredMs)}${t.met ? '' : ' MISSED'}`)
      .join('; ');
  return [
    [
      'fault',
      'down',
      'first command',
      'caught up (lag 0)',
      'live push',
      'failed commands',
      ...(reads ? ['failed reads'] : []),
      'healed',
      ...(targets ? ['target'] : []),
    ],
    ...report.faults.map((f) => [
      f.name,
      seconds(f.downMs),
      seconds(f.firstCommandMs),
      seconds(f.caughtUpMs),
      f.pushMs === undefined ? '' : seconds(f.pushMs),
      String(f.failedCommands),
      ...(reads ? [String(f.failedReads ?? '')] : []),
      f.healed ? 'yes' : 'NO',
      ...(targets ? [targetCell(f)] : []),
    ]),
  ];
}

/** The run's kind in words: its mode, and the copies when there are several. */
export function runKind(report: FaultsReport): string {
  return report.copies > 1 ? `${report.mode}, ${report.copies} copies of each service` : report.mode;
}

export function textTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function formatSummary(report: FaultsReport): string {
  const commands = Object.entries(report.commands)
    .map(([kind, c]) => `${kind} ${c.acknowledged}/${c.sent}`)
    .join(', ');
  const reads = report.reads ? `; reads answered/sent: ${report.reads.answered}/${report.reads.sent}` : '';
  return [
    `Fault suite (${runKind(report)}): ${report.users} people, ${(report.durationMs / 1000).toFixed(0)} s; commands acknowledged/sent: ${commands}${reads}`,
    '',
    textTable(faultRows(report)),
    '',
    ...report.checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`),
    '',
    report.passed ? 'PASSED' : 'FAILED',
  ].join('\n');
}

export function renderHtml(report: FaultsReport): string {
  const chart = barChart({
    title: 'Time to heal after each fault',
    unit: 's',
    groups: report.faults.map((f) => ({
      label: f.name,
      bars: [
        { series: 'first command', value: f.firstCommandMs === null ? Number.NaN : f.firstCommandMs / 1000 },
        { series: 'caught up (lag 0)', value: f.caughtUpMs === null ? Number.NaN : f.caughtUpMs / 1000 },
        ...(f.pushMs === undefined
          ? []
          : [{ series: 'live push', value: f.pushMs === null ? Number.NaN : f.pushMs / 1000 }]),
      ],
    })),
  });
  const rows = faultRows(report);
  const table = (cells: string[][]) =>
    `<table><thead><tr>${(cells[0] ?? []).map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${cells
      .slice(1)
      .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;
  const checks = [
    ['check', 'result', 'detail'],
    ...report.checks.map((c) => [c.name, c.ok ? 'ok' : 'FAILED', c.detail]),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fault suite ${escapeHtml(report.startedAt)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>
</head><body>
<h1>Fault suite: ${report.passed ? 'passed' : 'FAILED'}</h1>
<p>${escapeHtml(runKind(report))} run started ${escapeHtml(report.startedAt)}, ${report.users} people, ${(report.durationMs / 1000).toFixed(0)} s.
Heal times are measured from the moment of the fault (the part killed, the toxic added), and include the time it stayed down.</p>
${chart}
${table(rows)}
<h2>Checks</h2>
${table(checks)}
</body></html>
`;
}

/**
 * Writes `<dir>/<timestamp>.json` and `<dir>/latest.html` (`latest-copies.html` for a two-copy run);
 * returns the JSON's path.
 */
export function writeReport(report: FaultsReport, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const copies = report.copies > 1 ? `-${report.copies}-copies` : '';
  const file = `${dir}/${report.startedAt.replace(/[:.]/g, '-')}${copies}.json`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${dir}/latest${report.copies > 1 ? '-copies' : ''}.html`, renderHtml(report));
  return file;
}
