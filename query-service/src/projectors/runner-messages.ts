import { type DomainEvent, parseDomainEvent, sealedSubject } from '@careers/contracts/events/catalogue';
import type { PersonalDataVault, Pool } from '@careers/service-kit';
import type { ConsumerHandle } from '@careers/service-kit/group-consumer';

/** The projector runner's messages: as Kafka hands them over, read into events, and their offsets. */

export interface RawMessage {
  topic: string;
  partition: number;
  offset: string;
  value: Buffer | null;
}

/** A batch's messages read into events (and those that are not events, for the dead letters). */
export interface Decoded {
  events: DomainEvent[];
  dead: { message: RawMessage; reason: string }[];
}

export const byTopic = (a: readonly RawMessage[], b: readonly RawMessage[]) =>
  (a[0]?.topic ?? '').localeCompare(b[0]?.topic ?? '') || (a[0]?.partition ?? 0) - (b[0]?.partition ?? 0);

/**
 * Commits, after their transaction, the offsets past the last message of every partition batch in it:
 * one request per consumer (there is one but across a restart) rather than one per partition.
 */
export async function commitOffsetsOf(
  batches: readonly { messages: readonly RawMessage[]; consumer: ConsumerHandle | null }[],
): Promise<void> {
  const byConsumer = new Map<
    ConsumerHandle,
    Map<string, { topic: string; partition: number; offset: string }>
  >();
  for (const { messages, consumer } of batches) {
    const last = messages.at(-1);
    if (!consumer || !last) continue;
    const offsets = byConsumer.get(consumer) ?? new Map();
    const next = (BigInt(last.offset) + 1n).toString();
    const key = `${last.topic}\u0000${last.partition}`;
    const before = offsets.get(key);
    if (!before || BigInt(before.offset) < BigInt(next)) {
      offsets.set(key, { topic: last.topic, partition: last.partition, offset: next });
    }
    byConsumer.set(consumer, offsets);
  }
  for (const [consumer, offsets] of byConsumer) await consumer.commitOffsets([...offsets.values()]);
}

/** Reads messages into events, opening their sealed fields; what is not an event goes to `dead`. */
export async function decodeMessages(
  messages: readonly RawMessage[],
  pool: Pool,
  vault: PersonalDataVault,
): Promise<Decoded> {
  const events: DomainEvent[] = [];
  const dead: { message: RawMessage; reason: string }[] = [];
  const raw: { message: RawMessage; value: unknown }[] = [];
  const subjects = new Set<string>();
  for (const message of messages) {
    try {
      const value: unknown = JSON.parse(message.value?.toString('utf8') ?? 'null');
      raw.push({ message, value });
      const subject = sealedSubject(value as { type: string; data: unknown });
      if (subject) subjects.add(subject);
    } catch (error) {
      dead.push({ message, reason: (error as Error).message.slice(0, 2000) });
    }
  }
  // The keys of everyone the batch's sealed fields are about, in one query.
  const open = subjects.size > 0 ? await vault.opener(pool, subjects) : undefined;
  for (const { message, value } of raw) {
    try {
      events.push(parseDomainEvent(value, { open }));
    } catch (error) {
      dead.push({ message, reason: (error as Error).message.slice(0, 2000) });
    }
  }
  return { events, dead };
}
