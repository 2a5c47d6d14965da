import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed, testMessages } from '../testing.ts';
import { TIMELINE_CAP, timelineKeys } from './keys.ts';

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
const { envelope, message } = testMessages();

beforeAll(async () => {
  bed = await projectorTestbed('timelines');
});
afterAll(async () => {
  await bed?.close();
});

const [ada, cy, bob] = [randomUUID(), randomUUID(), randomUUID()];
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute)).toISOString();

function postCreated(authorId: string, minute: number, postId = randomUUID()) {
  return envelope('post', postId, 1, 'PostCreated', {
    postId,
    authorId,
    content: `post at ${minute}`,
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags: [],
    createdAt: at(minute),
  });
}

const timeline = (userId: string) => bed.redis.zrevrange(timelineKeys.home(userId), 0, -1);

describe('timelines projector', () => {
  const adaFirst = postCreated(ada, 1);
  const cyFirst = postCreated(cy, 2);
  const connectionId = randomUUID();
  const parties = { connectionId, requesterId: ada, recipientId: cy };
  const requested = envelope('connection', connectionId, 1, 'ConnectionRequested', {
    ...parties,
    requestedAt: at(3),
  });
  const accepted = envelope('connection', connectionId, 2, 'ConnectionAccepted', {
    ...parties,
    respondedAt: at(4),
  });
  const cySecond = postCreated(cy, 5);
  const bobPost = postCreated(bob, 6);

  it('puts a post in its author timeline, and connected people get each other posts', async () => {
    await bed.runner.applyMessages([adaFirst, cyFirst, requested, accepted, cySecond, bobPost].map(message));
    const ids = (e: { streamId: string }[]) => e.map((x) => x.streamId);
    expect(await timeline(ada)).toEqual(ids([cySecond, cyFirst, adaFirst]));
    expect(await timeline(cy)).toEqual(ids([cySecond, cyFirst, adaFirst]));
    expect(await timeline(bob)).toEqual(ids([bobPost]));
  });

  it('changes nothing when everything is redelivered, in order or reversed', async () => {
    const before = await Promise.all([ada, cy, bob].map(timeline));
    const all = [adaFirst, cyFirst, requested, accepted, cySecond, bobPost];
    expect(await bed.runner.applyMessages(all.map(message))).toEqual({ applied: 0, skipped: 6 });
    expect(await bed.runner.applyMessages([...all].reverse().map(message))).toEqual({
      applied: 0,
      skipped: 6,
    });
    expect(await Promise.all([ada, cy, bob].map(timeline))).toEqual(before);
  });

  it('takes the other side posts out when a connection is removed', async () => {
    const removed = envelope('connection', connectionId, 3, 'ConnectionRemoved', {
      ...parties,
      removedBy: cy,
      removedAt: at(7),
    });
    await bed.runner.applyMessages([message(removed)]);
    expect(await timeline(ada)).toEqual([adaFirst.streamId]);
    expect(await timeline(cy)).toEqual([cySecond.streamId, cyFirst.streamId]);
  });

  // The pair removed their connection and connected again. The topic is partitioned by relationship,
  // so the new relationship's acceptance may be read before the old one's removal.
  for (const delivery of ['one event at a time', 'in one batch'] as const) {
    it(`keeps a pair's posts when they connected again and the new acceptance is read before the old removal (${delivery})`, async () => {
      const [dee, eve] = [randomUUID(), randomUUID()];
      const evePost = postCreated(eve, 10);
      const relationship = (id: string, requesterId: string, recipientId: string, minute: number) => {
        const pair = { connectionId: id, requesterId, recipientId };
        return {
          requested: envelope('connection', id, 1, 'ConnectionRequested', {
            ...pair,
            requestedAt: at(minute),
          }),
          accepted: envelope('connection', id, 2, 'ConnectionAccepted', {
            ...pair,
            respondedAt: at(minute + 1),
          }),
          removed: envelope('connection', id, 3, 'ConnectionRemoved', {
            ...pair,
            removedBy: requesterId,
            removedAt: at(minute + 2),
          }),
        };
      };
      const first = relationship(randomUUID(), dee, eve, 11);
      const again = relationship(randomUUID(), eve, dee, 14);
      await bed.runner.applyMessages([evePost, first.requested, first.accepted].map(message));
      expect(await timeline(dee)).toEqual([evePost.streamId]);

      const crossed = [again.requested, again.accepted, first.removed];
      if (delivery === 'in one batch') await bed.runner.applyMessages(crossed.map(message));
      else for (const event of crossed) await bed.runner.applyMessages([message(event)]);
      expect(await timeline(dee)).toEqual([evePost.streamId]);
      expect(await timeline(eve)).toEqual([evePost.streamId]);

      // Removing the relationship that is left takes the posts out.
      await bed.runner.applyMessages([message(again.removed)]);
      expect(await timeline(dee)).toEqual([]);
    });
  }

  it(`keeps only the newest ${TIMELINE_CAP} posts`, async () => {
    const prolific = randomUUID();
    const posts = Array.from({ length: TIMELINE_CAP + 5 }, () => postCreated(prolific, 0, randomUUID())).map(
      (e, i) => ({
        ...e,
        data: { ...(e.data as object), createdAt: new Date(Date.UTC(2026, 1, 1) + i * 1000).toISOString() },
      }),
    );
    await bed.runner.applyMessages(posts.map(message));
    const kept = await timeline(prolific);
    expect(kept).toHaveLength(TIMELINE_CAP);
    expect(kept[0]).toBe(posts.at(-1)?.streamId);
    expect(kept).not.toContain(posts[4]?.streamId);
  });
});

