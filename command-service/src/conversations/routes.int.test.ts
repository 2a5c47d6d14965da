import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { MESSAGE_MAX_LENGTH } from '@careers/contracts/constants';
import { Message } from '@careers/contracts/entities/conversation';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@careers/contracts/idempotency';
import { authMessages, messagingMessages, requestMessages } from '@careers/contracts/messages';
import { topicName } from '@careers/service-kit/kafka';
import { readTopicUntil, testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { hiringTestbed, jobForm } from '../jobs/testing.ts';
import { sendCommand } from '../testing.ts';
import { conversationIdOf } from './decide.ts';

const bed = hiringTestbed(testNamespace('conversations'));
const { call, query, eventsOf, eventCount, postJob, running } = bed;

type Person = Awaited<ReturnType<typeof bed.signUp>>;
const signUp = (firstName: string, accountType = 'job_seeker') => bed.signUp(firstName, accountType);

const start = (who: Person, participantId: string, jobId?: string) =>
  call('POST', '/api/conversations', who.sid, jobId ? { participantId, jobId } : { participantId });
const send = (who: Person, conversationId: string, text: unknown, key?: string) =>
  sendCommand(running().app, {
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    sid: who.sid,
    body: { text },
    headers: key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key },
  });
const markRead = (who: Person, conversationId: string, upToMessageId: unknown) =>
  call('PUT', `/api/conversations/${conversationId}/read`, who.sid, { upToMessageId });
const block = (who: Person, userId: string) => call('PUT', `/api/users/${userId}/block`, who.sid);
const unblock = (who: Person, userId: string) => call('DELETE', `/api/users/${userId}/block`, who.sid);

async function connected(a: Person, b: Person): Promise<string> {
  const requested = await call('POST', `/api/users/${b.id}/connect`, a.sid);
  expect(requested.statusCode, requested.body).toBe(201);
  const id = requested.json().data._id as string;
  expect((await call('PUT', `/api/users/connections/${id}`, b.sid, { status: 'accepted' })).statusCode).toBe(
    200,
  );
  return id;
}

/** A conversation of two connected people, started by `a`. */
async function conversationOf(a: Person, b: Person): Promise<string> {
  await connected(a, b);
  const response = await start(a, b.id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.conversationId;
}

async function sent(who: Person, conversationId: string, text = 'Hello'): Promise<Message> {
  const response = await send(who, conversationId, text);
  expect(response.statusCode, response.body).toBe(201);
  return Message.parse(response.json().data);
}

async function types(streamId: string) {
  return (await eventsOf(streamId)).map((event) => event.type);
}

/** A refusal: its status and message, and nothing appended. */
async function refusesWithNothingWritten(
  attempt: () => Promise<{ statusCode: number; json(): unknown; body: string }>,
  status: number,
  message: string,
) {
  const before = await eventCount();
  const response = await attempt();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ message });
  expect(await eventCount()).toBe(before);
}

