import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import type { RawMessage } from './runner.ts';

/** Builds envelopes and Kafka-like messages for projector tests (positions and offsets count up). */
export function testMessages() {
  let position = 0;
  let offset = 0;
  return {
    envelope(
      streamType: EventEnvelope['streamType'],
      streamId: string,
      streamVersion: number,
      type: string,
      data: object,
    ): EventEnvelope {
      return {
        id: randomUUID(),
        type,
        schemaVersion: 1,
        streamType,
        streamId,
        streamVersion,
        position: ++position,
        occurredAt: new Date().toISOString(),
        actorId: null,
        correlationId: randomUUID(),
        causationId: null,
        data,
      };
    },
    message(value: unknown): RawMessage {
      return {
        topic: 't',
        partition: 0,
        offset: String(offset++),
        value: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
      };
    },
  };
}