describe('timelines projector: its own copy of the network and the posts', () => {
  const [pia, quin, rex] = [randomUUID(), randomUUID(), randomUUID()];
  const relationship = (requesterId: string, recipientId: string, minute: number) => {
    const connectionId = randomUUID();
    const pair = { connectionId, requesterId, recipientId };
    return {
      connectionId,
      requested: envelope('connection', connectionId, 1, 'ConnectionRequested', {
        ...pair,
        requestedAt: at(minute),
      }),
      accepted: envelope('connection', connectionId, 2, 'ConnectionAccepted', {
        ...pair,
        respondedAt: at(minute + 1),
      }),
      removed: envelope('connection', connectionId, 3, 'ConnectionRemoved', {
        ...pair,
        removedBy: requesterId,
        removedAt: at(minute + 2),
      }),
    };
  };
  const piaPost = postCreated(pia, 20);
  const quinPost = postCreated(quin, 21);
  const rexPost = postCreated(rex, 22);
  const piaQuin = relationship(pia, quin, 23);
  const quinRex = relationship(quin, rex, 26);
  // Pia and Rex connect, part and connect again: two relationships of one pair.
  const piaRex = relationship(pia, rex, 29);
  const rexPia = relationship(rex, pia, 32);
  const piaLater = postCreated(pia, 35);
  const quinRemoved = envelope('post', quinPost.streamId, 2, 'PostRemoved', {
    postId: quinPost.streamId,
    authorId: quin,
    removedAt: at(36),
  });
  const history = [
    piaPost,
    quinPost,
    rexPost,
    ...[piaQuin, quinRex].flatMap((r) => [r.requested, r.accepted]),
    piaRex.requested,
    piaRex.accepted,
    rexPia.requested,
    rexPia.accepted,
    piaRex.removed,
    piaLater,
    quinRemoved,
  ];
  const people = [pia, quin, rex];
  const mine = new Set<string>(people);

  /** The model's copies, for these people, and their timelines. */
  async function state() {
    const links = await bed.pool.query<{ connection_id: string; user_id: string; other_id: string }>(
      `SELECT connection_id, user_id, other_id FROM ${bed.schema}.timeline_links
        WHERE user_id = ANY($1::text[]) ORDER BY connection_id, user_id`,
      [people],
    );
    const posts = await bed.pool.query<{ id: string; author_id: string; created_at: Date }>(
      `SELECT id, author_id, created_at FROM ${bed.schema}.timeline_posts
        WHERE author_id = ANY($1::text[]) ORDER BY id`,
      [people],
    );
    return {
      links: links.rows,
      posts: posts.rows,
      timelines: await Promise.all(people.map(timeline)),
    };
  }

  it('keeps each accepted relationship both ways and each post not removed, by key', async () => {
    await bed.runner.applyMessages(history.map(message));
    const { links, posts, timelines } = await state();
    const both = (id: string, a: string, b: string) => [
      { connection_id: id, user_id: a, other_id: b },
      { connection_id: id, user_id: b, other_id: a },
    ];
    const byKey = (rows: { connection_id: string; user_id: string }[]) =>
      [...rows].sort((x, y) =>
        `${x.connection_id} ${x.user_id}`.localeCompare(`${y.connection_id} ${y.user_id}`),
      );
    // The first relationship of Pia and Rex is gone; the second keeps the pair connected.
    expect(byKey(links)).toEqual(
      byKey([
        ...both(piaQuin.connectionId, pia, quin),
        ...both(quinRex.connectionId, quin, rex),
        ...both(rexPia.connectionId, rex, pia),
      ]),
    );
    expect(posts.map((p) => p.id).sort()).toEqual([piaPost, rexPost, piaLater].map((p) => p.streamId).sort());
    expect(posts.every((p) => mine.has(p.author_id))).toBe(true);
    // Everyone is connected with everyone: all the posts not removed, newest first.
    const shown = [piaLater, rexPost, piaPost].map((p) => p.streamId);
    expect(timelines).toEqual([shown, shown, shown]);
  });

  it('changes none of its copies when everything is redelivered, in order or reversed', async () => {
    const before = await state();
    expect(await bed.runner.applyMessages(history.map(message))).toEqual({
      applied: 0,
      skipped: history.length,
    });
    expect(await bed.runner.applyMessages([...history].reverse().map(message))).toEqual({
      applied: 0,
      skipped: history.length,
    });
    expect(await state()).toEqual(before);
  });

  it('rebuilds its copies and the timelines to the same rows and keys', async () => {
    const before = await state();
    await bed.rebuildFrom(history);
    expect(await state()).toEqual(before);
  });

  it('drops a deleted account from its copies, and its posts from the timelines of its connections', async () => {
    const deletion = envelope('user', rex, 1, 'AccountDeleted', { userId: rex, deletedAt: at(40) });
    await bed.runner.applyMessages([message(deletion)]);
    const { links, posts, timelines } = await state();
    expect(links.filter((l) => l.user_id === rex || l.other_id === rex)).toEqual([]);
    expect(links).toHaveLength(2);
    expect(posts.filter((p) => p.author_id === rex)).toEqual([]);
    const shown = [piaLater, piaPost].map((p) => p.streamId);
    expect(timelines).toEqual([shown, shown, []]);
    // A relationship of theirs applied after it (a lagging topic) is not kept, and brings no post.
    const late = relationship(rex, quin, 41);
    await bed.runner.applyMessages([late.requested, late.accepted].map(message));
    expect(await state()).toEqual({ links, posts, timelines });
  });
});
