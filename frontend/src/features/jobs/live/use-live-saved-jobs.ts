import { SavedJobsChangedPayload, serverEvents } from '@careers/contracts/sockets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getSocket } from '../../../lib/socket';
import { savedJobsQueryKey } from '../api/get-saved-jobs';

/**
 * One person, many tabs: a job saved or unsaved in another tab or device (jobs:saved-changed, in the
 * person's own room) reads the saved list again, waiting for that change, so the Save toggles and
 * the Saved Jobs list here follow it. Mounted with the signed-in shell: a list no screen shows is only
 * marked stale, and read when one opens. Pushes sent while the socket was down reached no one, so a
 * reconnect reads it again too. The tab that made the change reads it once more, which costs one
 * small read.
 */
export function useLiveSavedJobs(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    let lostConnection = false;
    const readAgain = () => {
      void queryClient.invalidateQueries({ queryKey: savedJobsQueryKey, exact: true });
    };
    const onSavedJobsChanged = (raw: unknown) => {
      const parsed = SavedJobsChangedPayload.safeParse(raw);
      if (!parsed.success) return;
      apiClient.rememberConsistencyToken(parsed.data.consistencyToken);
      readAgain();
    };
    const onDisconnect = () => {
      lostConnection = true;
    };
    const onConnect = () => {
      if (lostConnection) readAgain();
    };
    socket.on(serverEvents.savedJobsChanged, onSavedJobsChanged);
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    return () => {
      socket.off(serverEvents.savedJobsChanged, onSavedJobsChanged);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
    };
  }, [queryClient]);
}
