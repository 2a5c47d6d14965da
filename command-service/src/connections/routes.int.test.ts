import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { authMessages, connectionMessages, profileMessages } from '@careers/contracts/messages';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { commandTestbed } from '../testing.ts';

const testbed = commandTestbed(testNamespace('connection-routes'));
const { call, query, eventCount } = testbed;

interface Person {
  sid: string;
  id: string;
}

const signUp = (firstName: string): Promise<Person> => testbed.signUp(firstName);

const connect = (from: Person, to: Person) => call('POST', `/api/users/${to.id}/connect`, from.sid);
const respond = (who: Person, requestId: string, status: unknown) =>
  call('PUT', `/api/users/connections/${requestId}`, who.sid, { status });
const withdraw = (who: Person, requestId: string) =>
  call('DELETE', `/api/users/connections/sent/${requestId}`, who.sid);
const remove = (who: Person, connectionId: string) =>
  call('DELETE', `/api/users/connections/${connectionId}`, who.sid);

async function requested(from: Person, to: Person): Promise<string> {
  const response = await connect(from, to);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().data.status).toBe('pending');
  return response.json().data._id;
}

async function connected(a: Person, b: Person): Promise<string> {
  const id = await requested(a, b);
  expect((await respond(b, id, 'accepted')).statusCode).toBe(200);
  return id;
}

async function eventTypes(streamId: string) {
  return (await testbed.eventsOf(streamId)).map((event) => event.type);
}

/** Every connection event between two people, oldest first. */
function pairEvents(a: Person, b: Person) {
  return query<{ type: string; stream_id: string }>(
    `SELECT type, stream_id FROM {schema}.event_log
      WHERE stream_type = 'connection'
        AND ((data ->> 'requesterId' = $1 AND data ->> 'recipientId' = $2)
          OR (data ->> 'requesterId' = $2 AND data ->> 'recipientId' = $1))
      ORDER BY position`,
    [a.id, b.id],
  );
}

/** The live rows of the pair (the write side keeps at most one). */
function pairRows(a: Person, b: Person) {
  return query<{ id: string; status: string; requester_id: string }>(
    `SELECT id, status, requester_id FROM {schema}.connections
      WHERE (requester_id = $1 AND recipient_id = $2) OR (requester_id = $2 AND recipient_id = $1)`,
    [a.id, b.id],
  );
}

/** Runs `send` and checks it is refused with `status` and `message` and writes nothing. */
async function refusedWithoutWriting(
  send: () => ReturnType<typeof call>,
  status: number,
  message: string,
): Promise<void> {
  const before = await eventCount();
  const rowsBefore = await connectionRows();
  const response = await send();
  expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { message } });
  expect(await eventCount()).toBe(before);
  // The state is written in the append's statement: a refusal leaves the write side's rows as they were.
  expect(await connectionRows()).toEqual(rowsBefore);
}

/** Every row of the write side's connections, in a fixed order. */
function connectionRows() {
  return query(
    `SELECT id, requester_id, recipient_id, status, version FROM {schema}.connections ORDER BY id`,
  );
}

