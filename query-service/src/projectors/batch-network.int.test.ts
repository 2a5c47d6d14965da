import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches } from './batch-history.ts';
import { networkHistory } from './batch-network-history.ts';
import { HISTORY_TEST_OPTIONS, snapshotOf } from './batch-testing.ts';
import { projectorTestbed } from './testing.ts';

/** Batches of a network (the history of `batch-network-history.ts`) leave its read models as applying each event alone does. */

let oneByOne: Awaited<ReturnType<typeof projectorTestbed>>;
let batched: Awaited<ReturnType<typeof projectorTestbed>>;

beforeAll(async () => {
  oneByOne = await projectorTestbed('batch-one-by-one', { eventByEvent: true });
  batched = await projectorTestbed('batch');
});
afterAll(async () => {
  await oneByOne?.close();
  await batched?.close();
});

describe('projector batches', HISTORY_TEST_OPTIONS, () => {
  for (const seed of [5, 6, 7]) {
    it(`given a network (seed ${seed}) of requests accepted, declined, withdrawn and removed and pairs connecting again, batches leave the connections, the network counts and the timelines as applying each event alone does, and redelivering them changes nothing`, async () => {
      const events = networkHistory(seed);
      await oneByOne.rebuildFrom(events);
      await batched.rebuildFrom([]);
      // The network's topic alone, as the projector reads it: long runs of connection events.
      const network = events.filter((e) => e.streamType === 'connection');
      const others = events.filter((e) => e.streamType !== 'connection');
      let applied = 0;
      for (const batch of [...batches(others, seed, 40), ...batches(network, seed * 3, 120)]) {
        applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      expect(applied).toBe(events.length);
      const expected = await snapshotOf(oneByOne);
      // The history reaches every part: counts of mutual connections going up and down, removed rows.
      expect(expected.tables.connection_mutuals?.length).toBeGreaterThan(0);
      expect(expected.tables.connections?.some((r) => r.includes('"removed"'))).toBe(true);
      expect(expected.tables.connections?.some((r) => r.includes('"withdrawn"'))).toBe(true);
      expect(expected.tables.connections?.some((r) => r.includes('"rejected"'))).toBe(true);
      // Requests still open and acceptances, shown and kept hidden.
      const notifications = expected.tables.notifications ?? [];
      expect(
        notifications.some(
          (r) =>
            (r.includes('"kind": "connection_request"') || r.includes('"kind": "connection_accepted"')) &&
            r.includes('"hidden": true'),
        ),
      ).toBe(true);
      for (const kind of ['connection_request', 'connection_accepted']) {
        expect(
          notifications.some((r) => r.includes(`"kind": "${kind}"`) && r.includes('"hidden": false')),
        ).toBe(true);
      }
      expect(expected.tables.suggestion_skills?.length).toBeGreaterThan(0);
      expect(expected.tables.suggestion_people?.some((r) => r.includes('"lisbon"'))).toBe(true);
      expect(Object.keys(expected.keys).some((k) => k.startsWith('timelines:'))).toBe(true);
      // Conversations of connected pairs, their messages told by the bell, and blocks held.
      expect(expected.tables.messages?.length).toBeGreaterThan(0);
      expect(expected.tables.conversation_members?.length).toBeGreaterThan(0);
      expect(notifications.some((r) => r.includes('"kind": "new_message"'))).toBe(true);
      expect(expected.tables.messaging_blocks?.length).toBeGreaterThan(0);
      // The links that let people write: made by acceptances, ended by removals (taken in runs).
      expect(expected.tables.messaging_links?.length).toBeGreaterThan(0);
      expect(await snapshotOf(batched)).toEqual(expected);

      // And the whole history in one batch, the people and posts after the network (a topic lagging
      // behind), as one by one in that order.
      const lagging = [...network, ...others];
      await oneByOne.rebuildFrom(lagging);
      await batched.rebuildFrom([]);
      await batched.runner.applyMessages(lagging.map((e) => batched.message(e)));
      expect(await snapshotOf(batched)).toEqual(await snapshotOf(oneByOne));

      let again = 0;
      for (const batch of batches(events, seed * 11, 300)) {
        again += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      expect(again).toBe(0);
      const reversed = [...events].reverse();
      expect((await batched.runner.applyMessages(reversed.map((e) => batched.message(e)))).applied).toBe(0);
      expect(await snapshotOf(batched)).toEqual(await snapshotOf(oneByOne));
    });
  }
});
