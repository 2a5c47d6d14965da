import { serverEvents, UserUpdatedPayload } from '@careers/contracts/sockets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from './api-client';
import { currentUserQueryKey, mailPreferencesQueryKey } from './current-user';
import { getSocket } from './socket';

/**
 * One person, many tabs: when their profile, skills, picture, resume or settings change in another
 * tab or device (`user:updated` in their own room), this tab reads the signed-in user again, waiting
 * for that change, so the top bar, the theme and the open screens show it; and the job alert mail
 * choice, where Settings shows it. The tab that made the
 * change reads it once more too, which costs one small read.
 */
export function useLiveUser(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onUserUpdated = (raw: unknown) => {
      const parsed = UserUpdatedPayload.safeParse(raw);
      if (!parsed.success) return;
      apiClient.rememberConsistencyToken(parsed.data.consistencyToken);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey, exact: true });
      // Not part of the user, but changed in the same room: read again only where a screen shows it.
      void queryClient.invalidateQueries({ queryKey: mailPreferencesQueryKey, exact: true });
    };
    socket.on(serverEvents.userUpdated, onUserUpdated);
    return () => {
      socket.off(serverEvents.userUpdated, onUserUpdated);
    };
  }, [queryClient]);
}
