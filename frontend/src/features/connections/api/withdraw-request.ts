import { endpoints } from '@careers/contracts/api/endpoints';
import { connectionMessages } from '@careers/contracts/messages';
import { callApi } from '../../../lib/api-client';
import { dropRelationship } from './connection-cache';
import { type KeyedId, useConnectionCommand } from './use-connection-command';

/** Beyond the spec: the reader takes back a request of theirs that is still waiting. */
export function withdrawRequest({ id, key }: KeyedId) {
  return callApi(
    endpoints.withdrawConnectionRequest,
    { params: { requestId: id } },
    { fallbackMessage: connectionMessages.withdrawFailed, idempotencyKey: key },
  );
}

/** The request leaves the Sent list at once. */
export function useWithdrawRequest() {
  return useConnectionCommand(withdrawRequest, connectionMessages.withdrawFailed, (queryClient, { id }) =>
    dropRelationship(queryClient, id),
  );
}
