import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotOf } from '../batch-testing.ts';
import { projectorTestbed, testMessages } from '../testing.ts';
import { timelineKeys } from './keys.ts';

/**
 * The Following feed's followed tags: a public post carrying a tag someone follows goes into their
 * home timeline if it was made since they followed it, whoever wrote it; an unfollow, a removed post,
 * its author's deletion and a removed connection take out what only the tag brought. Applied one by
 * one, in batches, redelivered and rebuilt, the read models come out the same.
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let bed: Bed;
let oneByOne: Bed;
const { event, registered } = testMessages();

beforeAll(async () => {
  [bed, oneByOne] = await Promise.all([
    projectorTestbed('timeline-tags'),
    projectorTestbed('timeline-tags-one-by-one', { eventByEvent: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([bed?.close(), oneByOne?.close()]);
});

const at = (minute: number) => new Date(Date.UTC(2026, 6, 1, 9, minute)).toISOString();
const [reader, author, friend, stranger] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const versions = new Map<string, number>();
const next = (streamId: string) => {
  const v = (versions.get(streamId) ?? 0) + 1;
  versions.set(streamId, v);
  return v;
};

const people = [reader, author, friend, stranger].map((id, i) => {
  versions.set(id, 1);
  return registered(id, `Person${i}`);
});
function post(
  authorId: string,
  minute: number,
  tags: string[],
  visibility: 'public' | 'connections' = 'public',
) {
  const postId = randomUUID();
  return event('PostCreated', postId, next(postId), {
    postId,
    authorId,
    content: `#${tags.join(' #')}`,
    type: 'text',
    category: 'Career',
    visibility,
    tags,
    createdAt: at(minute),
  });
}
const follow = (userId: string, tag: string, minute: number) =>
  event('TagFollowed', userId, next(userId), { userId, tag, followedAt: at(minute) });
const unfollow = (userId: string, tag: string, minute: number) =>
  event('TagUnfollowed', userId, next(userId), { userId, tag, unfollowedAt: at(minute) });
const removal = (p: EventEnvelope, minute: number) =>
  event('PostRemoved', p.streamId, next(p.streamId), {
    postId: p.streamId,
    authorId: (p.data as { authorId: string }).authorId,
    removedAt: at(minute),
  });

const connectionId = randomUUID();
const parties = { connectionId, requesterId: reader, recipientId: friend };
const before = post(author, 1, ['Kafka']);
const early = post(author, 3, ['kafka']);
const tagged = post(author, 5, ['ＫＡＦＫＡ']);
const both = post(stranger, 6, ['Kafka', 'Rust']);
const hidden = post(author, 7, ['Kafka'], 'connections');
const untagged = post(author, 8, ['Go']);
const fromFriend = post(friend, 9, ['Kafka', 'rust']);
const friendOnly = post(friend, 10, ['Go']);
const strangerRust = post(stranger, 11, ['RUST']);
const start = [
  ...people,
  before,
  event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: at(1) }),
  event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: at(1) }),
  // Made after the follows but read before them, as when the user topic lags: the follow brings it in
  // all the same, so the timeline does not depend on the order the topics are read in.
  early,
  follow(reader, 'Kafka', 2),
  follow(reader, 'rust', 2),
  tagged,
  both,
  hidden,
  untagged,
  fromFriend,
  friendOnly,
  strangerRust,
];
const unfollowed = unfollow(reader, 'KAFKA', 12);
const parted = event('ConnectionRemoved', connectionId, 3, {
  ...parties,
  removedBy: reader,
  removedAt: at(13),
});
const bothGone = removal(both, 14);
const strangerGone = event('AccountDeleted', stranger, next(stranger), {
  userId: stranger,
  deletedAt: at(15),
});
const all = [...start, unfollowed, parted, bothGone, strangerGone];

const timeline = (userId: string) => bed.redis.zrevrange(timelineKeys.home(userId), 0, -1);
const apply = (events: readonly EventEnvelope[], on = bed) => on.runner.applyMessages(events.map(on.message));
const ids = (list: EventEnvelope[]) => list.map((e) => e.streamId);

describe('followed tags in the home timelines', () => {
  it('brings the public posts carrying a followed tag, made since the follow, into the follower timeline', async () => {
    await apply(start);
    // Not the post made before the follow, nor a connections-only one of someone not connected, nor an
    // untagged one; the friend's as a connection's.
    expect(await timeline(reader)).toEqual(ids([strangerRust, friendOnly, fromFriend, both, tagged, early]));
    expect(await timeline(stranger)).toEqual(ids([strangerRust, both]));
  });

  it('takes out at an unfollow what only that tag brought, not what another followed tag or a connection keeps', async () => {
    await apply([unfollowed]);
    expect(await timeline(reader)).toEqual(ids([strangerRust, friendOnly, fromFriend, both]));
  });

  it('keeps, when a connection ends, the public posts of the other that carry a tag still followed', async () => {
    await apply([parted]);
    expect(await timeline(reader)).toEqual(ids([strangerRust, fromFriend, both]));
  });

  it("takes a removed post, and a deleted author's posts, out of their tags' followers' timelines", async () => {
    await apply([bothGone]);
    expect(await timeline(reader)).toEqual(ids([strangerRust, fromFriend]));
    expect(await timeline(stranger)).toEqual(ids([strangerRust]));
    await apply([strangerGone]);
    expect(await timeline(reader)).toEqual(ids([fromFriend]));
    expect(await timeline(stranger)).toEqual([]);
  });

  it('comes to the same read models one event at a time, in batches, redelivered and rebuilt', async () => {
    const expected = await snapshotOf(bed);
    await oneByOne.rebuildFrom(all);
    expect(await snapshotOf(oneByOne)).toEqual(expected);
    expect(await apply(all)).toEqual({ applied: 0, skipped: all.length });
    expect(await apply([...all].reverse())).toEqual({ applied: 0, skipped: all.length });
    expect(await snapshotOf(bed)).toEqual(expected);
    for (const perBatch of [1, 4, all.length]) {
      await bed.rebuildFrom(all, perBatch);
      expect(await snapshotOf(bed)).toEqual(expected);
    }
  });
});
