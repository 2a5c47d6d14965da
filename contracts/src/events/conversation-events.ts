import { z } from 'zod';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { defineEvent } from './define-event.ts';
import { exampleIds } from './example-ids.ts';

/**
 * Events of the `conversation` stream (stream id = conversationId, topic careers.messages): two people
 * writing to each other. A conversation's id is derived from the two people's ids
 * (`conversationIdOf`), so there is one per pair and two people starting it at once start the same
 * one. Every event names both people, so a read model or a socket push needs nothing else.
 */

const people = { conversationId: Id, participantIds: z.tuple([Id, Id]) };

/** The job a conversation is about, when it was started from an application (the thread names it). */
export const ConversationJob = z.strictObject({ jobId: Id, title: z.string() });

export const ConversationStartedData = z.strictObject({
  ...people,
  startedBy: Id,
  job: ConversationJob.nullable(),
  startedAt: IsoDateTime,
});

export const MessageSentData = z.strictObject({
  ...people,
  messageId: Id,
  senderId: Id,
  /** Sealed with the sender's key: their account's deletion leaves it unreadable. */
  text: z.string(),
  sentAt: IsoDateTime,
});

/** The reader has read the conversation up to and including `upToMessageId` (a message of the other). */
export const MessagesReadData = z.strictObject({
  ...people,
  readerId: Id,
  upToMessageId: Id,
  readAt: IsoDateTime,
});

const exampleParticipants = [exampleIds.user, exampleIds.otherUser] as [string, string];

export const conversationEvents = {
  ConversationStarted: defineEvent({
    streamType: 'conversation',
    schemaVersion: 1,
    data: ConversationStartedData,
    description:
      'Someone opened a conversation with a person they may write to (a connection, or the other side of an application; `job` names the job then). Starting one that exists records nothing.',
    example: {
      conversationId: exampleIds.conversation,
      participantIds: exampleParticipants,
      startedBy: exampleIds.user,
      job: { jobId: exampleIds.job, title: 'Senior QA Engineer' },
      startedAt: '2025-02-01T09:00:00.000Z',
    },
  }),
  MessageSent: defineEvent({
    streamType: 'conversation',
    schemaVersion: 1,
    data: MessageSentData,
    personalData: { subject: 'senderId', erased: { text: () => '' } },
    description:
      'A participant sent a message (at most 2,000 characters); its text is sealed with their key.',
    example: {
      conversationId: exampleIds.conversation,
      participantIds: exampleParticipants,
      messageId: exampleIds.message,
      senderId: exampleIds.user,
      text: 'Thanks for applying! Are you free for a call on Thursday?',
      sentAt: '2025-02-01T09:01:00.000Z',
    },
  }),
  MessagesRead: defineEvent({
    streamType: 'conversation',
    schemaVersion: 1,
    data: MessagesReadData,
    description:
      'A participant read the conversation up to a message the other sent (the other\'s "Seen"). Reading up to a message already read records nothing.',
    example: {
      conversationId: exampleIds.conversation,
      participantIds: exampleParticipants,
      readerId: exampleIds.otherUser,
      upToMessageId: exampleIds.message,
      readAt: '2025-02-01T09:05:00.000Z',
    },
  }),
} as const;
