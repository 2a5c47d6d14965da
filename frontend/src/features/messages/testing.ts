import { MESSAGES_PAGE_SIZE } from '@careers/contracts/constants';
import { ConversationSummary, Message } from '@careers/contracts/entities/conversation';
import type { AuthorSummary } from '@careers/contracts/entities/person-summary';
import { ada, type FetchHandler, jsonReply } from '../../testing/fake-api';
import { minutesAgo } from '../../testing/posts';

/** Test fixtures of messaging, each checked against its contract. */

export const alan: AuthorSummary = {
  _id: '3c8e5a1b-2d4f-4e6a-8b9c-0d1e2f3a4b5c',
  firstName: 'Alan',
  lastName: 'Turing',
  profilePicture: null,
  jobTitle: 'Mathematician',
};

export const grace: AuthorSummary = {
  _id: '5d2a9c1e-3b4f-4c6d-8e7f-9a0b1c2d3e4f',
  firstName: 'Grace',
  lastName: 'Hopper',
  profilePicture: null,
  jobTitle: '',
};

export function aMessage(conversationId: string, fields: Partial<Message> = {}): Message {
  return Message.parse({
    _id: crypto.randomUUID(),
    conversationId,
    senderId: alan._id,
    text: 'Hello there',
    erased: false,
    sentAt: minutesAgo(5),
    ...fields,
  });
}

export function aConversation(fields: Partial<ConversationSummary> = {}): ConversationSummary {
  return ConversationSummary.parse({
    _id: crypto.randomUUID(),
    other: alan,
    job: null,
    lastMessage: null,
    unreadCount: 0,
    seenUpTo: null,
    canWrite: true,
    blockedByMe: false,
    updatedAt: minutesAgo(5),
    ...fields,
  });
}

/** `count` messages, oldest first, a minute apart, alternating between Alan and Ada. */
export function aThread(conversationId: string, count: number): Message[] {
  return Array.from({ length: count }, (_, index) =>
    aMessage(conversationId, {
      text: `Message ${index + 1}`,
      senderId: index % 2 === 0 ? alan._id : ada._id,
      sentAt: minutesAgo(count - index + 10),
    }),
  );
}

/** What the server holds now; a test changes it between calls, as the server's state would change. */
export interface MessagingStore {
  conversations: ConversationSummary[];
  /** Each conversation's messages, oldest first. */
  messages: Record<string, Message[]>;
  unreadCount: number;
}

export function aStore(
  conversations: ConversationSummary[],
  messages: Record<string, Message[]> = {},
): MessagingStore {
  return {
    conversations,
    messages,
    unreadCount: conversations.filter((one) => one.unreadCount > 0).length,
  };
}

/**
 * The messaging routes answered from `store`: the list, the count, a thread paged newest first by
 * `before`, a send (201 with the message, which joins the store), a read mark, a block and its lift.
 * `others` may answer first (a failure, a delay); returning undefined leaves the call to these.
 */
export function messagingApi(
  store: MessagingStore,
  others?: (
    method: string,
    url: string,
    init: RequestInit | undefined,
  ) => Response | Promise<Response> | undefined,
): FetchHandler {
  return (method, url, init) => {
    const special = others?.(method, url, init);
    if (special) return special;
    const at = new URL(url, 'http://app');
    const path = at.pathname;
    if (method === 'GET' && path === '/api/conversations/unread-count') {
      return jsonReply(200, { count: store.unreadCount });
    }
    if (method === 'GET' && path === '/api/conversations') {
      return jsonReply(200, { data: store.conversations, nextBefore: null });
    }
    const thread = /^\/api\/conversations\/([^/]+)\/messages$/.exec(path);
    const conversation = store.conversations.find((one) => one._id === thread?.[1]);
    if (thread && !conversation) return jsonReply(404, { message: 'Conversation not found' });
    if (method === 'GET' && thread && conversation) {
      const newestFirst = [...(store.messages[conversation._id] ?? [])].reverse();
      const before = at.searchParams.get('before');
      const start = before ? newestFirst.findIndex((one) => one._id === before) + 1 : 0;
      const page = newestFirst.slice(start, start + MESSAGES_PAGE_SIZE);
      const more = start + MESSAGES_PAGE_SIZE < newestFirst.length;
      return jsonReply(200, {
        data: { conversation, messages: page, nextBefore: more ? (page.at(-1)?._id ?? null) : null },
      });
    }
    if (method === 'POST' && thread && conversation) {
      const { text } = JSON.parse(String(init?.body)) as { text: string };
      const sent = aMessage(conversation._id, { senderId: ada._id, text, sentAt: new Date().toISOString() });
      store.messages[conversation._id] = [...(store.messages[conversation._id] ?? []), sent];
      return jsonReply(201, { data: sent }, { 'x-consistency-token': `${conversation._id}@7` });
    }
    const read = /^\/api\/conversations\/([^/]+)\/read$/.exec(path);
    if (method === 'PUT' && read?.[1]) {
      const { upToMessageId } = JSON.parse(String(init?.body)) as { upToMessageId: string };
      return jsonReply(200, { data: { conversationId: read[1], readUpTo: upToMessageId } });
    }
    const block = /^\/api\/users\/([^/]+)\/block$/.exec(path);
    if (block?.[1] && (method === 'PUT' || method === 'DELETE')) {
      const blocked = method === 'PUT';
      store.conversations = store.conversations.map((one) =>
        one.other._id === block[1] ? { ...one, blockedByMe: blocked, canWrite: !blocked } : one,
      );
      return jsonReply(200, { data: { userId: block[1], blocked } });
    }
    return jsonReply(404, { message: 'Not found' });
  };
}
