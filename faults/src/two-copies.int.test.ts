/**
 * The bounded fault run with two copies of every service behind the edge (issue 59), as
 * `REPLICAS=2 npm start` runs them: ten people acting and reading their feeds while one copy at a time
 * is SIGKILLed and started again (a projector, the command-service whose relay publishes, a
 * query-service, the gateway holding the watcher's sockets). With its twin up, no read and no command
 * fails, not even a first try (the edge sends one whose copy died to the other); then nothing
 * acknowledged is lost or doubled and the read side equals the write side, as in the one-copy run.
 */
import { expect, it } from 'vitest';
import { formatSummary } from './report.ts';
import { runSuite } from './suite.ts';

it('serves every read and intent while one copy of each service at a time is killed', async () => {
  const lines: string[] = [];
  const report = await runSuite({
    mode: 'bounded',
    copies: 2,
    users: 10,
    thinkMs: 300,
    downMs: 2000,
    kafkaOutageMs: 0,
    toxicMs: 0,
    healTimeoutMs: 45_000,
    log: (line) => lines.push(line),
  });
  const summary = formatSummary(report);
  expect(report.faults.map((f) => f.name)).toEqual([
    'SIGKILL one projector copy',
    'SIGKILL the command-service copy whose relay publishes',
    'SIGKILL one query-service copy',
    "SIGKILL the realtime-gateway copy holding the watcher's sockets",
  ]);
  for (const [kind, counts] of Object.entries(report.commands))
    expect(counts.acknowledged, `${kind}\n${summary}`).toBeGreaterThan(0);
  expect(report.reads?.answered, summary).toBeGreaterThan(0);
  expect(
    report.checks.filter((c) => !c.ok),
    `${summary}\n${lines.join('\n')}`,
  ).toEqual([]);
  console.info(summary);
});
