import { endpoints } from '@careers/contracts/api/endpoints';
import { dashboardCounts } from '@careers/contracts/constants';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { type JobListPage, jobListsKey } from '../../jobs/api/list-jobs';

/**
 * Spec, Dashboard: "On load it fetches 5 jobs". The entry sits under the jobs lists' key, so a job the
 * user posts (which reads every jobs list again) and a job changed anywhere in the app reach it too.
 */
export const dashboardJobsKey = [...jobListsKey, 'dashboard'] as const;

export function getDashboardJobs(signal?: AbortSignal): Promise<JobListPage> {
  return callApi(
    endpoints.listJobs,
    { query: { limit: dashboardCounts.jobs } },
    { signal, fallbackMessage: fallbackMessages.fetchJobs },
  );
}

/**
 * No push tells everyone of every new job (only the people it fits get a job alert, which reads this
 * again), so while the dashboard is open the Available Jobs count is also read again each minute.
 */
export const DASHBOARD_JOBS_REFRESH_MS = 60_000;

/**
 * Coming back to the dashboard reads them again, unless they were read moments ago: the read its route
 * starts on the way in (app/screen-data.ts) is the one the screen shows.
 */
export const DASHBOARD_JOBS_FRESH_MS = 5_000;

export const dashboardJobsQueryOptions = queryOptions({
  // Its route starts this read (app/screen-data.ts): a failure there is the screen's own, shown with
  // Try again, not read again unasked when the screen mounts.
  retryOnMount: false,
  queryKey: dashboardJobsKey,
  queryFn: ({ signal }) => getDashboardJobs(signal),
  refetchInterval: DASHBOARD_JOBS_REFRESH_MS,
  staleTime: DASHBOARD_JOBS_FRESH_MS,
});

export function useDashboardJobs() {
  return useQuery(dashboardJobsQueryOptions);
}
