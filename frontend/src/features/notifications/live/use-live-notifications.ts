import { NotificationsChangedPayload, serverEvents } from '@careers/contracts/sockets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '../../../lib/socket';
import { notificationListKey, notificationsKey, unreadCountKey } from '../api/notification-keys';

/**
 * The bell's realtime wiring, mounted with the top bar for as long as someone is signed in. A
 * notifications:changed push carries the new unread count, which the bell shows at once; the list is
 * read again if the panel is open (else it is marked stale and read when the panel opens). Each time
 * the socket connects again, both are read again: pushes sent while it was down reached no one. The
 * bell's first read waits for the first connect (useSocketSettled), so nothing is read twice on load.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onChanged = (raw: unknown) => {
      const parsed = NotificationsChangedPayload.safeParse(raw);
      if (!parsed.success) return;
      queryClient.setQueryData<number>(unreadCountKey, parsed.data.unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationListKey });
    };
    const onConnect = () => {
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    };
    socket.on(serverEvents.notificationsChanged, onChanged);
    socket.on('connect', onConnect);
    return () => {
      socket.off(serverEvents.notificationsChanged, onChanged);
      socket.off('connect', onConnect);
    };
  }, [queryClient]);
}