describe('POST /api/conversations', () => {
  it('starts the conversation of two connected people, its id derived from the pair', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    await connected(ada, bob);
    const response = await start(ada, bob.id);
    expect(response.statusCode, response.body).toBe(200);
    const conversationId = conversationIdOf(ada.id, bob.id);
    expect(response.json()).toEqual({ data: { conversationId } });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${conversationId}@1`]);
    expect(await eventsOf(conversationId)).toEqual([
      {
        type: 'ConversationStarted',
        data: {
          conversationId,
          participantIds: [ada.id, bob.id].sort(),
          startedBy: ada.id,
          job: null,
          startedAt: expect.any(String),
        },
      },
    ]);
    expect(
      await query('SELECT id, job_id, version FROM {schema}.conversations WHERE id = $1', [conversationId]),
    ).toEqual([{ id: conversationId, job_id: null, version: 1 }]);
  });

  it('answers the same conversation to either person starting it again, and records nothing', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const conversationId = await conversationOf(ada, bob);
    const before = await eventCount();
    for (const [who, other] of [
      [ada, bob],
      [bob, ada],
    ] as const) {
      const again = await start(who, other.id.toUpperCase());
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ data: { conversationId } });
      expect(again.headers[CONSISTENCY_HEADER]).toBeUndefined();
    }
    expect(await eventCount()).toBe(before);
  });

  it('records one ConversationStarted when both people start it at once, many times over', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    await connected(ada, bob);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? start(ada, bob.id) : start(bob, ada.id))),
    );
    const conversationId = conversationIdOf(ada.id, bob.id);
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(replies.map((r) => r.json().data.conversationId))).toEqual(new Set([conversationId]));
    expect(await types(conversationId)).toEqual(['ConversationStarted']);
  });

  it("lets a job's poster and its applicant start one about the job, naming it", async () => {
    const poster = await signUp('Poster', 'employer');
    const job = await postJob(poster.sid, { ...jobForm, title: 'QA Lead' });
    const applicant = await signUp('Applicant');
    expect(
      (
        await call('POST', `/api/jobs/${job._id}/apply`, applicant.sid, {
          coverLetter: 'Hi',
          expectedSalary: null,
        })
      ).statusCode,
    ).toBe(201);
    const response = await start(poster, applicant.id, job._id);
    expect(response.statusCode, response.body).toBe(200);
    const [started] = await eventsOf(response.json().data.conversationId);
    expect(started?.data).toMatchObject({ startedBy: poster.id, job: { jobId: job._id, title: 'QA Lead' } });
  });

  it('lets a withdrawn applicant write to the poster: an application that exists links them', async () => {
    const poster = await signUp('Poster', 'employer');
    const job = await postJob(poster.sid);
    const applicant = await signUp('Applicant');
    const applied = await call('POST', `/api/jobs/${job._id}/apply`, applicant.sid, {
      coverLetter: 'Hi',
      expectedSalary: null,
    });
    expect(
      (await call('POST', `/api/applications/${applied.json().data._id}/withdraw`, applicant.sid)).statusCode,
    ).toBe(200);
    const response = await start(applicant, poster.id);
    expect(response.statusCode, response.body).toBe(200);
    const [started] = await eventsOf(response.json().data.conversationId);
    expect(started?.data).toMatchObject({ startedBy: applicant.id, job: null });
    expect((await send(applicant, response.json().data.conversationId, 'About the job')).statusCode).toBe(
      201,
    );
  });

  it('refuses a job that does not link the two with 404, even between connections, and writes nothing', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    await connected(ada, bob);
    const someoneElses = await postJob((await signUp('Poster', 'employer')).sid);
    const adas = await postJob(ada.sid);
    for (const jobId of [someoneElses._id, adas._id, randomUUID()]) {
      await refusesWithNothingWritten(
        () => start(ada, bob.id, jobId),
        404,
        messagingMessages.conversationNotFound,
      );
    }
  });

  it('answers a stranger, nobody and a block either way with 404, oneself with 400, writing nothing', async () => {
    const [ada, bob, cyd, dan] = [
      await signUp('Ada'),
      await signUp('Bob'),
      await signUp('Cyd'),
      await signUp('Dan'),
    ];
    await refusesWithNothingWritten(() => start(ada, bob.id), 404, messagingMessages.conversationNotFound);
    await refusesWithNothingWritten(
      () => start(ada, randomUUID()),
      404,
      messagingMessages.conversationNotFound,
    );
    await refusesWithNothingWritten(() => start(ada, ada.id), 400, messagingMessages.cannotMessageSelf);
    await refusesWithNothingWritten(() => start(ada, 'not-an-id'), 400, requestMessages.invalidId('User'));
    await connected(ada, cyd);
    await connected(ada, dan);
    expect((await block(ada, cyd.id)).statusCode).toBe(200);
    expect((await block(dan, ada.id)).statusCode).toBe(200);
    await refusesWithNothingWritten(() => start(ada, cyd.id), 404, messagingMessages.conversationNotFound);
    await refusesWithNothingWritten(() => start(cyd, ada.id), 404, messagingMessages.conversationNotFound);
    await refusesWithNothingWritten(() => start(ada, dan.id), 404, messagingMessages.conversationNotFound);
  });

  it('answers a conversation that exists even once writing in it is no longer allowed', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const connectionId = await connected(ada, bob);
    const conversationId = (await start(ada, bob.id)).json().data.conversationId;
    expect((await call('DELETE', `/api/users/connections/${connectionId}`, bob.sid)).statusCode).toBe(200);
    const again = await start(bob, ada.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ data: { conversationId } });
  });

  it('answers 401 without a session', async () => {
    const response = await call('POST', '/api/conversations', undefined, { participantId: randomUUID() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authMessages.signInRequired });
  });
});

describe('the topic careers.messages', () => {
  it("receives the conversation's events from the relay, keyed by the conversation", async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const conversationId = await conversationOf(ada, bob);
    const message = await sent(ada, conversationId, 'Over the wire');
    const { config } = running().deps;
    const topic = topicName(config, 'conversation');
    expect(topic.endsWith('careers.messages')).toBe(true);
    const published = await readTopicUntil(config.KAFKA_BROKERS, topic, (messages) =>
      messages.some((m) => m.key === conversationId && String(m.value).includes(message._id)),
    );
    const ours = published.filter((m) => m.key === conversationId).map((m) => JSON.parse(String(m.value)));
    expect(ours.map((envelope) => [envelope.type, envelope.streamType, envelope.streamVersion])).toEqual([
      ['ConversationStarted', 'conversation', 1],
      ['MessageSent', 'conversation', 2],
    ]);
    // Sealed on the wire as in the log: only the sender's key opens it.
    expect(JSON.stringify(ours)).not.toContain('Over the wire');
  });
});

describe('POST /api/conversations/:id/messages', () => {
  it('sends a message into the thread: 201 with the message, its text trimmed', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const conversationId = await conversationOf(ada, bob);
    const response = await send(ada, conversationId, '  Hello Bob  ');
    expect(response.statusCode, response.body).toBe(201);
    const message = Message.parse(response.json().data);
    expect(message).toEqual({
      _id: expect.any(String),
      conversationId,
      senderId: ada.id,
      text: 'Hello Bob',
      erased: false,
      sentAt: expect.any(String),
    });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${conversationId}@2`]);
    const events = await eventsOf(conversationId);
    expect(events[1]).toEqual({
      type: 'MessageSent',
      data: {
        conversationId,
        participantIds: [ada.id, bob.id].sort(),
        messageId: message._id,
        senderId: ada.id,
        text: 'Hello Bob',
        sentAt: message.sentAt,
      },
    });
    // The text is in the event alone, sealed with the sender's key.
    const [stored] = await query<{ text: string }>(
      `SELECT data->>'text' AS text FROM {schema}.event_log WHERE type = 'MessageSent' AND stream_id = $1`,
      [conversationId],
    );
    expect(stored?.text).toMatch(/^pii1\./);
    expect(
      await query('SELECT sender_id, seq FROM {schema}.conversation_messages WHERE message_id = $1', [
        message._id,
      ]),
    ).toEqual([{ sender_id: ada.id, seq: 2 }]);
    expect((await send(bob, conversationId, 'Hi Ada')).statusCode).toBe(201);
  });

  it('refuses a blank or too long text with 400 and writes nothing', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const conversationId = await conversationOf(ada, bob);
    await refusesWithNothingWritten(
      () => send(ada, conversationId, '   '),
      400,
      messagingMessages.messageEmpty,
    );
    await refusesWithNothingWritten(
      () => send(ada, conversationId, 'x'.repeat(MESSAGE_MAX_LENGTH + 1)),
      400,
      messagingMessages.messageTooLong,
    );
    expect((await send(ada, conversationId, 'x'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
  });

  it('answers a stranger, a conversation that does not exist and a malformed id with 404', async () => {
    const [ada, bob, eve] = [await signUp('Ada'), await signUp('Bob'), await signUp('Eve')];
    const conversationId = await conversationOf(ada, bob);
    for (const [who, id] of [
      [eve, conversationId],
      [ada, randomUUID()],
      [ada, conversationIdOf(ada.id, eve.id)],
      [ada, 'not-an-id'],
    ] as const) {
      await refusesWithNothingWritten(() => send(who, id, 'Hi'), 404, messagingMessages.conversationNotFound);
    }
  });

  it('tells the blocker they blocked, and the blocked person only that they cannot reply', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const conversationId = await conversationOf(ada, bob);
    expect((await block(ada, bob.id)).statusCode).toBe(200);
    await refusesWithNothingWritten(() => send(ada, conversationId, 'Hi'), 403, messagingMessages.youBlocked);
    await refusesWithNothingWritten(
      () => send(bob, conversationId, 'Hi'),
      403,
      messagingMessages.cannotReply,
    );
    expect((await block(bob, ada.id)).statusCode).toBe(200);
    // Blocked both ways: each is told of their own block.
    await refusesWithNothingWritten(() => send(bob, conversationId, 'Hi'), 403, messagingMessages.youBlocked);
    expect((await unblock(ada, bob.id)).statusCode).toBe(200);
    expect((await unblock(bob, ada.id)).statusCode).toBe(200);
    await sent(bob, conversationId, 'Friends again');
    await sent(ada, conversationId, 'Friends again');
  });

  it('refuses a reply once the connection is removed and no application links them', async () => {
    const [ada, bob] = [await signUp('Ada', 'employer'), await signUp('Bob')];
    const connectionId = await connected(ada, bob);
    const conversationId = (await start(ada, bob.id)).json().data.conversationId;
    await sent(bob, conversationId);
    expect((await call('DELETE', `/api/users/connections/${connectionId}`, ada.sid)).statusCode).toBe(200);
    await refusesWithNothingWritten(
      () => send(bob, conversationId, 'Hi'),
      403,
      messagingMessages.cannotReply,
    );
    await refusesWithNothingWritten(
      () => send(ada, conversationId, 'Hi'),
      403,
      messagingMessages.cannotReply,
    );
    // An application links them again.
    const job = await postJob(ada.sid);
    expect(
      (await call('POST', `/api/jobs/${job._id}/apply`, bob.sid, { coverLetter: 'Hi', expectedSalary: null }))
        .statusCode,
    ).toBe(201);
    await sent(bob, conversationId, 'Applied!');
  });

  it('records one message per Idempotency-Key, answering the repeat as the first', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const conversationId = await conversationOf(ada, bob);
    const key = randomUUID();
    const first = await send(ada, conversationId, 'Only once', key);
    expect(first.statusCode, first.body).toBe(201);
    const [again, concurrent] = await Promise.all([
      send(ada, conversationId, 'Only once', key),
      send(ada, conversationId, 'Only once', key),
    ]);
    for (const repeat of [again, concurrent]) {
      expect(repeat.statusCode, repeat.body).toBe(201);
      expect(repeat.json()).toEqual(first.json());
      expect(repeat.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    }
    expect(await types(conversationId)).toEqual(['ConversationStarted', 'MessageSent']);
    // Another key is another message.
    expect((await send(ada, conversationId, 'Only once', randomUUID())).statusCode).toBe(201);
    expect(await types(conversationId)).toEqual(['ConversationStarted', 'MessageSent', 'MessageSent']);
  });

  it('orders messages sent at once: one after the other on the stream, each with its own place', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const conversationId = await conversationOf(ada, bob);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(i % 2 === 0 ? ada : bob, conversationId, `message ${i}`)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const events = await eventsOf(conversationId);
    expect(events.map((e) => e.type)).toEqual(['ConversationStarted', ...Array(12).fill('MessageSent')]);
    const rows = await query<{ message_id: string; seq: number }>(
      'SELECT message_id, seq FROM {schema}.conversation_messages WHERE conversation_id = $1 ORDER BY seq',
      [conversationId],
    );
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    expect(rows.map((r) => r.message_id)).toEqual(events.slice(1).map((e) => e.data.messageId));
    expect(new Set(events.slice(1).map((e) => e.data.text)).size).toBe(12);
    // The thread's times never go back.
    const times = events.slice(1).map((e) => e.data.sentAt as string);
    expect([...times].sort()).toEqual(times);
  });
});

