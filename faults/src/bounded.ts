/**
 * The bounded fault runs of `npm test` (faults.int.test.ts, two-copies.int.test.ts): ten people, 2 s
 * down, on the shared Postgres and Kafka in a namespace of their own and a private Redis. Each ends
 * with every check held, every kind of command acknowledged at least once (so every check had
 * something to find), and the summary in npm test's output.
 */
import { expect } from 'vitest';
import { formatSummary } from './report.ts';
import { type FaultsReport, runSuite } from './suite.ts';

export async function boundedRun(copies: number, faults: string[]): Promise<FaultsReport> {
  const lines: string[] = [];
  const report = await runSuite({
    mode: 'bounded',
    copies,
    users: 10,
    thinkMs: 300,
    downMs: 2000,
    restartMs: 2000,
    kafkaOutageMs: 0,
    toxicMs: 0,
    healTimeoutMs: 45_000,
    log: (line) => lines.push(line),
  });
  const summary = formatSummary(report);
  expect(report.faults.map((f) => f.name)).toEqual(faults);
  for (const [kind, counts] of Object.entries(report.commands))
    expect(counts.acknowledged, `${kind}\n${summary}`).toBeGreaterThan(0);
  expect(
    report.checks.filter((c) => !c.ok),
    `${summary}\n${lines.join('\n')}`,
  ).toEqual([]);
  // What the run did: intents sent again and answered from a stored answer, heal times.
  console.info(summary);
  return report;
}
