import type { ConversationSummary, Message } from '@careers/contracts/entities/conversation';
import type { QueryClient } from '@tanstack/react-query';
import type { ThreadData } from './get-thread';
import type { ConversationsData } from './list-conversations';
import { conversationListKey, messageUnreadCountKey, threadKey } from './message-keys';

/**
 * The thread's messages oldest first, each once: a page read again after a live message shifts the
 * pages' edges, so two pages may briefly hold the same message.
 */
export function messagesOf(data: ThreadData | undefined): Message[] {
  const byId = new Map<string, Message>();
  for (const page of data?.pages ?? []) {
    for (const message of page.messages) if (!byId.has(message._id)) byId.set(message._id, message);
  }
  return [...byId.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** The conversation as the thread's newest page holds it (pushes and marks keep it current). */
export function conversationOf(data: ThreadData | undefined): ConversationSummary | undefined {
  return data?.pages[0]?.conversation;
}

export function hasMessage(data: ThreadData, messageId: string): boolean {
  return data.pages.some((page) => page.messages.some((message) => message._id === messageId));
}

/** Changes one conversation wherever the cache shows it: in the list and in its open thread. */
export function patchConversation(
  queryClient: QueryClient,
  conversationId: string,
  change: (conversation: ConversationSummary) => ConversationSummary,
): void {
  queryClient.setQueryData<ConversationsData>(conversationListKey, (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({
            ...page,
            data: page.data.map((one) => (one._id === conversationId ? change(one) : one)),
          })),
        }
      : list,
  );
  queryClient.setQueryData<ThreadData>(threadKey(conversationId), (thread) =>
    thread
      ? {
          ...thread,
          pages: thread.pages.map((page) => ({ ...page, conversation: change(page.conversation) })),
        }
      : thread,
  );
}

/**
 * Puts a message into its thread, if the thread is cached, unless it is there already (the reply to
 * the reader's own send and the push about it carry the same id, in either order).
 * Answers whether it was new.
 */
export function addMessageToThread(queryClient: QueryClient, message: Message): boolean {
  let added = false;
  queryClient.setQueryData<ThreadData>(threadKey(message.conversationId), (thread) => {
    if (!thread || thread.pages.length === 0 || hasMessage(thread, message._id)) return thread;
    added = true;
    const [newest, ...older] = thread.pages;
    if (!newest) return thread;
    return { ...thread, pages: [{ ...newest, messages: [message, ...newest.messages] }, ...older] };
  });
  return added;
}

/**
 * A new message in a conversation the list holds: the conversation moves to the top; `unreadBy` is
 * added to its unread count (1 for the other's message the reader has not seen). The last message is
 * taken from `message` when it has its text (the reply to one's own send); a push has none, and the
 * list's next read brings it. Answers whether the list held it and whether it went from nothing
 * unread to some.
 */
export function moveConversationToTop(
  queryClient: QueryClient,
  message: Message | Pick<Message, 'conversationId' | 'sentAt'>,
  unreadBy: number,
): { listed: boolean; becameUnread: boolean } {
  const list = queryClient.getQueryData<ConversationsData>(conversationListKey);
  const found = list?.pages.flatMap((page) => page.data).find((one) => one._id === message.conversationId);
  if (!list || !found) return { listed: false, becameUnread: false };
  const moved: ConversationSummary = {
    ...found,
    lastMessage: '_id' in message ? message : found.lastMessage,
    unreadCount: found.unreadCount + unreadBy,
    updatedAt: found.updatedAt.localeCompare(message.sentAt) < 0 ? message.sentAt : found.updatedAt,
  };
  const pages = list.pages.map((page) => ({
    ...page,
    data: page.data.filter((one) => one._id !== message.conversationId),
  }));
  const [first, ...rest] = pages;
  if (first) pages.splice(0, pages.length, { ...first, data: [moved, ...first.data] }, ...rest);
  queryClient.setQueryData<ConversationsData>(conversationListKey, { ...list, pages });
  return { listed: true, becameUnread: found.unreadCount === 0 && unreadBy > 0 };
}

/** The sidebar's count, changed at once by `by` (never below 0) while it is read again. */
export function bumpUnreadCount(queryClient: QueryClient, by: number): void {
  queryClient.setQueryData<number>(messageUnreadCountKey, (count) =>
    count === undefined ? count : Math.max(0, count + by),
  );
}
