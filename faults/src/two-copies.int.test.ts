/**
 * The bounded fault run with two copies of every service behind the edge (issue 59), as
 * `REPLICAS=2 npm start` runs them: ten people acting and reading their feeds while one copy at a time
 * is SIGKILLed and started again (a projector, the command-service whose relay publishes, a
 * query-service, the gateway holding the watcher's sockets). With its twin up, no read and no command
 * fails, not even a first try (the edge sends one whose copy died to the other); then nothing
 * acknowledged is lost or doubled and the read side equals the write side, as in the one-copy run.
 */
import { expect, it } from 'vitest';
import { boundedRun } from './bounded.ts';

it('serves every read and command while one copy of each service at a time is killed', async () => {
  const report = await boundedRun(2, [
    'SIGKILL one projector copy',
    'SIGKILL the command-service copy whose relay publishes',
    'SIGKILL one query-service copy',
    "SIGKILL the realtime-gateway copy holding the watcher's sockets",
  ]);
  expect(report.reads?.answered).toBeGreaterThan(0);
});
