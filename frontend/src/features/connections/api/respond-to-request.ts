import { connectionRoutes } from '@careers/contracts/api/connection-routes';
import { fallbackMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { dropRelationship, refreshConnections } from './connection-cache';

export interface RequestAnswer {
  requestId: string;
  status: 'accepted' | 'rejected';
}

/** Accepts or declines (`rejected`) a request addressed to the reader. */
export function respondToRequest({ requestId, status }: RequestAnswer) {
  return callApi(
    connectionRoutes.respondToConnection,
    { params: { requestId }, body: { status } },
    { fallbackMessage: fallbackMessages.respondToConnectionRequest },
  );
}

/**
 * Spec section 4: responding removes the request from the pending list; an accepted one is not added
 * to the connections by hand, the list is read again (with the reply's token) and shows it.
 */
export function useRespondToRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToRequest,
    onSuccess: (_reply, { requestId }) => {
      dropRelationship(queryClient, requestId);
      void refreshConnections(queryClient);
    },
    onError: (error) => {
      console.error(fallbackMessages.respondToConnectionRequest, error);
      void refreshConnections(queryClient);
    },
  });
}
