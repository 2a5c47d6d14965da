import { endpoints } from '@careers/contracts/api/endpoints';
import { fallbackMessages } from '@careers/contracts/messages';
import type { RouteResponse } from '@careers/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { jobListsKey } from '../../jobs/api/list-jobs';
import { DASHBOARD_JOBS_FRESH_MS, DASHBOARD_JOBS_REFRESH_MS } from './dashboard-jobs';

/**
 * The dashboard's Recommended Jobs: up to 3 open jobs of the whole catalogue that share a skill with
 * the user, ranked on the server (GET /api/jobs/recommended), rather than those among the 5 fetched
 * jobs. The entry sits under the jobs lists' key, so a job posted or changed in the app reaches it, and
 * a saved profile reads it again (its skills and preferences rank it). Like every entry there, it holds
 * the reply whole, `{ data: Job[] }` (job-cache.ts changes the jobs of each such entry's `data`).
 */
export const recommendedJobsKey = [...jobListsKey, 'recommended'] as const;

export function getRecommendedJobs(signal?: AbortSignal): Promise<RouteResponse<'getRecommendedJobs'>> {
  return callApi(endpoints.getRecommendedJobs, {}, { signal, fallbackMessage: fallbackMessages.fetchJobs });
}

export const recommendedJobsQueryOptions = queryOptions({
  // Its route starts this read (app/screen-data.ts), as it does the dashboard's jobs.
  retryOnMount: false,
  queryKey: recommendedJobsKey,
  queryFn: ({ signal }) => getRecommendedJobs(signal),
  refetchInterval: DASHBOARD_JOBS_REFRESH_MS,
  staleTime: DASHBOARD_JOBS_FRESH_MS,
});

export function useRecommendedJobs() {
  return useQuery(recommendedJobsQueryOptions);
}
