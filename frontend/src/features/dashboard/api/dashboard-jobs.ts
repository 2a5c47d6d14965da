import { jobRoutes } from '@careers/contracts/api/job-routes';
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
    jobRoutes.listJobs,
    { query: { limit: dashboardCounts.jobs } },
    { signal, fallbackMessage: fallbackMessages.fetchJobs },
  );
}

/**
 * No push tells everyone of every new job (only the people it fits get a job alert, which reads this
 * again), so while the dashboard is open the Available Jobs count is also read again each minute.
 */
export const DASHBOARD_JOBS_REFRESH_MS = 60_000;

export const dashboardJobsQueryOptions = queryOptions({
  queryKey: dashboardJobsKey,
  queryFn: ({ signal }) => getDashboardJobs(signal),
  refetchInterval: DASHBOARD_JOBS_REFRESH_MS,
  refetchOnMount: 'always',
});

export function useDashboardJobs() {
  return useQuery(dashboardJobsQueryOptions);
}