describe('PUT /api/conversations/:id/read', () => {
  it("records the reader's position up to the other's message, and nothing for one at or before it", async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const conversationId = await conversationOf(ada, bob);
    const first = await sent(bob, conversationId, 'one');
    const second = await sent(bob, conversationId, 'two');
    const response = await markRead(ada, conversationId, second._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { conversationId, readUpTo: second._id } });
    expect((await eventsOf(conversationId)).at(-1)).toEqual({
      type: 'MessagesRead',
      data: {
        conversationId,
        participantIds: [ada.id, bob.id].sort(),
        readerId: ada.id,
        upToMessageId: second._id,
        readAt: expect.any(String),
      },
    });
    const before = await eventCount();
    for (const messageId of [second._id, first._id]) {
      const again = await markRead(ada, conversationId, messageId);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ data: { conversationId, readUpTo: second._id } });
    }
    expect(await eventCount()).toBe(before);
    const third = await sent(bob, conversationId, 'three');
    expect((await markRead(ada, conversationId, third._id)).json().data.readUpTo).toBe(third._id);
    expect(
      await query(
        'SELECT up_to_message_id, up_to_seq FROM {schema}.conversation_reads WHERE reader_id = $1',
        [ada.id],
      ),
    ).toEqual([{ up_to_message_id: third._id, up_to_seq: 5 }]);
  });

  it("refuses one's own message, another thread's, or none with 404, writing nothing", async () => {
    const [ada, bob, cyd] = [await signUp('Ada'), await signUp('Bob'), await signUp('Cyd')];
    const conversationId = await conversationOf(ada, bob);
    const other = await conversationOf(cyd, ada);
    const own = await sent(ada, conversationId);
    const elsewhere = await sent(cyd, other);
    for (const messageId of [own._id, elsewhere._id, randomUUID()]) {
      await refusesWithNothingWritten(
        () => markRead(ada, conversationId, messageId),
        404,
        messagingMessages.messageNotFound,
      );
    }
    await refusesWithNothingWritten(
      () => markRead(ada, conversationId, 'nope'),
      400,
      messagingMessages.messageNotFound,
    );
  });

  it('answers a stranger with 404 and lets a blocked reader still read', async () => {
    const [ada, bob, eve] = [await signUp('Ada'), await signUp('Bob'), await signUp('Eve')];
    const conversationId = await conversationOf(ada, bob);
    const message = await sent(bob, conversationId);
    await refusesWithNothingWritten(
      () => markRead(eve, conversationId, message._id),
      404,
      messagingMessages.conversationNotFound,
    );
    expect((await block(bob, ada.id)).statusCode).toBe(200);
    expect((await markRead(ada, conversationId, message._id)).statusCode).toBe(200);
  });
});

