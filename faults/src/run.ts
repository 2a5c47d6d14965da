/**
 * npm run faults: every fault on a private Postgres, Redis and Kafka behind Toxiproxy, with 30 people
 * acting meanwhile; then the two-copy run: two copies of each service behind the edge, one copy at a
 * time SIGKILLed while its twin serves. Prints progress and each summary, writes faults/reports/.
 * Knobs: FAULTS_USERS, FAULTS_THINK_MS, FAULTS_DOWN_MS, FAULTS_RESTART_MS, FAULTS_KAFKA_OUTAGE_MS,
 * FAULTS_TOXIC_MS, FAULTS_COPIES (2, the default, adds the two-copy run; 1 leaves it out).
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSummary, writeReport } from './report.ts';
import { runSuite, type SuiteOptions } from './suite.ts';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of at least 0`);
  return value;
};
const copies = number('FAULTS_COPIES', 2);
if (copies !== 1 && copies !== 2) throw new Error('FAULTS_COPIES must be 1 or 2');

// Ctrl-C: exit through process.exit, whose handlers kill the private stack and the services.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const options: SuiteOptions = {
  mode: 'full',
  users: number('FAULTS_USERS', 30),
  thinkMs: number('FAULTS_THINK_MS', 400),
  downMs: number('FAULTS_DOWN_MS', 4000),
  // A killed service is started again after its supervisor's first pause, 1 s (scripts/supervise.sh).
  restartMs: number('FAULTS_RESTART_MS', 1000),
  // Longer than the minute after which a Kafka consumer that started without a broker used to give up.
  kafkaOutageMs: number('FAULTS_KAFKA_OUTAGE_MS', 75_000),
  toxicMs: number('FAULTS_TOXIC_MS', 10_000),
  healTimeoutMs: 120_000,
  log: (line) => console.log(line),
};
const runs = copies === 2 ? [options, { ...options, copies: 2 }] : [options];
let passed = true;
for (const run of runs) {
  if (run.copies) console.log('\nthe two-copy run: one copy of each service at a time\n');
  const report = await runSuite(run);
  console.log(`\n${formatSummary(report)}`);
  const file = writeReport(report, fileURLToPath(new URL('../reports', import.meta.url)));
  // Named from the repository's root, as the README names it.
  const html = report.copies > 1 ? 'latest-copies.html' : 'latest.html';
  console.log(
    `\nreport: ${relative(fileURLToPath(new URL('../..', import.meta.url)), file)} and ${html} beside it`,
  );
  passed &&= report.passed;
}
process.exit(passed ? 0 : 1);
