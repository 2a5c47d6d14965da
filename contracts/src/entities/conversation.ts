import { z } from 'zod';
import { AuthorSummary } from './person-summary.ts';
import { Id, IsoDateTime } from './scalars.ts';

/** A message as the thread shows it. `text` is "" once its sender deleted their account (`erased`). */
export const Message = z.object({
  _id: Id,
  conversationId: Id,
  senderId: Id,
  text: z.string(),
  /** The sender's account is gone: the screen says "Message deleted" instead of the text. */
  erased: z.boolean(),
  sentAt: IsoDateTime,
});
export type Message = z.infer<typeof Message>;

/**
 * One conversation as the reader sees it: the other person (as a card shows them), the job it is
 * about when it began from an application, the last message, how many of the other's messages the
 * reader has not read, and the last of the reader's own messages the other has read ("Seen").
 */
export const ConversationSummary = z.object({
  _id: Id,
  other: AuthorSummary,
  job: z.object({ jobId: Id, title: z.string() }).nullable(),
  lastMessage: Message.nullable(),
  unreadCount: z.number().int().nonnegative(),
  /** The newest of the reader's messages the other person has read; null when none. */
  seenUpTo: Id.nullable(),
  /** Whether the reader may send now (false: blocked either way, or no longer connected nor linked by an application). */
  canWrite: z.boolean(),
  /** Whether the reader blocked the other person (the blocked side is never told). */
  blockedByMe: z.boolean(),
  updatedAt: IsoDateTime,
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

/**
 * A page of the reader's conversations, the latest changed first; `nextBefore` is the cursor of the
 * next page (the last one's time and id), null on the last page.
 */
export const ConversationPage = z.object({
  data: z.array(ConversationSummary),
  nextBefore: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof ConversationPage>;

/** A page of a thread, newest first; `nextBefore` pages further back (null: the first message is here). */
export const MessagePage = z.object({
  conversation: ConversationSummary,
  messages: z.array(Message),
  nextBefore: Id.nullable(),
});
export type MessagePage = z.infer<typeof MessagePage>;

/** What blocking or unblocking answers. */
export const BlockState = z.object({ userId: Id, blocked: z.boolean() });
export type BlockState = z.infer<typeof BlockState>;
