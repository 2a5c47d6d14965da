import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, history } from './batch-history.ts';
import { HISTORY_TEST_OPTIONS, snapshotOf } from './batch-testing.ts';
import { projectorTestbed } from './testing.ts';

/**
 * Batches of people, posts, likes, comments and followed tags (the history of `batch-history.ts`)
 * leave the read models as applying each event alone does, a poison message among them included.
 */

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
  for (const seed of [1, 2, 3]) {
    it(`given one history (seed ${seed}), batches of up to 150 events leave the read models as applying each event alone does, and redelivering them, in order or reversed, changes nothing`, async () => {
      const events = history(seed);
      await oneByOne.rebuildFrom(events);
      await batched.rebuildFrom([]);
      let applied = 0;
      const cut = batches(events, seed * 7, 150);
      for (const batch of cut) {
        applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      expect(applied).toBe(events.length);
      const expected = await snapshotOf(oneByOne);
      // The history reaches every batched path: grouped likes going down to none, comments, timelines.
      expect(expected.tables.notifications?.length).toBeGreaterThan(0);
      expect(expected.tables.notification_likers?.length).toBeGreaterThan(0);
      expect(Object.keys(expected.keys).some((k) => k.startsWith('timelines:'))).toBe(true);
      // Tags followed (the tag-follows model and the timelines' copy), and posts with pictures.
      expect(expected.tables.tag_follows?.length).toBeGreaterThan(0);
      expect(expected.tables.timeline_tag_follows?.length).toBeGreaterThan(0);
      expect(expected.tables.posts?.some((row) => row.includes('"imageId"'))).toBe(true);
      // Edits of posts and comments, and a comment's notification quoting its edited text.
      for (const table of ['posts', 'post_comments', 'notifications']) {
        expect(
          expected.tables[table]?.some((row) => row.includes(' edited ')),
          table,
        ).toBe(true);
      }
      // Conversations: messages read, the deleted person's erased (some arriving after her
      // AccountDeleted), a block held, and links left after a removed connection.
      expect(expected.tables.messages?.some((row) => row.includes('"erased": true'))).toBe(true);
      expect(expected.tables.messages?.some((row) => row.includes('"erased": false'))).toBe(true);
      const members = expected.tables.conversation_members ?? [];
      expect(members.some((row) => !row.includes('"last_read": null'))).toBe(true);
      expect(expected.tables.messaging_blocks?.length).toBeGreaterThan(0);
      expect(expected.tables.messaging_links?.length).toBeGreaterThan(0);
      expect(await snapshotOf(batched)).toEqual(expected);

      let again = 0;
      for (const batch of batches(events, seed * 11, 300)) {
        const result = await batched.runner.applyMessages(batch.map((e) => batched.message(e)));
        again += result.applied;
      }
      expect(again).toBe(0);
      expect(await snapshotOf(batched)).toEqual(expected);

      // And in reverse: the newest of each stream first, so every older one is behind its checkpoint.
      const reversed = [...events].reverse();
      const backwards = await batched.runner.applyMessages(reversed.map((e) => batched.message(e)));
      expect(backwards.applied).toBe(0);
      expect(await snapshotOf(batched)).toEqual(expected);
    });
  }

  it('dead-letters a poison message in the middle of a batch and applies the rest of it as one by one does', async () => {
    const events = history(4);
    await oneByOne.rebuildFrom(events);
    await batched.rebuildFrom([]);
    const poison = [
      batched.message('{not json'),
      batched.message({ ...events[events.length - 1], data: { postId: 'x', likesCount: -1 } }),
    ];
    for (const [i, batch] of batches(events, 5, 200).entries()) {
      const messages = batch.map((e) => batched.message(e));
      if (i === 1) messages.splice(Math.floor(messages.length / 2), 0, ...poison);
      await batched.runner.applyMessages(messages);
    }
    const { rows } = await batched.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${batched.schema}.dead_letters`,
    );
    expect(rows[0]?.n).toBe(2);
    expect(await snapshotOf(batched)).toEqual(await snapshotOf(oneByOne));
  });
});
