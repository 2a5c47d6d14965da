/**
 * The analytics phase: the Python example consumer (examples/analytics/) reads every topic the run
 * wrote, validates each event against the catalogue and loads DuckDB, as an outside analytics team would.
 * It shows the tables on the bench's data and how fast an outside consumer reads the stream.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type Row = Record<string, string | number | null>;

/** The part of the example's `--json` output the bench keeps. */
interface ExampleOutput {
  seconds: number;
  counts: { read: number; loaded: number; invalid: number; skipped: number; sealed: number };
  views: Record<'daily_signups' | 'hiring_funnel' | 'daily_engagement' | 'most_engaged_posts', Row[]>;
}

export type AnalyticsResult =
  | {
      status: 'measured';
      seconds: number;
      eventsRead: number;
      eventsPerSecond: number;
      invalid: number;
      skipped: number;
      sealed: number;
      views: ExampleOutput['views'];
    }
  | { status: 'missing'; reason: string };

/** Runs `npm run analytics` (scripts/analytics.sh) against the run's topics and keeps its figures. */
export async function measureAnalytics(
  brokers: string,
  topicPrefix: string,
  progress: (line: string) => void,
): Promise<AnalyticsResult> {
  const output = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      'bash',
      [`${ROOT}/scripts/analytics.sh`, '--json', '--topic-prefix', topicPrefix, '--timeout', '120'],
      { env: { ...process.env, KAFKA_BROKERS: brokers }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
      // The example's own progress lines (events/s per topic) show as the phase's progress.
      for (const line of chunk.toString().split('\n')) if (line.trim()) progress(`  ${line.trim()}`);
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  if (output.code !== 0) {
    return {
      status: 'missing',
      reason: `analytics example failed (${output.code}): ${output.stderr.slice(-300)}`,
    };
  }
  const parsed = JSON.parse(output.stdout) as ExampleOutput;
  return {
    status: 'measured',
    seconds: parsed.seconds,
    eventsRead: parsed.counts.read,
    eventsPerSecond: parsed.seconds > 0 ? parsed.counts.read / parsed.seconds : 0,
    invalid: parsed.counts.invalid,
    skipped: parsed.counts.skipped,
    sealed: parsed.counts.sealed,
    views: {
      daily_signups: parsed.views.daily_signups,
      hiring_funnel: parsed.views.hiring_funnel.slice(0, 10),
      daily_engagement: parsed.views.daily_engagement,
      most_engaged_posts: parsed.views.most_engaged_posts.slice(0, 10),
    },
  };
}

/** The analytics phase's rows of the summary table. */
export function analyticsRows(result: AnalyticsResult | undefined): string[][] {
  if (!result) return [];
  if (result.status !== 'measured') return [['analytics example', result.reason, '', '']];
  return [
    [
      `analytics example: ${result.eventsRead} events read, validated and loaded (${result.invalid} invalid, ${result.sealed} sealed fields not loaded)`,
      `${Math.round(result.eventsPerSecond)} events/s`,
      '',
      '',
    ],
  ];
}

/** The example's tables on the run's data, as text (the first rows of each). */
export function formatAnalyticsTables(result: AnalyticsResult | undefined): string {
  if (result?.status !== 'measured') return '';
  return Object.entries(result.views)
    .map(([name, rows]) => {
      const columns = Object.keys(rows[0] ?? {});
      const lines = [columns, ...rows.slice(0, 5).map((row) => columns.map((c) => String(row[c] ?? '')))];
      const widths = columns.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length)));
      const text = lines.map((line) => line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
      return [`${name} (${rows.length} rows${rows.length > 5 ? ', first 5' : ''})`, ...text].join('\n  ');
    })
    .join('\n\n');
}
