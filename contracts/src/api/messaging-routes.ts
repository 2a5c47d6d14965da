import { z } from 'zod';
import { BlockState, ConversationPage, Message, MessagePage } from '../entities/conversation.ts';
import {
  ConversationsQuery,
  MarkConversationReadRequest,
  MessagesQuery,
  SendMessageRequest,
  StartConversationRequest,
} from '../requests/messaging.ts';
import { ConversationIdParams, UserIdParams } from '../requests/route-params.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse } from './responses.ts';

/**
 * Beyond the spec: messages between two people. A conversation the reader is not in answers exactly as
 * one that does not exist: 404 "Conversation not found".
 */
export const messagingRoutes = {
  listConversations: defineRoute({
    method: 'GET',
    path: '/conversations',
    service: 'query',
    auth: 'required',
    query: ConversationsQuery,
    status: 200,
    response: ConversationPage,
    summary: "The reader's conversations, the latest changed first.",
  }),
  getUnreadMessageCount: defineRoute({
    method: 'GET',
    path: '/conversations/unread-count',
    service: 'query',
    auth: 'required',
    status: 200,
    response: z.object({ count: z.number().int().nonnegative() }),
    summary: 'How many conversations have messages the reader has not read (the sidebar badge).',
  }),
  getConversationMessages: defineRoute({
    method: 'GET',
    path: '/conversations/:id/messages',
    service: 'query',
    auth: 'required',
    params: ConversationIdParams,
    query: MessagesQuery,
    status: 200,
    response: dataResponse(MessagePage),
    summary: 'A page of a thread, newest first, with the conversation itself.',
  }),
  startConversation: defineRoute({
    method: 'POST',
    path: '/conversations',
    service: 'command',
    auth: 'required',
    body: StartConversationRequest,
    status: 200,
    response: dataResponse(z.object({ conversationId: z.uuid() })),
    summary:
      'Opens the conversation with a person one may write to (a connection, or the other side of an application); the same one if it exists.',
  }),
  sendMessage: defineRoute({
    method: 'POST',
    path: '/conversations/:id/messages',
    service: 'command',
    auth: 'required',
    params: ConversationIdParams,
    body: SendMessageRequest,
    status: 201,
    response: dataResponse(Message),
    summary: 'Sends a message (one Idempotency-Key per send).',
  }),
  markConversationRead: defineRoute({
    method: 'PUT',
    path: '/conversations/:id/read',
    service: 'command',
    auth: 'required',
    params: ConversationIdParams,
    body: MarkConversationReadRequest,
    status: 200,
    response: dataResponse(z.object({ conversationId: z.uuid(), readUpTo: z.uuid() })),
    summary: 'Marks the conversation read up to a message of the other person.',
  }),
  blockUser: defineRoute({
    method: 'PUT',
    path: '/users/:id/block',
    service: 'command',
    auth: 'required',
    params: UserIdParams,
    body: null,
    status: 200,
    response: dataResponse(BlockState),
    summary: 'Blocks a person: no messages either way; they are told nothing.',
  }),
  unblockUser: defineRoute({
    method: 'DELETE',
    path: '/users/:id/block',
    service: 'command',
    auth: 'required',
    params: UserIdParams,
    body: null,
    status: 200,
    response: dataResponse(BlockState),
    summary: 'Lifts a block.',
  }),
} as const;
