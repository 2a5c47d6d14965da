import { endpoints } from '@careers/contracts/api/endpoints';
import type { PostedJob } from '@careers/contracts/entities/job';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const myPostedJobsQueryKey = ['jobs', 'my', 'posted'] as const;

export async function getMyPostedJobs(signal?: AbortSignal): Promise<PostedJob[]> {
  const reply = await callApi(
    endpoints.getMyPostedJobs,
    {},
    { signal, fallbackMessage: fallbackMessages.fetchMyJobs },
  );
  return reply.data;
}

export const myPostedJobsQueryOptions = () =>
  queryOptions({ queryKey: myPostedJobsQueryKey, queryFn: ({ signal }) => getMyPostedJobs(signal) });

export function useMyPostedJobs() {
  return useQuery(myPostedJobsQueryOptions());
}
