import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeletionBed, deletionHistory } from './account-deletion-history.ts';
import { orders, snapshotOf } from './account-deletion-testing.ts';
import type { ReadModelSnapshot } from './read-model-snapshot.ts';
import { projectorTestbed } from './testing.ts';

/**
 * An account deletion applied as topics deliver it (the history of `account-deletion-history.ts`):
 * topics are read at their own paces, so the same history is applied in several orders that keep each
 * stream's own order, and may be redelivered. Each must leave the same rows and keys.
 */

let history: EventEnvelope[];
let expected: ReadModelSnapshot;
let bed: DeletionBed;

beforeAll(async () => {
  bed = await projectorTestbed('account-deletion-order');
  // The read models after the whole history as it happened: every other way of applying it must equal them.
  history = deletionHistory(bed.event);
  await bed.rebuildFrom(history);
  expected = await snapshot();
});
afterAll(async () => {
  await bed?.close();
});

const snapshot = snapshotOf(() => bed);

describe('an account deletion in the read models', () => {
  it('leaves the same rows and keys whatever order the streams are applied in', async () => {
    for (const [name, order] of Object.entries(orders(history))) {
      expect(order).toHaveLength(history.length);
      await bed.rebuildFrom(order);
      expect({ order: name, snapshot: await snapshot() }).toEqual({ order: name, snapshot: expected });
    }
  });

  it('changes nothing when the whole history is redelivered, in order and reversed', async () => {
    await bed.rebuildFrom(history);
    const all = history.map((e) => bed.message(e));
    expect(await bed.runner.applyMessages(all)).toEqual({ applied: 0, skipped: history.length });
    expect(await bed.runner.applyMessages([...all].reverse())).toEqual({
      applied: 0,
      skipped: history.length,
    });
    expect(await snapshot()).toEqual(expected);
  });
});
