import { CONSISTENCY_HEADER, formatConsistencyToken } from '@careers/contracts/consistency';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import type { FastifyReply } from 'fastify';

/**
 * Read-your-writes: the reply names the last version written of each stream the command touched, so
 * the client's next read waits until the query side has applied it.
 */
export function sendConsistencyToken(reply: FastifyReply, events: readonly EventEnvelope[]): void {
  const latest = new Map<string, number>();
  for (const event of events) {
    latest.set(event.streamId, Math.max(latest.get(event.streamId) ?? 0, event.streamVersion));
  }
  if (latest.size === 0) return;
  reply.header(
    CONSISTENCY_HEADER,
    [...latest]
      .map(([streamId, streamVersion]) => formatConsistencyToken({ streamId, streamVersion }))
      .join(','),
  );
}
