import { randomUUID } from 'node:crypto';
import { notificationMessages, peopleText } from '@careers/contracts/messages';
import { describe, expect, it } from 'vitest';
import { notificationTesting } from './notification-testing.ts';

/** Notifications of connection requests: the person asked is told, until answered; the requester of an acceptance. */

const testing = notificationTesting('notifications-connections');
const { pushes, at, next, apply, register, settings, listOf, waitForPush } = testing;

describe('connection requests', () => {
  it('tells the person asked, takes the request away once answered, and tells the requester of an acceptance', async () => {
    const [ada, bob] = [randomUUID(), randomUUID()];
    await register(ada, 'Ada');
    await register(bob, 'Bob');
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId: ada, recipientId: bob };
    const since = pushes.length;
    await apply(next('ConnectionRequested', connectionId, { ...parties, requestedAt: at(1) }));

    const bobs = await listOf(bob);
    expect(bobs.unreadCount).toBe(1);
    expect(bobs.data).toHaveLength(1);
    expect(bobs.data[0]).toMatchObject({
      kind: 'connection_request',
      actors: [{ _id: ada, firstName: 'Ada', lastName: 'Tester', profilePicture: null }],
      actorCount: 1,
      target: { type: 'connections', tab: 'pending' },
      read: false,
      createdAt: at(1),
    });
    expect(await waitForPush(bob, since)).toEqual({
      userId: bob,
      unreadCount: 1,
      notificationId: bobs.data[0]?._id,
    });

    await apply(next('ConnectionAccepted', connectionId, { ...parties, respondedAt: at(2) }));
    expect((await listOf(bob)).data).toEqual([]);
    const adas = await listOf(ada);
    expect(adas.data).toHaveLength(1);
    expect(adas.data[0]).toMatchObject({
      kind: 'connection_accepted',
      actors: [{ _id: bob, firstName: 'Bob' }],
      target: { type: 'connections', tab: 'connections' },
    });
    expect(notificationMessages.text.connection_accepted(peopleText(adas.data[0]?.actors ?? [], 1))).toBe(
      'Bob Tester accepted your connection request',
    );
  });

  it('takes a withdrawn request away, and makes none for someone who turned connection requests off', async () => {
    const [ada, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [id, name] of [
      [ada, 'Ada'],
      [bob, 'Bob'],
      [cy, 'Cy'],
    ] as const)
      await register(id, name);
    const first = randomUUID();
    await apply(
      next('ConnectionRequested', first, {
        connectionId: first,
        requesterId: ada,
        recipientId: bob,
        requestedAt: at(3),
      }),
    );
    expect((await listOf(bob)).unreadCount).toBe(1);
    await apply(
      next('ConnectionWithdrawn', first, {
        connectionId: first,
        requesterId: ada,
        recipientId: bob,
        withdrawnAt: at(4),
      }),
    );
    expect(await listOf(bob)).toMatchObject({ data: [], unreadCount: 0, total: 0 });

    await apply(settings(cy, { connectionRequests: false }));
    const second = randomUUID();
    await apply(
      next('ConnectionRequested', second, {
        connectionId: second,
        requesterId: ada,
        recipientId: cy,
        requestedAt: new Date().toISOString(),
      }),
    );
    expect((await listOf(cy)).data).toEqual([]);
  });
});
