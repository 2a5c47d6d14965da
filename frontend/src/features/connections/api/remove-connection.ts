import { endpoints } from '@careers/contracts/api/endpoints';
import { fallbackMessages } from '@careers/contracts/messages';
import { callApi } from '../../../lib/api-client';
import { dropRelationship } from './connection-cache';
import { type KeyedId, useConnectionCommand } from './use-connection-command';

/** Ends an accepted connection (either of the two may). */
export function removeConnection({ id, key }: KeyedId) {
  return callApi(
    endpoints.removeConnection,
    { params: { connectionId: id } },
    { fallbackMessage: fallbackMessages.removeConnection, idempotencyKey: key },
  );
}

/** Spec section 4: removing a connection drops it from the list. */
export function useRemoveConnection() {
  return useConnectionCommand(removeConnection, fallbackMessages.removeConnection, (queryClient, { id }) =>
    dropRelationship(queryClient, id),
  );
}
