import { Id } from '@careers/contracts/entities/scalars';
import { messagingMessages, requestMessages } from '@careers/contracts/messages';
import { describe, expect, it } from 'vitest';
import { given } from '../pipeline/testing.ts';
import {
  type ConversationState,
  conversationIdOf,
  decideBlock,
  decideMarkRead,
  decideSendMessage,
  decideStartConversation,
  decideUnblock,
  evolveBlockedAt,
  foldConversation,
  type MessageRecord,
  type ReadPosition,
  unstartedConversation,
  type WriteAccess,
} from './decide.ts';

const now = new Date('2026-05-01T09:00:00.000Z');
const earlier = '2026-04-01T09:00:00.000Z';
const ada = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const cyd = '33333333-3333-4333-8333-333333333333';
const jobId = '44444444-4444-4444-8444-444444444444';
const messageId = '55555555-5555-4555-8555-555555555555';

const allowed: WriteAccess = {
  otherExists: true,
  linked: true,
  blockedByActor: false,
  blockedByOther: false,
};
const conversation: ConversationState = {
  id: conversationIdOf(ada, bob),
  participantIds: [ada, bob],
  jobId: null,
  startedAt: earlier,
  lastSentAt: earlier,
  version: 3,
};

describe('conversationIdOf', () => {
  it('is one id per pair, whoever asks, and a version 8 UUID of the RFC 4122 variant', () => {
    const id = conversationIdOf(ada, bob);
    expect(conversationIdOf(bob, ada)).toBe(id);
    expect(conversationIdOf(ada.toUpperCase(), bob)).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Id.safeParse(id).success).toBe(true);
    expect(conversationIdOf(ada, cyd)).not.toBe(id);
  });
});

describe('start a conversation', () => {
  const start = (
    over: Partial<Parameters<typeof decideStartConversation>[0]> = {},
  ): Parameters<typeof decideStartConversation>[0] => ({
    actorId: bob,
    otherId: ada,
    otherExists: true,
    job: null,
    existing: null,
    access: allowed,
    conversationId: conversation.id,
    now,
    ...over,
  });

  it('records ConversationStarted with the two people in id order, and no job unless one is named', () => {
    given(start())
      .when(decideStartConversation)
      .thenRecords([
        {
          type: 'ConversationStarted',
          data: {
            conversationId: conversation.id,
            participantIds: [ada, bob],
            startedBy: bob,
            job: null,
            startedAt: now.toISOString(),
          },
        },
      ]);
  });

  it('names the job it starts from when the job links the two', () => {
    const [event] = given(start({ job: { jobId, title: 'QA Lead', linked: true } }))
      .when(decideStartConversation)
      .thenRecords([expect.objectContaining({ type: 'ConversationStarted' })]);
    expect(event?.data).toMatchObject({ job: { jobId, title: 'QA Lead' } });
  });

  it('refuses oneself with 400', () => {
    given(start({ otherId: bob }))
      .when(decideStartConversation)
      .thenRefuses('invalid', messagingMessages.cannotMessageSelf);
  });

  it('answers "not found" for nobody, a job that does not link the two, or someone one may not write to', () => {
    const notFound = (input: Parameters<typeof decideStartConversation>[0]) =>
      given(input)
        .when(decideStartConversation)
        .thenRefuses('not found', messagingMessages.conversationNotFound);
    notFound(start({ otherExists: false }));
    notFound(start({ job: { jobId, title: '', linked: false } }));
    notFound(start({ access: { ...allowed, linked: false } }));
    notFound(start({ access: { ...allowed, blockedByActor: true } }));
    notFound(start({ access: { ...allowed, blockedByOther: true } }));
    // A job that does not link them is refused even when the conversation exists.
    notFound(start({ existing: conversation, job: { jobId, title: '', linked: false } }));
  });

  it('records nothing for a conversation that exists, even one no longer to be written in', () => {
    given(start({ existing: conversation }))
      .when(decideStartConversation)
      .thenRecordsNothing();
    given(start({ existing: conversation, access: { ...allowed, blockedByOther: true, linked: false } }))
      .when(decideStartConversation)
      .thenRecordsNothing();
  });
});

describe('send a message', () => {
  const send = (
    over: Partial<Parameters<typeof decideSendMessage>[0]> = {},
  ): Parameters<typeof decideSendMessage>[0] => ({
    conversation,
    actorId: ada,
    access: allowed,
    messageId,
    text: 'Hello',
    now,
    ...over,
  });

  it('records MessageSent naming both people', () => {
    given(send())
      .when(decideSendMessage)
      .thenRecords([
        {
          type: 'MessageSent',
          data: {
            conversationId: conversation.id,
            participantIds: [ada, bob],
            messageId,
            senderId: ada,
            text: 'Hello',
            sentAt: now.toISOString(),
          },
        },
      ]);
  });

  it("is never sent before the thread's last message, whatever the command's clock read", () => {
    const later = '2026-05-01T09:00:00.005Z';
    const [event] = given(send({ conversation: { ...conversation, lastSentAt: later } }))
      .when(decideSendMessage)
      .thenRecords([expect.objectContaining({ type: 'MessageSent' })]);
    expect(event?.data).toMatchObject({ sentAt: later });
  });

  it('answers "not found" for no conversation, or one the actor is not in', () => {
    given(send({ conversation: null }))
      .when(decideSendMessage)
      .thenRefuses('not found', messagingMessages.conversationNotFound);
    given(send({ actorId: cyd }))
      .when(decideSendMessage)
      .thenRefuses('not found', messagingMessages.conversationNotFound);
  });

  it('tells the blocker they blocked, and anyone else only that they cannot reply', () => {
    given(send({ access: { ...allowed, blockedByActor: true, blockedByOther: true } }))
      .when(decideSendMessage)
      .thenRefuses('forbidden', messagingMessages.youBlocked);
    for (const access of [
      { ...allowed, blockedByOther: true },
      { ...allowed, linked: false },
      { ...allowed, otherExists: false },
    ]) {
      given(send({ access })).when(decideSendMessage).thenRefuses('forbidden', messagingMessages.cannotReply);
    }
  });
});

