import { z } from 'zod';
import { StreamType } from '../topics.ts';

/**
 * The envelope every domain event travels in, on Kafka and in the command-service's event log.
 * `data` is validated per event type by the schema registered in `catalogue.ts`.
 */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  schemaVersion: z.number().int().min(1),
  streamType: StreamType,
  streamId: z.string().min(1),
  streamVersion: z.number().int().min(1),
  position: z.number().int().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  actorId: z.string().nullable(),
  correlationId: z.string().min(1),
  causationId: z.string().nullable(),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
