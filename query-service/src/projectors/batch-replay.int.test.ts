import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { withTransaction } from '@careers/service-kit';
import { type NotificationPush, watchNotificationPushes } from '@careers/service-kit/notification-pushes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, history } from './batch-history.ts';
import { checkpointsOf, HISTORY_TEST_OPTIONS, snapshotOf } from './batch-testing.ts';
import { likersKeptIn } from './notifications/likes-comments.ts';
import { keptUnreadCounts } from './notifications/testing.ts';
import { projectors } from './registry.ts';
import type { ReplayMemory } from './replay-memory.ts';
import { projectorTestbed } from './testing.ts';

/** Batches in a rebuild (a replaying runner): no pushes, the likers kept in memory, the projectors behind. */

let batched: Awaited<ReturnType<typeof projectorTestbed>>;

beforeAll(async () => {
  batched = await projectorTestbed('batch');
});
afterAll(async () => {
  await batched?.close();
});

describe('projector batches', HISTORY_TEST_OPTIONS, () => {
  it('tells nobody of what a rebuild replays, and leaves the same read models as a runner that does', async () => {
    const events = history(8);
    const replayed = await projectorTestbed('batch-replay');
    replayed.runner.replay();
    const heard: { live: NotificationPush[]; replayed: NotificationPush[] } = { live: [], replayed: [] };
    const stops = [
      await watchNotificationPushes(batched.redis, (pushes) => heard.live.push(...pushes)),
      await watchNotificationPushes(replayed.redis, (pushes) => heard.replayed.push(...pushes)),
    ];
    try {
      await batched.rebuildFrom([]);
      for (const [bed, seed] of [
        [batched, 3],
        [replayed, 5],
      ] as const) {
        for (const batch of batches(events, seed, 150)) {
          await bed.runner.applyMessages(batch.map((e) => bed.message(e)));
        }
      }
      await expect.poll(() => heard.live.length).toBeGreaterThan(0);
      // Published after each commit, so by now those of the replayed batches would have arrived too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard.replayed).toEqual([]);
      expect(await snapshotOf(replayed)).toEqual(await snapshotOf(batched));
      // Redelivered, in other batches: skipped by the checkpoints the replaying runner keeps, which
      // reach the table only when written at the end, as the live runner's.
      let again = 0;
      for (const batch of batches(events, 7, 200)) {
        again += (await replayed.runner.applyMessages(batch.map((e) => replayed.message(e)))).applied;
      }
      expect(again).toBe(0);
      expect(await snapshotOf(replayed)).toEqual(await snapshotOf(batched));
      expect(await checkpointsOf(replayed)).toEqual([]);
      await withTransaction(replayed.pool, (tx) => replayed.runner.writeReplayedCheckpoints(tx));
      const written = await checkpointsOf(replayed);
      expect(written.length).toBeGreaterThan(0);
      expect(written).toEqual(await checkpointsOf(batched));
      // The bell's counts are kept live, exact, and not by a rebuild: each is counted when next needed.
      const live = (await keptUnreadCounts(batched.pool, batched.schema)).filter((r) => r.known);
      expect(live.length).toBeGreaterThan(0);
      expect(live.filter((r) => r.kept !== r.counted)).toEqual([]);
      expect(await keptUnreadCounts(replayed.pool, replayed.schema)).toEqual([]);
    } finally {
      for (const stop of stops) await stop();
      await replayed.close();
    }
  });

  it('keeps, in a rebuild, a copy of the likers that equals their table, in batches and event by event, and forgets it once a transaction fails', async () => {
    const events = history(9);
    const likersOf = async (bed: Awaited<ReturnType<typeof projectorTestbed>>) =>
      (
        await bed.pool.query<{ pair: string }>(
          `SELECT post_id || ' ' || user_id AS pair FROM ${bed.schema}.notification_likers`,
        )
      ).rows
        .map((r) => r.pair)
        .sort();
    for (const eventByEvent of [false, true]) {
      const bed = await projectorTestbed('batch-kept', { eventByEvent, freshSchemas: true });
      try {
        bed.runner.replay();
        const memory = bed.runner.replayMemory as ReplayMemory;
        for (const batch of batches(events, 9, 90)) {
          await bed.runner.applyMessages(batch.map((e) => bed.message(e)));
        }
        const table = await likersOf(bed);
        expect(table.length, `eventByEvent ${eventByEvent}`).toBeGreaterThan(10);
        expect(likersKeptIn(memory), `eventByEvent ${eventByEvent}`).toEqual(table);
        // A transaction that fails may have changed the copy for rows it never wrote: it is dropped.
        await bed.pool.query(
          `ALTER TABLE ${bed.schema}.notification_likers ADD CONSTRAINT no_likers CHECK (false) NOT VALID`,
        );
        // Someone new likes a post that has likers (not removed, its author not deleted).
        const postId = table[0]?.split(' ')[0];
        const like = events.find((e) => e.type === 'PostLiked' && e.streamId === postId) as EventEnvelope;
        const data = { ...(like.data as Record<string, unknown>), userId: randomUUID() };
        const stranger = { ...like, data, streamVersion: 1_000_000 };
        await expect(bed.runner.applyMessages([bed.message(stranger)])).rejects.toThrow(/no_likers/);
        expect(memory.trusted).toBe(false);
        expect(likersKeptIn(memory)).toBeUndefined();
      } finally {
        await bed.close();
      }
    }
  });

  it('leaves the same read models when, in a rebuild, the projectors behind apply every batch after the others applied them all', async () => {
    const behind = projectors.filter((p) => p.replaysBehind);
    expect(behind.map((p) => p.name)).toEqual(['notifications']);
    for (const seed of [4, 6]) {
      const events = history(seed);
      // The live runner's read models, from batches (which batch-posts shows equal to one by one).
      await batched.rebuildFrom([]);
      for (const batch of batches(events, seed * 5, 150)) {
        await batched.runner.applyMessages(batch.map((e) => batched.message(e)));
      }
      const expected = await snapshotOf(batched);
      expect(expected.tables.notifications?.length).toBeGreaterThan(0);
      const replayed = await projectorTestbed('batch-behind');
      try {
        // The furthest behind a rebuild could be: every other read model complete first, so each
        // notification reads posts removed and accounts deleted by events after its own.
        const others = replayed.runnerOf(projectors.filter((p) => !p.replaysBehind));
        const late = replayed.runnerOf(behind);
        for (const runner of [others, late]) {
          runner.replay();
          for (const batch of batches(events, seed * 13, 120)) {
            await runner.applyMessages(batch.map((e) => replayed.message(e)));
          }
        }
        expect(await snapshotOf(replayed)).toEqual(expected);
      } finally {
        await replayed.close();
      }
    }
  });
});
