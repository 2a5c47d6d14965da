import { connectionMessages, profileMessages } from '@careers/contracts/messages';
import { describe, expect, it } from 'vitest';
import { given } from '../pipeline/testing.ts';
import {
  type ConnectionState,
  type ConnectionStatus,
  decideConnect,
  decideRemove,
  decideRespond,
  decideWithdraw,
  foldConnection,
  isLive,
  unrequestedConnection,
} from './decide.ts';

const now = new Date('2026-05-04T09:30:00.000Z');
const ada = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const eve = '33333333-3333-4333-8333-333333333333';
const connectionId = '44444444-4444-4444-8444-444444444444';
const newId = '55555555-5555-4555-8555-555555555555';

/** Ada asked Bob; the stream stands at `version`. */
const between = (status: ConnectionStatus, version = 1): ConnectionState => ({
  id: connectionId,
  requesterId: ada,
  recipientId: bob,
  status,
  version,
});
const parties = { connectionId, requesterId: ada, recipientId: bob };

describe('decideConnect', () => {
  const connect = (
    actorId: string,
    targetId: string,
    existing: ConnectionState | null,
    targetExists = true,
  ) => decideConnect({ actorId, targetId, targetExists, existing, connectionId: newId, now });

  it('asks: a new request on a new stream', () => {
    given(null)
      .when(() => connect(ada, bob, null))
      .thenRecords([
        {
          type: 'ConnectionRequested',
          data: { connectionId: newId, requesterId: ada, recipientId: bob, requestedAt: now.toISOString() },
        },
      ]);
  });

  it('refuses connecting with oneself, before anything else', () => {
    given(null)
      .when(() => connect(ada, ada, null))
      .thenRefuses('invalid', connectionMessages.cannotConnectWithSelf);
  });

  it('refuses someone who does not exist', () => {
    given(null)
      .when(() => connect(ada, eve, null, false))
      .thenRefuses('not found', profileMessages.userNotFound);
  });

  it('refuses a second request, in either order of the pair', () => {
    given(between('pending'))
      .when((existing) => connect(ada, bob, existing))
      .thenRefuses('conflict', connectionMessages.requestAlreadyPending);
    given(between('accepted', 2))
      .when((existing) => connect(ada, bob, existing))
      .thenRefuses('conflict', connectionMessages.alreadyConnected);
    given(between('accepted', 2))
      .when((existing) => connect(bob, ada, existing))
      .thenRefuses('conflict', connectionMessages.alreadyConnected);
  });

  it('accepts the request already made the other way: both wanted it', () => {
    given(between('pending'))
      .when((existing) => connect(bob, ada, existing))
      .thenRecords([{ type: 'ConnectionAccepted', data: { ...parties, respondedAt: now.toISOString() } }]);
  });
});

describe('decideRespond', () => {
  const respond = (connection: ConnectionState | null, actorId: string, answer: 'accepted' | 'rejected') =>
    decideRespond({ connection, actorId, answer, now });

  it('lets the person asked accept or decline a pending request', () => {
    given(between('pending'))
      .when((c) => respond(c, bob, 'accepted'))
      .thenRecords([{ type: 'ConnectionAccepted', data: { ...parties, respondedAt: now.toISOString() } }]);
    given(between('pending'))
      .when((c) => respond(c, bob, 'rejected'))
      .thenRecords([{ type: 'ConnectionDeclined', data: { ...parties, respondedAt: now.toISOString() } }]);
  });

  it('tells the requester only the person asked answers, and a stranger that there is no request', () => {
    given(between('pending'))
      .when((c) => respond(c, ada, 'accepted'))
      .thenRefuses('forbidden', connectionMessages.notRequestRecipient);
    given(between('pending'))
      .when((c) => respond(c, eve, 'accepted'))
      .thenRefuses('not found', connectionMessages.requestNotFound);
    given(null)
      .when((c) => respond(c, bob, 'accepted'))
      .thenRefuses('not found', connectionMessages.requestNotFound);
  });

  it.each([
    ['accepted', 2],
    ['rejected', 2],
    ['removed', 3],
  ] as const)('refuses answering a request already %s', (status, version) => {
    given(between(status, version))
      .when((c) => respond(c, bob, 'accepted'))
      .thenRefuses('conflict', connectionMessages.requestAlreadyAnswered);
  });

  it('reads a withdrawn request as gone', () => {
    given(between('withdrawn', 2))
      .when((c) => respond(c, bob, 'accepted'))
      .thenRefuses('not found', connectionMessages.requestNotFound);
  });
});

