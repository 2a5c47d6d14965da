/**
 * The bounded fault run of `npm test`: ten people acting while the projector, the command-service (its
 * relay inside), the gateway and a private Redis are each SIGKILLed and started again, messages among
 * what they write; then nothing acknowledged is lost or doubled, no intent is left unanswered (each is
 * sent again with its Idempotency-Key until answered), the read side equals the write side, and pushes
 * reach sockets again.
 * `npm run faults` adds Postgres, Kafka, a start during a Kafka outage, latency and resets.
 */
import { it } from 'vitest';
import { boundedRun } from './bounded.ts';

it('loses and doubles nothing while services and Redis are killed and restarted', async () => {
  await boundedRun(1, [
    'SIGKILL projector',
    'SIGKILL command-service',
    'SIGKILL realtime-gateway',
    'SIGKILL redis',
  ]);
});
