import { endpoints } from '@careers/contracts/api/endpoints';
import { fallbackMessages } from '@careers/contracts/messages';
import { callApi } from '../../../lib/api-client';
import { dropSuggestion } from './connection-cache';
import { type KeyedId, useConnectionCommand } from './use-connection-command';

/**
 * Asks `userId` to connect. The reply's status is `pending`, or `accepted` when that person had
 * already asked the reader (both wanted it, so the server connects them at once).
 */
export function connect({ id, key }: KeyedId) {
  return callApi(
    endpoints.connect,
    { params: { id } },
    { fallbackMessage: fallbackMessages.sendConnectionRequest, idempotencyKey: key },
  );
}

/** Spec section 4: sending a request removes that person from the suggestions. */
export function useConnect() {
  return useConnectionCommand(connect, fallbackMessages.sendConnectionRequest, (queryClient, { id }) =>
    dropSuggestion(queryClient, id),
  );
}
