import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { consistencyTokensOf } from '@careers/service-kit';
import type { FastifyReply } from 'fastify';

/**
 * Read-your-writes: the reply names the last version written of each stream the command touched, so
 * the client's next read waits until the query side has applied it. Each token is signed for the user
 * the reply goes to (the query-service waits only for tokens issued to the reader): the actor, or for a
 * sign-up or sign-in, which have no actor yet, the user whose stream was written.
 */
export function consistencyTokenOf(
  reply: FastifyReply,
  events: readonly Pick<EventEnvelope, 'streamId' | 'streamType' | 'streamVersion'>[],
  actorId: string | null,
): string | null {
  const latest = new Map<string, number>();
  for (const event of events) {
    latest.set(event.streamId, Math.max(latest.get(event.streamId) ?? 0, event.streamVersion));
  }
  const viewer = actorId ?? events.find((event) => event.streamType === 'user')?.streamId;
  if (latest.size === 0 || !viewer) return null;
  const signer = consistencyTokensOf(reply.server);
  return [...latest]
    .map(([streamId, streamVersion]) => signer.issue({ streamId, streamVersion }, viewer))
    .join(',');
}
