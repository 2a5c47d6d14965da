import type { ConversationSummary, Message } from '@careers/contracts/entities/conversation';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { showingThread } from '../live/visible-threads';
import { markConversationRead } from './mark-read';
import { patchConversation } from './message-cache';
import { conversationListKey, messageUnreadCountKey } from './message-keys';

/** Whether this tab is the one in front (the Page Visibility API). */
export function useTabVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * Marks the open thread read up to the newest message of the other person: when it opens with some
 * unread, and each time one of theirs arrives while the thread is on screen and the tab in front (a
 * tab in the background marks once it is back). Once sent, the conversation shows nothing unread and
 * the list and the sidebar's count are read again, after the mark (the reply's consistency token).
 */
export function useMarkRead(
  conversationId: string,
  conversation: ConversationSummary | undefined,
  messages: Message[],
  viewerId: string,
): void {
  const queryClient = useQueryClient();
  const visible = useTabVisible();
  const marked = useRef<string | null>(null);
  const newestOther = messages.findLast((message) => message.senderId !== viewerId)?._id;
  const knownUnread = (conversation?.unreadCount ?? 0) > 0;

  useEffect(() => {
    showingThread(conversationId, visible);
    return () => showingThread(conversationId, false);
  }, [conversationId, visible]);

  useEffect(() => {
    if (!conversation || !newestOther) return;
    // Opened with nothing unread: what is there was read before; only a later message is marked.
    if (marked.current === null && !knownUnread) {
      marked.current = newestOther;
      return;
    }
    if (!visible || marked.current === newestOther) return;
    marked.current = newestOther;
    markConversationRead(conversationId, newestOther).then(
      () => {
        patchConversation(queryClient, conversationId, (one) => ({ ...one, unreadCount: 0 }));
        void queryClient.invalidateQueries({ queryKey: messageUnreadCountKey });
        void queryClient.invalidateQueries({ queryKey: conversationListKey });
      },
      () => {
        // Tried again with the next message, or when the thread opens again.
        if (marked.current === newestOther) marked.current = '';
      },
    );
  }, [conversationId, conversation, newestOther, knownUnread, visible, queryClient]);
}
