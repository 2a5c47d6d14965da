import { type DomainEventType, domainEvents, sealEventData } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { sealWith } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeletionBed, deletionHistory, dora, doraText } from './account-deletion-history.ts';
import { isDeletion, orders, snapshotOf } from './account-deletion-testing.ts';
import { HISTORY_TEST_OPTIONS } from './batch-testing.ts';
import { findIn, type ReadModelSnapshot } from './read-model-snapshot.ts';
import { projectorTestbed } from './testing.ts';

/**
 * An account deletion rebuilt from the event log as it holds it (the history of
 * `account-deletion-history.ts` with personal fields sealed): the same rows once her key is destroyed,
 * her sealed fields arriving as stand-ins that must not stay either.
 */

let history: EventEnvelope[];
let expected: ReadModelSnapshot;
let bed: DeletionBed;

beforeAll(async () => {
  bed = await projectorTestbed('account-deletion-sealed');
  // The read models after the whole history as it happened: every other way of applying it must equal them.
  history = deletionHistory(bed.event);
  await bed.rebuildFrom(history);
  expected = await snapshot();
});
afterAll(async () => {
  await bed?.close();
});

const snapshot = snapshotOf(() => bed);

// A history applied several times over: it computes, waits on nothing that could hang (batch-testing.ts).
describe('an account deletion in the read models', HISTORY_TEST_OPTIONS, () => {
  it('rebuilds to the same rows from sealed events once her key is destroyed, her stand-ins gone too', async () => {
    // The same history as the event log holds it now: personal fields sealed with each person's key.
    const sealed: EventEnvelope[] = [];
    for (const e of history) {
      const type = e.type as DomainEventType;
      const definition = domainEvents[type] as { schemaVersion: number; personalData?: { subject: string } };
      const subjectField = definition.personalData?.subject;
      if (!subjectField) {
        sealed.push(e);
        continue;
      }
      const subject = String((e.data as Record<string, unknown>)[subjectField]);
      const key = await bed.vault.keyFor(bed.pool, subject);
      sealed.push({
        ...e,
        schemaVersion: definition.schemaVersion,
        data: sealEventData(type, e.data, (id, json) => sealWith(key, id, json)) as EventEnvelope['data'],
      });
    }
    expect(JSON.stringify(sealed)).not.toContain(doraText.email);
    await bed.rebuildFrom(sealed);
    expect(await snapshot()).toEqual(expected);

    await bed.vault.destroy(bed.pool, dora);
    const standIns = [`erased-${dora}`, 'erased.pdf'];
    for (const [name, order] of Object.entries(orders(sealed))) {
      await bed.rebuildFrom(order);
      const after = await snapshot();
      expect({ order: name, snapshot: after }).toEqual({ order: name, snapshot: expected });
      expect(findIn(after, standIns)).toEqual([]);
    }
    // Halfway through a rebuild (her stream applied up to, not including, AccountDeleted) her row is the
    // stand-in, never her name.
    await bed.rebuildFrom(sealed.filter((e) => !isDeletion(e)));
    const halfway = await snapshot();
    expect(findIn(halfway, Object.values(doraText))).toEqual([]);
    expect(findIn(halfway, [`erased-${dora}@erased.invalid`])).not.toEqual([]);
  });
});
