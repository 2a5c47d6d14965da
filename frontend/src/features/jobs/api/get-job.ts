import { endpoints } from '@careers/contracts/api/endpoints';
import type { Job } from '@careers/contracts/entities/job';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const jobQueryKey = (jobId: string) => ['jobs', 'detail', jobId] as const;

export async function getJob(jobId: string, signal?: AbortSignal): Promise<Job> {
  const reply = await callApi(
    endpoints.getJob,
    { params: { id: jobId } },
    { signal, fallbackMessage: fallbackMessages.fetchJob },
  );
  return reply.data;
}

export const jobQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: jobQueryKey(jobId), queryFn: ({ signal }) => getJob(jobId, signal) });

export function useJob(jobId: string) {
  return useQuery(jobQueryOptions(jobId));
}
