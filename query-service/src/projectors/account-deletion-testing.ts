import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { expect } from 'vitest';
import { type DeletionBed, dora } from './account-deletion-history.ts';
import { type ReadModelSnapshot, readModelSnapshot } from './read-model-snapshot.ts';

/** What the account deletion tests share beside its history (`account-deletion-history.ts`). */

/** The streams, each in its own order, listed by their first event. */
function streams(events: readonly EventEnvelope[]): EventEnvelope[][] {
  const byStream = new Map<string, EventEnvelope[]>();
  for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
  return [...byStream.values()];
}
export const isDeletion = (e: EventEnvelope) => e.type === 'AccountDeleted';
export const removals = new Set([
  'PostRemoved',
  'CommentRemoved',
  'PostUnliked',
  'ConnectionRemoved',
  'ConnectionWithdrawn',
  'ApplicationWithdrawn',
  'JobClosed',
]);

/** The history in the orders topics read at their own paces may apply it in, each stream's own order kept. */
export function orders(events: readonly EventEnvelope[]): Record<string, EventEnvelope[]> {
  const doraStream = events.filter((e) => e.streamId === dora);
  const firstRemoval = events.findIndex((e) => removals.has(e.type));
  const deletion = events.find(isDeletion) as EventEnvelope;
  return {
    'as it happened': [...events],
    'her stream first, AccountDeleted before everything else': [
      ...doraStream,
      ...events.filter((e) => e.streamId !== dora),
    ],
    'streams reversed': streams(events).reverse().flat(),
    'AccountDeleted before every removal': [
      ...events.slice(0, firstRemoval).filter((e) => !isDeletion(e)),
      deletion,
      ...events.slice(firstRemoval).filter((e) => !isDeletion(e)),
    ],
  };
}

/** The read models as they stand in `bed()`; no event of the history may have been refused on the way. */
export function snapshotOf(bed: () => DeletionBed) {
  return async (): Promise<ReadModelSnapshot> => {
    const dead = await bed().pool.query(`SELECT reason FROM ${bed().schema}.dead_letters`);
    expect(dead.rows).toEqual([]);
    return readModelSnapshot(bed().pool, bed().config.DB_SCHEMA, bed().redis);
  };
}
