import { endpoints } from '@careers/contracts/api/endpoints';
import type { Connection } from '@careers/contracts/entities/connection';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { pendingRequestsKey } from './connection-keys';

/** Requests waiting for the reader's answer, newest first; `user` is who asked. */
export async function listPendingRequests(signal?: AbortSignal): Promise<Connection[]> {
  const reply = await callApi(
    endpoints.listPendingConnections,
    {},
    { signal, fallbackMessage: fallbackMessages.fetchPendingRequests },
  );
  return reply.data;
}

/**
 * Asked again each time the screen opens (what is cached shows meanwhile): a request can arrive while
 * the reader is elsewhere, and the live push only reaches an open screen.
 */
export const pendingRequestsQueryOptions = () =>
  queryOptions({
    queryKey: pendingRequestsKey,
    queryFn: ({ signal }) => listPendingRequests(signal),
    refetchOnMount: 'always',
  });

export function usePendingRequests() {
  return useQuery(pendingRequestsQueryOptions());
}
