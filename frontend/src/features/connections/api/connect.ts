import { connectionRoutes } from '@careers/contracts/api/connection-routes';
import { fallbackMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { dropSuggestion, refreshConnections } from './connection-cache';

/**
 * Asks `userId` to connect. The reply's status is `pending`, or `accepted` when that person had
 * already asked the reader (both wanted it, so the server connects them at once).
 */
export function connect(userId: string) {
  return callApi(
    connectionRoutes.connect,
    { params: { id: userId } },
    { fallbackMessage: fallbackMessages.sendConnectionRequest },
  );
}

/** Spec section 8: a failed connection call is only logged; the lists are read again to show the truth. */
export function useConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connect,
    onSuccess: (_reply, userId) => {
      dropSuggestion(queryClient, userId);
      void refreshConnections(queryClient);
    },
    onError: (error) => {
      console.error(fallbackMessages.sendConnectionRequest, error);
      void refreshConnections(queryClient);
    },
  });
}
