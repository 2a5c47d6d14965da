import { ConversationReadPayload, MessageReceivedPayload, serverEvents } from '@careers/contracts/sockets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getSocket } from '../../../lib/socket';
import { useAuth } from '../../auth/components/auth-provider';
import type { ThreadData } from '../api/get-thread';
import { bumpUnreadCount, hasMessage, moveConversationToTop, patchConversation } from '../api/message-cache';
import { conversationListKey, messagesKey, messageUnreadCountKey, threadKey } from '../api/message-keys';
import { holdOwnPush } from './own-sends';
import { isThreadShowing } from './visible-threads';

/**
 * Messaging's realtime wiring, mounted with the sidebar for as long as someone is signed in.
 *
 * message:new carries no text (it is sealed, and the gateway holds no keys): the conversation moves to
 * the top of the list with its unread count and the sidebar's count rises at once, and an open thread
 * that lacks the message, the list and the count read again. The push's consistency token is
 * remembered first, so those reads wait for the event behind it rather than answer from before it.
 *
 * conversation:read from the other person moves "Seen"; from the reader (another tab or device) it
 * clears the conversation's unread count and the sidebar's count is read again.
 *
 * Each time the socket connects again after a drop, everything is read again: pushes sent meanwhile
 * reached no one.
 */
export function useLiveMessages(): void {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const viewerId = auth.status === 'signed-in' ? auth.user._id : '';

  useEffect(() => {
    const socket = getSocket();
    const onMessage = (raw: unknown) => {
      const parsed = MessageReceivedPayload.safeParse(raw);
      if (!parsed.success) return;
      const { consistencyToken, messageId, conversationId, senderId, sentAt } = parsed.data;
      apiClient.rememberConsistencyToken(consistencyToken);
      const fromOther = senderId !== viewerId;
      // The other's message in a thread on screen is read at once there: nothing new to count.
      const unread = fromOther && !isThreadShowing(conversationId);
      const thread = queryClient.getQueryData<ThreadData>(threadKey(conversationId));
      // One's own message while a send is under way here: its reply puts it in (see own-sends.ts).
      if (thread && !hasMessage(thread, messageId) && (fromOther || !holdOwnPush(conversationId))) {
        void queryClient.invalidateQueries({ queryKey: threadKey(conversationId), exact: true });
      }
      const moved = moveConversationToTop(queryClient, { conversationId, sentAt }, unread ? 1 : 0);
      // A conversation that had nothing unread (or that the list does not hold yet) now has some.
      if (unread && (moved.becameUnread || !moved.listed)) bumpUnreadCount(queryClient, 1);
      void queryClient.invalidateQueries({ queryKey: conversationListKey });
      if (unread) void queryClient.invalidateQueries({ queryKey: messageUnreadCountKey });
    };
    const onRead = (raw: unknown) => {
      const parsed = ConversationReadPayload.safeParse(raw);
      if (!parsed.success) return;
      const { conversationId, readerId, upToMessageId, consistencyToken } = parsed.data;
      apiClient.rememberConsistencyToken(consistencyToken);
      if (readerId === viewerId) {
        patchConversation(queryClient, conversationId, (conversation) => ({
          ...conversation,
          unreadCount: 0,
        }));
        void queryClient.invalidateQueries({ queryKey: messageUnreadCountKey });
        void queryClient.invalidateQueries({ queryKey: conversationListKey });
      } else {
        patchConversation(queryClient, conversationId, (conversation) => ({
          ...conversation,
          seenUpTo: upToMessageId,
        }));
      }
    };
    // The first connect is the page's own start (its reads are under way); only a connect after a
    // drop means pushes may have been lost.
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (!connectedBefore) {
        connectedBefore = true;
        return;
      }
      void queryClient.invalidateQueries({ queryKey: messagesKey });
    };
    socket.on(serverEvents.messageReceived, onMessage);
    socket.on(serverEvents.conversationRead, onRead);
    socket.on('connect', onConnect);
    return () => {
      socket.off(serverEvents.messageReceived, onMessage);
      socket.off(serverEvents.conversationRead, onRead);
      socket.off('connect', onConnect);
    };
  }, [queryClient, viewerId]);
}
