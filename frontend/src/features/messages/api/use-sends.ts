import type { Message } from '@careers/contracts/entities/conversation';
import { messagingScreenMessages } from '@careers/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { newIntentKey } from '../../../lib/intent';
import { sendEnded, sendStarted } from '../live/own-sends';
import { addMessageToThread, moveConversationToTop, patchConversation } from './message-cache';
import { conversationListKey, threadKey } from './message-keys';
import { sendMessage } from './send-message';

/** A message on its way, shown at once under the thread; `error` once it failed (Retry sends it again). */
export interface PendingSend {
  /** The send's Idempotency-Key, also its key in the list. */
  key: string;
  text: string;
  error: string | null;
}

/**
 * The reader's sends in one thread. Each is one intent with its own Idempotency-Key, shown at once
 * (optimistic) and replaced by the reply's message, which goes into the thread's cache by id, so the
 * push about the same message (to the sender's room too) does not show it twice; a push that comes
 * before the reply waits for it (own-sends.ts). A failure keeps the
 * message with the reason and Retry, which sends it again under the same key. A refusal (4xx: no
 * longer allowed to write, say) reads the conversation again, so the screen shows why.
 */
export function useSends(conversationId: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingSend[]>([]);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (send: PendingSend) => {
      let message: Message;
      sendStarted(conversationId);
      try {
        message = await sendMessage(conversationId, send.text, send.key);
      } catch (error) {
        if (sendEnded(conversationId))
          void queryClient.invalidateQueries({ queryKey: threadKey(conversationId) });
        if (error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500) {
          void queryClient.invalidateQueries({ queryKey: threadKey(conversationId) });
        }
        if (!mounted.current) return;
        const reason = errorMessageOf(error, messagingScreenMessages.sendFailed);
        setPending((all) => all.map((one) => (one.key === send.key ? { ...one, error: reason } : one)));
        return;
      }
      const held = sendEnded(conversationId);
      if (addMessageToThread(queryClient, message)) {
        patchConversation(queryClient, conversationId, (conversation) => ({
          ...conversation,
          lastMessage: message,
        }));
      }
      moveConversationToTop(queryClient, message, 0);
      if (held) void queryClient.invalidateQueries({ queryKey: threadKey(conversationId), exact: true });
      void queryClient.invalidateQueries({ queryKey: conversationListKey });
      if (mounted.current) setPending((all) => all.filter((one) => one.key !== send.key));
    },
    [conversationId, queryClient],
  );

  const send = useCallback(
    (text: string) => {
      const created: PendingSend = { key: newIntentKey(), text, error: null };
      setPending((all) => [...all, created]);
      void run(created);
    },
    [run],
  );

  const retry = useCallback(
    (key: string) => {
      const failed = pending.find((one) => one.key === key);
      if (!failed || failed.error === null) return;
      const again = { ...failed, error: null };
      setPending((all) => all.map((one) => (one.key === key ? again : one)));
      void run(again);
    },
    [pending, run],
  );

  return { pending, send, retry };
}
