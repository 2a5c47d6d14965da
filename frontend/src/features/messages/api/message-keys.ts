/**
 * Messaging's cache keys, defined once: the sidebar's count, the list and every thread sit under
 * `messagesKey`, so a reconnect reads them all again in one call.
 */
export const messagesKey = ['messages'] as const;
export const messageUnreadCountKey = [...messagesKey, 'unread-count'] as const;
export const conversationListKey = [...messagesKey, 'conversations'] as const;
export const threadsKey = [...messagesKey, 'thread'] as const;
export const threadKey = (conversationId: string) => [...threadsKey, conversationId] as const;
