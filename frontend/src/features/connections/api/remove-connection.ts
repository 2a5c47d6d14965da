import { connectionRoutes } from '@careers/contracts/api/connection-routes';
import { fallbackMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { dropRelationship, refreshConnections } from './connection-cache';

/** Ends an accepted connection (either of the two may). */
export function removeConnection(connectionId: string) {
  return callApi(
    connectionRoutes.removeConnection,
    { params: { connectionId } },
    { fallbackMessage: fallbackMessages.removeConnection },
  );
}

/** Spec section 4: removing a connection drops it from the list. A failure is only logged (section 8). */
export function useRemoveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeConnection,
    onSuccess: (_reply, connectionId) => {
      dropRelationship(queryClient, connectionId);
      void refreshConnections(queryClient);
    },
    onError: (error) => {
      console.error(fallbackMessages.removeConnection, error);
      void refreshConnections(queryClient);
    },
  });
}
