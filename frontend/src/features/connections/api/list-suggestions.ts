import { endpoints } from '@careers/contracts/api/endpoints';
import type { SuggestedConnection } from '@careers/contracts/entities/suggested-connection';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { suggestionsKey } from './connection-keys';

/** People the reader may know: no connection and no pending request either way. */
export async function listSuggestions(signal?: AbortSignal): Promise<SuggestedConnection[]> {
  const reply = await callApi(
    endpoints.listSuggestedConnections,
    {},
    { signal, fallbackMessage: fallbackMessages.fetchSuggestedConnections },
  );
  return reply.data;
}

export const suggestionsQueryOptions = () =>
  queryOptions({
    queryKey: suggestionsKey,
    queryFn: ({ signal }) => listSuggestions(signal),
  });

export function useSuggestions() {
  return useQuery(suggestionsQueryOptions());
}
