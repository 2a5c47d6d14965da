import { endpoints } from '@careers/contracts/api/endpoints';
import { fallbackMessages } from '@careers/contracts/messages';
import { callApi } from '../../../lib/api-client';
import { dropRelationship } from './connection-cache';
import { useConnectionCommand } from './use-connection-command';

export interface RequestAnswer {
  requestId: string;
  status: 'accepted' | 'rejected';
  /** The intent's Idempotency-Key (lib/intent.ts). */
  key?: string;
}

/** Accepts or declines (`rejected`) a request addressed to the reader. */
export function respondToRequest({ requestId, status, key }: RequestAnswer) {
  return callApi(
    endpoints.respondToConnection,
    { params: { requestId }, body: { status } },
    { fallbackMessage: fallbackMessages.respondToConnectionRequest, idempotencyKey: key },
  );
}

/**
 * Spec section 4: responding removes the request from the pending list; an accepted one is not added
 * to the connections by hand, the list is read again (with the reply's token) and shows it.
 */
export function useRespondToRequest() {
  return useConnectionCommand(
    respondToRequest,
    fallbackMessages.respondToConnectionRequest,
    (queryClient, { requestId }) => dropRelationship(queryClient, requestId),
  );
}
