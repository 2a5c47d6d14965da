import { endpoints } from '@careers/contracts/api/endpoints';
import type { JobApplicant } from '@careers/contracts/entities/application';
import { hiringMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const jobApplicantsQueryKey = (jobId: string) => ['jobs', 'applicants', jobId] as const;

/** The poster's view of a job's applications; to anyone else the server answers 404. */
export async function getJobApplicants(jobId: string, signal?: AbortSignal): Promise<JobApplicant[]> {
  const reply = await callApi(
    endpoints.getJobApplicants,
    { params: { id: jobId } },
    { signal, fallbackMessage: hiringMessages.fetchApplicants },
  );
  return reply.data;
}

export const jobApplicantsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobApplicantsQueryKey(jobId),
    queryFn: ({ signal }) => getJobApplicants(jobId, signal),
  });

export function useJobApplicants(jobId: string) {
  return useQuery(jobApplicantsQueryOptions(jobId));
}