describe('POST /api/users/:id/connect', () => {
  it('sends a request: 201, pending, one event, the consistency token', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const response = await connect(ada, bob);
    expect(response.statusCode).toBe(201);
    const { _id } = response.json().data;
    expect(response.json()).toEqual({
      message: connectionMessages.requestSent,
      data: { _id, status: 'pending' },
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${_id}@1`]);
    expect(await eventTypes(_id)).toEqual(['ConnectionRequested']);
    expect(await pairRows(ada, bob)).toEqual([{ id: _id, status: 'pending', requester_id: ada.id }]);
  });

  it('refuses oneself, an unknown person, a malformed id and no session, writing nothing', async () => {
    const ada = await signUp('Ada');
    await refusedWithoutWriting(() => connect(ada, ada), 400, connectionMessages.cannotConnectWithSelf);
    await refusedWithoutWriting(
      () => call('POST', `/api/users/${randomUUID()}/connect`, ada.sid),
      404,
      profileMessages.userNotFound,
    );
    await refusedWithoutWriting(
      () => call('POST', '/api/users/not-an-id/connect', ada.sid),
      404,
      profileMessages.userNotFound,
    );
    await refusedWithoutWriting(
      () => call('POST', `/api/users/${ada.id}/connect`),
      401,
      authMessages.signInRequired,
    );
  });

  it('keeps one relationship per pair: a second request is refused, in either order once connected', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const id = await requested(ada, bob);
    await refusedWithoutWriting(() => connect(ada, bob), 409, connectionMessages.requestAlreadyPending);
    expect((await respond(bob, id, 'accepted')).statusCode).toBe(200);
    await refusedWithoutWriting(() => connect(ada, bob), 409, connectionMessages.alreadyConnected);
    await refusedWithoutWriting(() => connect(bob, ada), 409, connectionMessages.alreadyConnected);
  });

  it("accepts the other person's request when asked back, and says so", async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const id = await requested(ada, bob);
    const back = await connect(bob, ada);
    expect(back.statusCode).toBe(201);
    expect(back.json()).toEqual({
      message: connectionMessages.requestAccepted,
      data: { _id: id, status: 'accepted' },
    });
    expect(consistencyTokenSubjects(back.headers[CONSISTENCY_HEADER])).toEqual([`${id}@2`]);
    expect(await eventTypes(id)).toEqual(['ConnectionRequested', 'ConnectionAccepted']);
    expect(await pairRows(ada, bob)).toEqual([{ id, status: 'accepted', requester_id: ada.id }]);
  });

  it('race: two people asking each other at the same moment end connected, through one request', async () => {
    for (let round = 0; round < 5; round++) {
      const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
      const replies = await Promise.all([connect(ada, bob), connect(bob, ada)]);
      expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(replies.map((r) => r.json().data.status).sort()).toEqual(['accepted', 'pending']);
      const ids = new Set(replies.map((r) => r.json().data._id));
      expect(ids.size).toBe(1);
      expect((await pairEvents(ada, bob)).map((e) => e.type)).toEqual([
        'ConnectionRequested',
        'ConnectionAccepted',
      ]);
      expect((await pairRows(ada, bob)).map((r) => r.status)).toEqual(['accepted']);
    }
  });

  it('race: a double click sends one request', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const replies = await Promise.all([connect(ada, bob), connect(ada, bob), connect(ada, bob)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await pairEvents(ada, bob)).map((e) => e.type)).toEqual(['ConnectionRequested']);
  });
});

describe('PUT /api/users/connections/:requestId', () => {
  it('lets the person asked accept', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const id = await requested(ada, bob);
    const response = await respond(bob, id, 'accepted');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: connectionMessages.requestAccepted,
      data: { _id: id, status: 'accepted' },
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${id}@2`]);
    await refusedWithoutWriting(
      () => respond(bob, id, 'rejected'),
      409,
      connectionMessages.requestAlreadyAnswered,
    );
  });

  it('lets the person asked decline; the pair may connect again later, on a new request', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const id = await requested(ada, bob);
    const response = await respond(bob, id, 'rejected');
    expect(response.json()).toEqual({
      message: connectionMessages.requestDeclined,
      data: { _id: id, status: 'rejected' },
    });
    expect(await pairRows(ada, bob)).toEqual([]);
    await refusedWithoutWriting(
      () => respond(bob, id, 'accepted'),
      409,
      connectionMessages.requestAlreadyAnswered,
    );
    const again = await requested(bob, ada);
    expect(again).not.toBe(id);
    expect(await eventTypes(id)).toEqual(['ConnectionRequested', 'ConnectionDeclined']);
  });

  it('allows only the person asked: the requester is forbidden, a stranger finds nothing', async () => {
    const [ada, bob, eve] = [await signUp('Ada'), await signUp('Bob'), await signUp('Eve')];
    const id = await requested(ada, bob);
    await refusedWithoutWriting(
      () => respond(ada, id, 'accepted'),
      403,
      connectionMessages.notRequestRecipient,
    );
    await refusedWithoutWriting(() => respond(eve, id, 'accepted'), 404, connectionMessages.requestNotFound);
    await refusedWithoutWriting(
      () => respond(bob, randomUUID(), 'accepted'),
      404,
      connectionMessages.requestNotFound,
    );
    await refusedWithoutWriting(
      () => respond(bob, 'nope', 'accepted'),
      404,
      connectionMessages.requestNotFound,
    );
  });

  it.each([['maybe'], [''], [null], [42]])(
    'refuses the answer %j with 400 and writes nothing',
    async (status) => {
      const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
      const id = await requested(ada, bob);
      await refusedWithoutWriting(() => respond(bob, id, status), 400, connectionMessages.responseInvalid);
      await refusedWithoutWriting(
        () => call('PUT', `/api/users/connections/${id}`, bob.sid, {}),
        400,
        connectionMessages.responseInvalid,
      );
      expect(await eventTypes(id)).toEqual(['ConnectionRequested']);
    },
  );

  it('race: an accept and a withdrawal of one request: exactly one of them happens', async () => {
    for (let round = 0; round < 6; round++) {
      const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
      const id = await requested(ada, bob);
      const [accepted, withdrawn] = await Promise.all([respond(bob, id, 'accepted'), withdraw(ada, id)]);
      const types = await eventTypes(id);
      if (accepted.statusCode === 200) {
        expect(withdrawn.statusCode).toBe(409);
        expect(withdrawn.json()).toEqual({ message: connectionMessages.requestAlreadyAnswered });
        expect(types).toEqual(['ConnectionRequested', 'ConnectionAccepted']);
        expect((await pairRows(ada, bob)).map((r) => r.status)).toEqual(['accepted']);
      } else {
        expect(withdrawn.statusCode).toBe(200);
        expect(accepted.statusCode).toBe(404);
        expect(accepted.json()).toEqual({ message: connectionMessages.requestNotFound });
        expect(types).toEqual(['ConnectionRequested', 'ConnectionWithdrawn']);
        expect(await pairRows(ada, bob)).toEqual([]);
      }
    }
  });
});

