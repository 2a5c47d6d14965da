import { createHash } from 'node:crypto';
import type { NewDomainEvent, NewEventOf } from '@careers/contracts/events/catalogue';
import { messagingMessages, requestMessages } from '@careers/contracts/messages';
import { type Decision, refuse } from '../pipeline/domain-error.ts';
import { evolveUserStream } from '../users/evolve.ts';
import type { UserRecord } from '../users/store.ts';

/**
 * Messaging (beyond the spec): two people writing to each other in one conversation per pair, with
 * read receipts, and blocks. A conversation is its own stream (`conversation`, topic careers.messages);
 * a block is recorded on the blocker's user stream.
 *
 * Who may write to whom: two people connected (accepted), or a job's poster and a person who applied
 * to that job (an application that exists, whatever its status: a withdrawn or rejected applicant can
 * still be written to about it, as the poster may still write to them), and neither has blocked the
 * other. Everything else reads as "no such conversation", so nobody learns whom a stranger talks to.
 */

/** The two people's ids, the lower first: the order of a conversation's `participantIds`. */
export function orderedPair(a: string, b: string): [string, string] {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? [x, y] : [y, x];
}

/**
 * The conversation of two people, whoever asks: the SHA-256 of their sorted ids (`low:high`, lower
 * case), its first 16 bytes formatted as a UUID with version nibble 8 (RFC 9562's custom UUID) and the
 * RFC 4122 variant. So starting is idempotent, and two people starting it at once start the same one.
 */