describe('PUT and DELETE /api/users/:id/block', () => {
  it("records PersonBlocked on the blocker's stream, once; unblocking records PersonUnblocked, once", async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const blocked = await block(ada, bob.id);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({ data: { userId: bob.id, blocked: true } });
    expect(consistencyTokenSubjects(blocked.headers[CONSISTENCY_HEADER])).toEqual([`${ada.id}@2`]);
    const again = await block(ada, bob.id.toUpperCase());
    expect(again.json()).toEqual({ data: { userId: bob.id, blocked: true } });
    expect(await types(ada.id)).toEqual(['UserRegistered', 'PersonBlocked']);
    expect(await types(bob.id)).toEqual(['UserRegistered']);
    expect(await query('SELECT blocked_user_id FROM {schema}.blocks WHERE user_id = $1', [ada.id])).toEqual([
      { blocked_user_id: bob.id },
    ]);

    const lifted = await unblock(ada, bob.id);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({ data: { userId: bob.id, blocked: false } });
    expect((await unblock(ada, bob.id)).json()).toEqual({ data: { userId: bob.id, blocked: false } });
    expect(await types(ada.id)).toEqual(['UserRegistered', 'PersonBlocked', 'PersonUnblocked']);
    expect(await query('SELECT 1 FROM {schema}.blocks WHERE user_id = $1', [ada.id])).toEqual([]);
  });

  it('records one block for many at once', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const replies = await Promise.all(Array.from({ length: 5 }, () => block(ada, bob.id)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(await types(ada.id)).toEqual(['UserRegistered', 'PersonBlocked']);
  });

  it('refuses oneself with 400 and nobody with 404, writing nothing', async () => {
    const ada = await signUp('Ada');
    for (const action of [block, unblock]) {
      await refusesWithNothingWritten(() => action(ada, ada.id), 400, messagingMessages.cannotBlockSelf);
      await refusesWithNothingWritten(
        () => action(ada, randomUUID()),
        404,
        requestMessages.invalidId('User'),
      );
      await refusesWithNothingWritten(() => action(ada, 'nobody'), 404, requestMessages.invalidId('User'));
    }
  });
});