describe('DELETE /api/users/connections/sent/:requestId', () => {
  it('lets the requester withdraw; the pair may ask again', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const id = await requested(ada, bob);
    const response = await withdraw(ada, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: connectionMessages.requestWithdrawn });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${id}@2`]);
    expect(await pairRows(ada, bob)).toEqual([]);
    await refusedWithoutWriting(() => withdraw(ada, id), 404, connectionMessages.requestNotFound);
    await refusedWithoutWriting(() => respond(bob, id, 'accepted'), 404, connectionMessages.requestNotFound);
    expect(await requested(ada, bob)).not.toBe(id);
  });

  it('allows only the requester, and only while nobody has answered', async () => {
    const [ada, bob, eve] = [await signUp('Ada'), await signUp('Bob'), await signUp('Eve')];
    const id = await requested(ada, bob);
    await refusedWithoutWriting(() => withdraw(bob, id), 403, connectionMessages.notRequestSender);
    await refusedWithoutWriting(() => withdraw(eve, id), 404, connectionMessages.requestNotFound);
    expect((await respond(bob, id, 'accepted')).statusCode).toBe(200);
    await refusedWithoutWriting(() => withdraw(ada, id), 409, connectionMessages.requestAlreadyAnswered);
  });
});

describe('DELETE /api/users/connections/:connectionId', () => {
  it('lets either person remove a connection; the pair may connect again', async () => {
    for (const remover of ['requester', 'recipient'] as const) {
      const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
      const id = await connected(ada, bob);
      const response = await remove(remover === 'requester' ? ada : bob, id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: connectionMessages.removed });
      expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${id}@3`]);
      expect(await eventTypes(id)).toEqual([
        'ConnectionRequested',
        'ConnectionAccepted',
        'ConnectionRemoved',
      ]);
      expect(await pairRows(ada, bob)).toEqual([]);
      await refusedWithoutWriting(() => remove(ada, id), 404, connectionMessages.connectionNotFound);
      await connected(bob, ada);
    }
  });

  it('refuses a stranger, a pending request and an unknown id alike', async () => {
    const [ada, bob, eve] = [await signUp('Ada'), await signUp('Bob'), await signUp('Eve')];
    const pending = await requested(ada, bob);
    await refusedWithoutWriting(() => remove(ada, pending), 404, connectionMessages.connectionNotFound);
    await refusedWithoutWriting(() => remove(bob, pending), 404, connectionMessages.connectionNotFound);
    expect((await respond(bob, pending, 'accepted')).statusCode).toBe(200);
    await refusedWithoutWriting(() => remove(eve, pending), 404, connectionMessages.connectionNotFound);
    await refusedWithoutWriting(() => remove(ada, randomUUID()), 404, connectionMessages.connectionNotFound);
    await refusedWithoutWriting(() => remove(ada, 'nope'), 404, connectionMessages.connectionNotFound);
  });

  it('race: a removal racing the acceptance it would undo is decided on what the acceptance left', async () => {
    for (let round = 0; round < 6; round++) {
      const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
      const id = await requested(ada, bob);
      const [accepted, removed] = await Promise.all([respond(bob, id, 'accepted'), remove(ada, id)]);
      expect(accepted.statusCode).toBe(200);
      const types = await eventTypes(id);
      if (removed.statusCode === 200) {
        expect(types).toEqual(['ConnectionRequested', 'ConnectionAccepted', 'ConnectionRemoved']);
        expect(await pairRows(ada, bob)).toEqual([]);
      } else {
        expect(removed.json()).toEqual({ message: connectionMessages.connectionNotFound });
        expect(types).toEqual(['ConnectionRequested', 'ConnectionAccepted']);
        expect((await pairRows(ada, bob)).map((r) => r.status)).toEqual(['accepted']);
      }
    }
  });

  it('race: both people removing at once record one removal', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const id = await connected(ada, bob);
    const replies = await Promise.all([remove(ada, id), remove(bob, id)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await eventTypes(id)).toEqual(['ConnectionRequested', 'ConnectionAccepted', 'ConnectionRemoved']);
  });
});

describe('connections-only posts follow the connection', () => {
  it('become likeable and commentable for a connection, and stop being so after removal', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const created = await call('POST', '/api/posts', ada.sid, {
      content: 'For my network',
      visibility: 'connections',
    });
    expect(created.statusCode).toBe(201);
    const postId = created.json().data._id;
    const like = () => call('POST', `/api/posts/${postId}/like`, bob.sid);
    const comment = () => call('POST', `/api/posts/${postId}/comments`, bob.sid, { content: 'Nice' });

    expect((await like()).statusCode).toBe(404);
    const id = await requested(ada, bob);
    // A pending request is not a connection.
    expect((await like()).statusCode).toBe(404);
    expect((await respond(bob, id, 'accepted')).statusCode).toBe(200);
    expect((await like()).statusCode).toBe(200);
    expect((await comment()).statusCode).toBe(201);
    expect((await remove(bob, id)).statusCode).toBe(200);
    expect((await like()).statusCode).toBe(404);
    expect((await comment()).statusCode).toBe(404);
  });
});
