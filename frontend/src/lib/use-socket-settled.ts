import { useEffect, useState } from 'react';
import { getSocket } from './socket';

/** How long a first read that waits for the socket (useSocketSettled) waits at most. */
export const SOCKET_SETTLE_MS = 3_000;

/**
 * True once the socket has connected (so its pushes reach this page from then on), failed to, or
 * `maxWaitMs` passed. A read of something that pushes keep current starts then, and once: started
 * before, it would have to be read again on the connect, as a push between the two reached no one.
 */
export function useSocketSettled(maxWaitMs = SOCKET_SETTLE_MS): boolean {
  const [settled, setSettled] = useState(() => getSocket().connected);
  useEffect(() => {
    if (settled) return;
    const socket = getSocket();
    const done = () => setSettled(true);
    socket.on('connect', done);
    socket.on('connect_error', done);
    const timer = setTimeout(done, maxWaitMs);
    return () => {
      socket.off('connect', done);
      socket.off('connect_error', done);
      clearTimeout(timer);
    };
  }, [settled, maxWaitMs]);
  return settled;
}