describe('account deletion and messaging', () => {
  it("removes the person's blocks both ways, keeps their conversations, and leaves their texts unreadable", async () => {
    const [ada, bob, cyd] = [await signUp('Ada'), await signUp('Bob'), await signUp('Cyd')];
    const conversationId = await conversationOf(ada, bob);
    await sent(ada, conversationId, "Ada's words");
    await sent(bob, conversationId, "Bob's words");
    expect((await block(ada, cyd.id)).statusCode).toBe(200);
    expect((await block(cyd, ada.id)).statusCode).toBe(200);

    const deleted = await call('DELETE', '/api/auth/account', ada.sid, { password: 'cobol-1959' });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(
      await query('SELECT 1 FROM {schema}.blocks WHERE user_id = $1 OR blocked_user_id = $1', [ada.id]),
    ).toEqual([]);
    expect(await query('SELECT id FROM {schema}.conversations WHERE id = $1', [conversationId])).toEqual([
      { id: conversationId },
    ]);
    const texts = (await eventsOf(conversationId))
      .filter((e) => e.type === 'MessageSent')
      .map((e) => [e.data.senderId, e.data.text]);
    expect(texts).toEqual([
      [ada.id, ''],
      [bob.id, "Bob's words"],
    ]);
    // Nobody is there to write to any more, nor to start a conversation with.
    await refusesWithNothingWritten(
      () => send(bob, conversationId, 'Ada?'),
      403,
      messagingMessages.cannotReply,
    );
    await refusesWithNothingWritten(() => start(bob, ada.id), 404, messagingMessages.conversationNotFound);
  });
});
