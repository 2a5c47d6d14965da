import { z } from 'zod';
import { CONVERSATIONS_PAGE_SIZE, MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE } from '../constants.ts';
import { messagingMessages, requestMessages } from '../messages.ts';
import { requiredText } from './fields.ts';
import { limitParam, optionalParam } from './query-fields.ts';

/**
 * `POST /conversations`: open (or find) the conversation with `participantId`. `jobId` names the job
 * when it starts from an application (its poster writing to the applicant, or the other way round).
 */
export const StartConversationRequest = z.object({
  participantId: z.uuid({ error: requestMessages.invalidId('User') }),
  jobId: z.uuid({ error: requestMessages.invalidId('Job') }).optional(),
});
export type StartConversationRequest = z.infer<typeof StartConversationRequest>;

/** `POST /conversations/:id/messages`: trimmed, not blank, at most MESSAGE_MAX_LENGTH. */
export const SendMessageRequest = z.object({
  text: requiredText(MESSAGE_MAX_LENGTH, {
    required: messagingMessages.messageEmpty,
    tooLong: messagingMessages.messageTooLong,
  }),
});
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

/** `PUT /conversations/:id/read`: read up to and including this message. */
export const MarkConversationReadRequest = z.object({
  upToMessageId: z.uuid({ error: messagingMessages.messageNotFound }),
});
export type MarkConversationReadRequest = z.infer<typeof MarkConversationReadRequest>;

/** `GET /conversations/:id/messages`: newest first, `before` a message id to page back in time. */
export const MessagesQuery = z.object({
  before: optionalParam(z.uuid({ error: messagingMessages.messageNotFound })),
  limit: limitParam(MESSAGES_PAGE_SIZE, MESSAGES_PAGE_SIZE),
});
export type MessagesQuery = z.infer<typeof MessagesQuery>;

/**
 * Where a page of conversations ends: the last one's `updatedAt` and its id, as `nextBefore` gives it
 * (`2025-02-01T09:01:00.000Z~<id>`). Both, because two conversations can change in the same
 * millisecond: a time alone would leave one of them on neither page.
 */
export const ConversationCursor = z
  .string()
  .regex(/^[^~]+~[0-9a-f-]{36}$/i, messagingMessages.beforeInvalid)
  .transform((cursor) => {
    const [at = '', id = ''] = cursor.split('~');
    return { at, id };
  })
  .pipe(
    z.object({
      at: z.iso.datetime({ offset: true, error: messagingMessages.beforeInvalid }),
      id: z.uuid({ error: messagingMessages.beforeInvalid }),
    }),
  );
export type ConversationCursor = z.infer<typeof ConversationCursor>;

/** The cursor of the conversation that ends a page. */
export const conversationCursorOf = (conversation: { _id: string; updatedAt: string }): string =>
  `${conversation.updatedAt}~${conversation._id}`;

/** `GET /conversations`: the latest changed first; `before` (the last page's `nextBefore`) pages on. */
export const ConversationsQuery = z.object({
  before: optionalParam(ConversationCursor),
  limit: limitParam(CONVERSATIONS_PAGE_SIZE, CONVERSATIONS_PAGE_SIZE),
});
export type ConversationsQuery = z.infer<typeof ConversationsQuery>;
