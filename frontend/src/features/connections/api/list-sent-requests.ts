import { endpoints } from '@careers/contracts/api/endpoints';
import type { Connection } from '@careers/contracts/entities/connection';
import { connectionMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { sentRequestsKey } from './connection-keys';

/** Beyond the spec: the reader's requests still waiting for an answer, newest first; `user` is who was asked. */
export async function listSentRequests(signal?: AbortSignal): Promise<Connection[]> {
  const reply = await callApi(
    endpoints.listSentConnectionRequests,
    {},
    { signal, fallbackMessage: connectionMessages.fetchSentRequestsFailed },
  );
  return reply.data;
}

/** Asked again on opening, like the pending list: an answer can come while the reader is elsewhere. */
export const sentRequestsQueryOptions = () =>
  queryOptions({
    queryKey: sentRequestsKey,
    queryFn: ({ signal }) => listSentRequests(signal),
    refetchOnMount: 'always',
  });

export function useSentRequests() {
  return useQuery(sentRequestsQueryOptions());
}