describe('decideWithdraw', () => {
  const withdraw = (connection: ConnectionState | null, actorId: string) =>
    decideWithdraw({ connection, actorId, now });

  it('lets the requester take back a pending request', () => {
    given(between('pending'))
      .when((c) => withdraw(c, ada))
      .thenRecords([{ type: 'ConnectionWithdrawn', data: { ...parties, withdrawnAt: now.toISOString() } }]);
  });

  it('refuses the person asked, strangers, answered and withdrawn requests', () => {
    given(between('pending'))
      .when((c) => withdraw(c, bob))
      .thenRefuses('forbidden', connectionMessages.notRequestSender);
    given(between('pending'))
      .when((c) => withdraw(c, eve))
      .thenRefuses('not found', connectionMessages.requestNotFound);
    given(between('accepted', 2))
      .when((c) => withdraw(c, ada))
      .thenRefuses('conflict', connectionMessages.requestAlreadyAnswered);
    given(between('rejected', 2))
      .when((c) => withdraw(c, ada))
      .thenRefuses('conflict', connectionMessages.requestAlreadyAnswered);
    given(between('withdrawn', 2))
      .when((c) => withdraw(c, ada))
      .thenRefuses('not found', connectionMessages.requestNotFound);
  });
});

describe('decideRemove', () => {
  const remove = (connection: ConnectionState | null, actorId: string) =>
    decideRemove({ connection, actorId, now });

  it('lets either person remove an accepted connection, naming who did', () => {
    for (const actor of [ada, bob]) {
      given(between('accepted', 2))
        .when((c) => remove(c, actor))
        .thenRecords([
          { type: 'ConnectionRemoved', data: { ...parties, removedBy: actor, removedAt: now.toISOString() } },
        ]);
    }
  });

  it.each(['pending', 'rejected', 'withdrawn', 'removed'] as const)(
    'reads a relationship %s as no connection to remove',
    (status) => {
      given(between(status, 2))
        .when((c) => remove(c, ada))
        .thenRefuses('not found', connectionMessages.connectionNotFound);
    },
  );

  it("refuses someone else's connection and an unknown one alike", () => {
    given(between('accepted', 2))
      .when((c) => remove(c, eve))
      .thenRefuses('not found', connectionMessages.connectionNotFound);
    given(null)
      .when((c) => remove(c, ada))
      .thenRefuses('not found', connectionMessages.connectionNotFound);
  });
});

describe('evolve', () => {
  it('leaves each event its status and counts the versions; only pending and accepted stay live', () => {
    const requested = decideConnect({
      actorId: ada,
      targetId: bob,
      targetExists: true,
      existing: null,
      connectionId,
      now,
    });
    if (!Array.isArray(requested)) throw requested;
    const pending = foldConnection(unrequestedConnection(connectionId, ada, bob), requested);
    expect(pending).toEqual(between('pending', 1));
    const answered = decideRespond({ connection: pending, actorId: bob, answer: 'accepted', now });
    if (!Array.isArray(answered)) throw answered;
    const accepted = foldConnection(pending, answered);
    expect(accepted).toEqual(between('accepted', 2));
    const removed = decideRemove({ connection: accepted, actorId: bob, now });
    if (!Array.isArray(removed)) throw removed;
    expect(foldConnection(accepted, removed)).toEqual(between('removed', 3));
    expect(
      (['pending', 'accepted', 'rejected', 'withdrawn', 'removed'] as const).map((s) => isLive(between(s))),
    ).toEqual([true, true, false, false, false]);
  });
});
