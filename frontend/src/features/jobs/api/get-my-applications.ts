import { endpoints } from '@careers/contracts/api/endpoints';
import type { Application } from '@careers/contracts/entities/application';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const myApplicationsQueryKey = ['jobs', 'my', 'applications'] as const;

export async function getMyApplications(signal?: AbortSignal): Promise<Application[]> {
  const reply = await callApi(
    endpoints.getMyApplications,
    {},
    { signal, fallbackMessage: fallbackMessages.fetchApplications },
  );
  return reply.data;
}

/**
 * Asked again each time a screen that shows it opens (what is cached shows meanwhile): a status can
 * change while the applicant is elsewhere, and the live push only reaches an open screen.
 */
export const myApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: myApplicationsQueryKey,
    queryFn: ({ signal }) => getMyApplications(signal),
    refetchOnMount: 'always',
  });

export function useMyApplications() {
  return useQuery(myApplicationsQueryOptions());
}
