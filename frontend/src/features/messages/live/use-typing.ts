import { TYPING_EVERY_MS, TYPING_TIMEOUT_MS } from '@careers/contracts/constants';
import {
  ConversationTypingPayload,
  clientEvents,
  MessageReceivedPayload,
  serverEvents,
} from '@careers/contracts/sockets';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSocket } from '../../../lib/socket';

/**
 * Whether the other person of `conversationId` is typing: true from their conversation:typing push
 * for TYPING_TIMEOUT_MS (each push renews it; the gateway passes one at most every TYPING_EVERY_MS
 * while they type), and no longer once their message arrives.
 */
export function useOtherTyping(conversationId: string, otherId: string | undefined): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    setTyping(false);
    if (!otherId) return;
    const socket = getSocket();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      setTyping(false);
    };
    const onTyping = (raw: unknown) => {
      const parsed = ConversationTypingPayload.safeParse(raw);
      if (!parsed.success) return;
      if (parsed.data.conversationId !== conversationId || parsed.data.userId !== otherId) return;
      clearTimeout(timer);
      setTyping(true);
      timer = setTimeout(stop, TYPING_TIMEOUT_MS);
    };
    const onMessage = (raw: unknown) => {
      const parsed = MessageReceivedPayload.safeParse(raw);
      if (
        parsed.success &&
        parsed.data.conversationId === conversationId &&
        parsed.data.senderId === otherId
      ) {
        stop();
      }
    };
    socket.on(serverEvents.conversationTyping, onTyping);
    socket.on(serverEvents.messageReceived, onMessage);
    return () => {
      clearTimeout(timer);
      socket.off(serverEvents.conversationTyping, onTyping);
      socket.off(serverEvents.messageReceived, onMessage);
    };
  }, [conversationId, otherId]);
  return typing;
}

/**
 * Tells the other person the reader is typing: call the answer at each keystroke; it emits
 * conversation:typing at most every TYPING_EVERY_MS (the contract's pace), and nothing while the socket
 * is down (the note would arrive late, about typing long over). `sent()` after a send lets the next
 * keystroke tell again at once.
 */
export function useTypingSignal(conversationId: string): { typed: () => void; sent: () => void } {
  const last = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new conversation starts its own pace.
  useEffect(() => {
    last.current = 0;
  }, [conversationId]);
  const typed = useCallback(() => {
    const socket = getSocket();
    const now = Date.now();
    if (!socket.connected || now - last.current < TYPING_EVERY_MS) return;
    last.current = now;
    socket.emit(clientEvents.typing, { conversationId });
  }, [conversationId]);
  const sent = useCallback(() => {
    last.current = 0;
  }, []);
  return { typed, sent };
}
