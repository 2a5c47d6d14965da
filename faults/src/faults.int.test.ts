/**
 * The bounded fault run of `npm test`: ten people acting while the projector, the command-service (its
 * relay inside), the gateway and a private Redis are each SIGKILLed and started again, messages among
 * what they write; then nothing acknowledged is lost or doubled, no intent is left unanswered (each is
 * sent again with its Idempotency-Key until answered), the read side equals the write side, and pushes
 * reach sockets again.
 * `npm run faults` adds Postgres, Kafka, a start during a Kafka outage, latency and resets.
 */
import { expect, it } from 'vitest';
import { formatSummary } from './report.ts';
import { runSuite } from './suite.ts';

it('loses and doubles nothing while services and Redis are killed and restarted', async () => {
  const lines: string[] = [];
  const report = await runSuite({
    mode: 'bounded',
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
    'SIGKILL projector',
    'SIGKILL command-service',
    'SIGKILL realtime-gateway',
    'SIGKILL redis',
  ]);
  // Every kind of command was acknowledged during the run, so every check had something to find.
  for (const [kind, counts] of Object.entries(report.commands))
    expect(counts.acknowledged, `${kind}\n${summary}`).toBeGreaterThan(0);
  expect(
    report.checks.filter((c) => !c.ok),
    `${summary}\n${lines.join('\n')}`,
  ).toEqual([]);
  // What the run did, in npm test's output: intents sent again and answered from a stored answer.
  console.info(summary);
});