describe('mark a conversation read', () => {
  const fromBob = (seq: number, id = messageId): MessageRecord => ({
    messageId: id,
    conversationId: conversation.id,
    senderId: bob,
    seq,
    sentAt: earlier,
  });
  const read = (
    message: MessageRecord | null,
    position: ReadPosition | null = null,
    over: Partial<Parameters<typeof decideMarkRead>[0]> = {},
  ): Parameters<typeof decideMarkRead>[0] => ({
    conversation,
    actorId: ada,
    message,
    position,
    now,
    ...over,
  });

  it("records MessagesRead up to the other's message", () => {
    given(read(fromBob(2)))
      .when(decideMarkRead)
      .thenRecords([
        {
          type: 'MessagesRead',
          data: {
            conversationId: conversation.id,
            participantIds: [ada, bob],
            readerId: ada,
            upToMessageId: messageId,
            readAt: now.toISOString(),
          },
        },
      ]);
  });

  it('records nothing up to a message at or before what was read', () => {
    given(read(fromBob(2), { messageId, seq: 2 }))
      .when(decideMarkRead)
      .thenRecordsNothing();
    given(read(fromBob(2), { messageId: cyd, seq: 3 }))
      .when(decideMarkRead)
      .thenRecordsNothing();
  });

  it("refuses one's own message, one of another conversation, or none, with 404", () => {
    for (const message of [{ ...fromBob(2), senderId: ada }, { ...fromBob(2), conversationId: cyd }, null]) {
      given(read(message)).when(decideMarkRead).thenRefuses('not found', messagingMessages.messageNotFound);
    }
  });

  it('answers "not found" for a conversation the reader is not in', () => {
    given(read(fromBob(2), null, { actorId: cyd }))
      .when(decideMarkRead)
      .thenRefuses('not found', messagingMessages.conversationNotFound);
    given(read(fromBob(2), null, { conversation: null }))
      .when(decideMarkRead)
      .thenRefuses('not found', messagingMessages.conversationNotFound);
  });
});

describe('the conversation stream', () => {
  it('starts at version 1 and moves on with each message and receipt', () => {
    const started = foldConversation(unstartedConversation(bob, ada, now), [
      {
        type: 'ConversationStarted',
        data: {
          conversationId: conversation.id,
          participantIds: [ada, bob],
          startedBy: bob,
          job: { jobId, title: 'QA Lead' },
          startedAt: now.toISOString(),
        },
      },
    ]);
    expect(started).toEqual({
      id: conversation.id,
      participantIds: [ada, bob],
      jobId,
      startedAt: now.toISOString(),
      lastSentAt: null,
      version: 1,
    });
  });
});

describe('block and unblock', () => {
  const input = (blockedAt: string | null, over = {}) => ({
    actorId: ada,
    targetId: bob,
    targetExists: true,
    blockedAt,
    now,
    ...over,
  });

  it('records PersonBlocked once; blocking again records nothing', () => {
    given(input(null))
      .when(decideBlock)
      .thenRecords([
        { type: 'PersonBlocked', data: { userId: ada, blockedUserId: bob, blockedAt: now.toISOString() } },
      ]);
    given(input(earlier)).when(decideBlock).thenRecordsNothing();
  });

  it('records PersonUnblocked for a block that holds; none to lift records nothing', () => {
    given(input(earlier))
      .when(decideUnblock)
      .thenRecords([
        {
          type: 'PersonUnblocked',
          data: { userId: ada, blockedUserId: bob, unblockedAt: now.toISOString() },
        },
      ]);
    given(input(null)).when(decideUnblock).thenRecordsNothing();
  });

  it('refuses oneself with 400 and nobody with 404', () => {
    for (const decide of [decideBlock, decideUnblock]) {
      given(input(null, { targetId: ada }))
        .when(decide)
        .thenRefuses('invalid', messagingMessages.cannotBlockSelf);
      given(input(null, { targetExists: false }))
        .when(decide)
        .thenRefuses('not found', requestMessages.invalidId('User'));
    }
  });

  it('folds into when the block was made, or none', () => {
    const blocked = evolveBlockedAt(null, {
      type: 'PersonBlocked',
      data: { userId: ada, blockedUserId: bob, blockedAt: earlier },
    });
    expect(blocked).toBe(earlier);
    expect(
      evolveBlockedAt(blocked, {
        type: 'PersonUnblocked',
        data: { userId: ada, blockedUserId: bob, unblockedAt: now.toISOString() },
      }),
    ).toBeNull();
  });
});