export function conversationIdOf(a: string, b: string): string {
  const [low, high] = orderedPair(a, b);
  const bytes = createHash('sha256').update(`${low}:${high}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The write side's view of one conversation stream. */
export interface ConversationState {
  id: string;
  participantIds: [string, string];
  /** The job it was started from, if any. */
  jobId: string | null;
  startedAt: string;
  /** When its last message was sent, if any. */
  lastSentAt: string | null;
  version: number;
}

/** What decides whether one person may write to another now. */
export interface WriteAccess {
  /** The other person has an account (a deleted one can no longer be written to). */
  otherExists: boolean;
  /** Connected, or linked by an application (a poster and an applicant to their job). */
  linked: boolean;
  blockedByActor: boolean;
  blockedByOther: boolean;
}

export const mayWrite = (access: WriteAccess): boolean =>
  access.otherExists && access.linked && !access.blockedByActor && !access.blockedByOther;

export const isParticipant = (conversation: ConversationState, userId: string): boolean =>
  conversation.participantIds.includes(userId);

export const otherParticipant = (conversation: ConversationState, userId: string): string =>
  conversation.participantIds[0] === userId ? conversation.participantIds[1] : conversation.participantIds[0];

export const conversationNotFound = () => refuse.notFound(messagingMessages.conversationNotFound);

/**
 * Starting (or finding) the conversation with another person. Oneself: 400. A person who does not
 * exist, one the actor may not write to, or a `jobId` that does not link the two (not a job of one of
 * them that the other applied to): 404, the answer a missing conversation gets. A conversation that
 * exists already is answered as it is (the actor is in it, so it tells them nothing new) and nothing
 * is recorded, even when writing in it is no longer allowed: the thread then says so. `job` is
 * recorded only on the start, and only when the start names a job that links the two.
 */
export function decideStartConversation(input: {
  actorId: string;
  otherId: string;
  otherExists: boolean;
  /** The job the start names: null when none is named; `linked` false when it does not link the two. */
  job: { jobId: string; title: string; linked: boolean } | null;
  existing: ConversationState | null;
  access: WriteAccess;
  conversationId: string;
  now: Date;
}): Decision<NewEventOf<'ConversationStarted'>> {
  const { actorId, otherId, job } = input;
  if (actorId === otherId) return refuse.invalid(messagingMessages.cannotMessageSelf);
  if (!input.otherExists) return conversationNotFound();
  if (job && !job.linked) return conversationNotFound();
  if (input.existing) return [];
  if (!mayWrite(input.access)) return conversationNotFound();
  return [
    {
      type: 'ConversationStarted',
      data: {
        conversationId: input.conversationId,
        participantIds: orderedPair(actorId, otherId),
        startedBy: actorId,
        job: job ? { jobId: job.jobId, title: job.title } : null,
        startedAt: input.now.toISOString(),
      },
    },
  ];
}

/**
 * Sending a message. A conversation that does not exist or that the actor is not in: 404. The actor
 * blocked the other: 403 telling them so (only they know of their block). Blocked by the other, the
 * other's account gone, or no longer connected nor linked by an application: 403 "can't reply",
 * which tells the blocked person nothing more.
 */
export function decideSendMessage(input: {
  conversation: ConversationState | null;
  actorId: string;
  access: WriteAccess;
  messageId: string;
  text: string;
  now: Date;
}): Decision<NewEventOf<'MessageSent'>> {
  const { conversation, actorId, access } = input;
  if (!conversation || !isParticipant(conversation, actorId)) return conversationNotFound();
  if (access.blockedByActor) return refuse.forbidden(messagingMessages.youBlocked);
  if (!mayWrite(access)) return refuse.forbidden(messagingMessages.cannotReply);
  // The command's clock was read before it waited for the conversation's lock: a message decided
  // after another is never sent before it, so the thread's times follow its order.
  const at = input.now.toISOString();
  const sentAt = conversation.lastSentAt && conversation.lastSentAt > at ? conversation.lastSentAt : at;
  return [
    {
      type: 'MessageSent',
      data: {
        conversationId: conversation.id,
        participantIds: conversation.participantIds,
        messageId: input.messageId,
        senderId: actorId,
        text: input.text,
        sentAt,
      },
    },
  ];
}

/** A message as the write side keeps it: who sent it, and where it stands in its thread. */
export interface MessageRecord {
  messageId: string;
  conversationId: string;
  senderId: string;
  /** The stream version of its MessageSent: later messages have higher ones. */
  seq: number;
  sentAt: string;
}

/** How far a person has read a thread: the last message of the other's they read up to. */
export interface ReadPosition {
  messageId: string;
  seq: number;
}

/**
 * Marking a thread read up to a message. It must be a message of the thread sent by the other person
 * (else 404 "Message not found"); reading up to a message at or before what the reader has read
 * records nothing. Blocks do not matter: reading what one was sent is always allowed.
 */
export function decideMarkRead(input: {
  conversation: ConversationState | null;
  actorId: string;
  message: MessageRecord | null;
  position: ReadPosition | null;
  now: Date;
}): Decision<NewEventOf<'MessagesRead'>> {
  const { conversation, actorId, message, position } = input;
  if (!conversation || !isParticipant(conversation, actorId)) return conversationNotFound();
  if (!message || message.conversationId !== conversation.id || message.senderId === actorId) {
    return refuse.notFound(messagingMessages.messageNotFound);
  }
  if (position && message.seq <= position.seq) return [];
  return [
    {
      type: 'MessagesRead',
      data: {
        conversationId: conversation.id,
        participantIds: conversation.participantIds,
        readerId: actorId,
        upToMessageId: message.messageId,
        readAt: input.now.toISOString(),
      },
    },
  ];
}

/** The state one event of a conversation stream leaves (pure). */
export function evolveConversation(
  conversation: ConversationState,
  event: NewDomainEvent,
): ConversationState {
  const version = conversation.version + 1;
  switch (event.type) {
    case 'ConversationStarted':
      return {
        id: event.data.conversationId,
        participantIds: event.data.participantIds,
        jobId: event.data.job?.jobId ?? null,
        startedAt: event.data.startedAt,
        lastSentAt: null,
        version,
      };
    case 'MessageSent':
      return { ...conversation, lastSentAt: event.data.sentAt, version };
    case 'MessagesRead':
      return { ...conversation, version };
    default:
      throw new Error(`${event.type} is not an event of a conversation stream`);
  }
}

export function foldConversation(
  conversation: ConversationState,
  events: readonly NewDomainEvent[],
): ConversationState {
  return events.reduce(evolveConversation, conversation);
}

/** A conversation about to be started: the state it is decided on, at version 0 (the new stream). */
export function unstartedConversation(actorId: string, otherId: string, now: Date): ConversationState {
  return {
    id: conversationIdOf(actorId, otherId),
    participantIds: orderedPair(actorId, otherId),
    jobId: null,
    startedAt: now.toISOString(),
    lastSentAt: null,
    version: 0,
  };
}

// ---- Blocks -------------------------------------------------------------------------------------------

/** What a block or an unblock is decided on: the blocker's own stream, and the person named. */
export interface BlockCommandState extends UserRecord {
  /** The person named (lowercased). */
  targetId: string;
  targetExists: boolean;
  /** When the actor blocked them, or null when they have not. */
  blockedAt: string | null;
}

const userNotFound = () => refuse.notFound(requestMessages.invalidId('User'));

/** Blocking: oneself 400, nobody 404; blocking someone blocked already records nothing. */
export function decideBlock(input: {
  actorId: string;
  targetId: string;
  targetExists: boolean;
  blockedAt: string | null;
  now: Date;
}): Decision<NewEventOf<'PersonBlocked'>> {
  const { actorId, targetId } = input;
  if (actorId === targetId) return refuse.invalid(messagingMessages.cannotBlockSelf);
  if (!input.targetExists) return userNotFound();
  if (input.blockedAt !== null) return [];
  return [
    {
      type: 'PersonBlocked',
      data: { userId: actorId, blockedUserId: targetId, blockedAt: input.now.toISOString() },
    },
  ];
}

/** Unblocking: as blocking; someone not blocked stays so and nothing is recorded. */
export function decideUnblock(input: {
  actorId: string;
  targetId: string;
  targetExists: boolean;
  blockedAt: string | null;
  now: Date;
}): Decision<NewEventOf<'PersonUnblocked'>> {
  const { actorId, targetId } = input;
  if (actorId === targetId) return refuse.invalid(messagingMessages.cannotBlockSelf);
  if (!input.targetExists) return userNotFound();
  if (input.blockedAt === null) return [];
  return [
    {
      type: 'PersonUnblocked',
      data: { userId: actorId, blockedUserId: targetId, unblockedAt: input.now.toISOString() },
    },
  ];
}

/** Where the block stands after these events (pure). */
export function evolveBlockedAt(blockedAt: string | null, event: NewDomainEvent): string | null {
  switch (event.type) {
    case 'PersonBlocked':
      return event.data.blockedAt;
    case 'PersonUnblocked':
      return null;
    default:
      return blockedAt;
  }
}

/** The state a block's or unblock's events leave: the user stream moved on, and the block. */
export function evolveBlockCommand(
  state: BlockCommandState,
  events: readonly NewDomainEvent[],
): BlockCommandState {
  return { ...evolveUserStream(state, events), blockedAt: events.reduce(evolveBlockedAt, state.blockedAt) };
}
