import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { TagFollowQueries } from './queries.ts';

/** The tag-follows read model: the tags each person follows, from their TagFollowed and TagUnfollowed. */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let follows: TagFollowQueries;

beforeAll(async () => {
  bed = await projectorTestbed('tag-follows');
  follows = new TagFollowQueries(bed.pool, bed.schema);
});
afterAll(async () => {
  await bed?.close();
});

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();

/** One person's stream from their registration, each event at the next version. */
function personStream(userId: string) {
  const stream = bed.personStream(userId, 'Follower');
  return {
    events: stream.events,
    follow: (tag: string, minute: number) =>
      stream.next('TagFollowed', { userId, tag, followedAt: at(minute) }),
    unfollow: (tag: string, minute: number) =>
      stream.next('TagUnfollowed', { userId, tag, unfollowedAt: at(minute) }),
    delete: (minute: number) => stream.next('AccountDeleted', { userId, deletedAt: at(minute) }),
  };
}

const apply = (events: readonly EventEnvelope[]) => bed.runner.applyMessages(events.map(bed.message));
const listOf = async (userId: string) => (await follows.ofUser(userId)).map((f) => [f.tag, f.followedAt]);

async function tableRows(): Promise<unknown[]> {
  const { rows } = await bed.pool.query(
    `SELECT user_id, tag_key, tag, followed_at FROM ${bed.schema}.tag_follows ORDER BY user_id, tag_key`,
  );
  return rows;
}

describe('the tag-follows read model', () => {
  const [ann, bob] = [randomUUID(), randomUUID()];
  let annStream: ReturnType<typeof personStream>;
  let bobStream: ReturnType<typeof personStream>;
  beforeAll(() => {
    annStream = personStream(ann);
    bobStream = personStream(bob);
  });

  it('lists the tags a person follows as they spelled them, the latest first, and counts followers by tagKey', async () => {
    await apply([
      ...annStream.events,
      ...bobStream.events,
      annStream.follow('QA', 1),
      annStream.follow('Kafka', 2),
      bobStream.follow('ｑａ', 3),
    ]);
    expect(await listOf(ann)).toEqual([
      ['Kafka', at(2)],
      ['QA', at(1)],
    ]);
    expect(await listOf(bob)).toEqual([['ｑａ', at(3)]]);
    expect(await listOf(randomUUID())).toEqual([]);
    // `#QA`, `qa` and `ｑａ` are one tag.
    expect(await follows.followersOf('qa', ann)).toEqual({ followersCount: 2, isFollowing: true });
    expect(await follows.followersOf('Kafka', bob)).toEqual({ followersCount: 1, isFollowing: false });
    expect(await follows.followersOf('nobody', bob)).toEqual({ followersCount: 0, isFollowing: false });
  });

  it('takes an unfollowed tag off the list, whatever its spelling, and a tag followed again comes back first', async () => {
    await apply([annStream.unfollow('qa', 4)]);
    expect(await listOf(ann)).toEqual([['Kafka', at(2)]]);
    await apply([annStream.follow('Rust', 5), annStream.unfollow('KAFKA', 6), annStream.follow('kafka', 7)]);
    expect(await listOf(ann)).toEqual([
      ['kafka', at(7)],
      ['Rust', at(5)],
    ]);
    expect(await follows.followersOf('QA', bob)).toEqual({ followersCount: 1, isFollowing: true });
  });

  it('changes nothing when everything is delivered again, in order and reversed', async () => {
    const before = await tableRows();
    const all = [...annStream.events, ...bobStream.events];
    expect(await apply(all)).toEqual({ applied: 0, skipped: all.length });
    expect(await apply([...all].reverse())).toEqual({ applied: 0, skipped: all.length });
    expect(await tableRows()).toEqual(before);
  });

  it('is rebuilt from scratch to the same rows, applied one event at a time or all in one batch', async () => {
    const before = await tableRows();
    const all = [...annStream.events, ...bobStream.events];
    await bed.rebuildFrom(all);
    expect(await tableRows()).toEqual(before);
    await bed.rebuildFrom([]);
    expect(await tableRows()).toEqual([]);
    expect(await apply(all)).toEqual({ applied: all.length, skipped: 0 });
    expect(await tableRows()).toEqual(before);
  });

  it("drops a person's follows with their account, and nobody else's", async () => {
    await apply([annStream.delete(8)]);
    expect(await listOf(ann)).toEqual([]);
    expect(await listOf(bob)).toEqual([['ｑａ', at(3)]]);
    const all = [...annStream.events, ...bobStream.events];
    const after = await tableRows();
    await bed.rebuildFrom(all);
    expect(await tableRows()).toEqual(after);
  });
});
