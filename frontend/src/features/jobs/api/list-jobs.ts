import { jobRoutes } from '@careers/contracts/api/job-routes';
import { DEFAULT_PAGE } from '@careers/contracts/constants';
import type { ExperienceLevel, JobType, WorkLocation } from '@careers/contracts/entities/enums';
import { fallbackMessages } from '@careers/contracts/messages';
import type { RouteResponse } from '@careers/contracts/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Spec, Jobs list: the screen's filters {search, jobType, workLocation, experienceLevel, page}. */
export interface JobFilters {
  search: string;
  jobType: JobType | '';
  workLocation: WorkLocation | '';
  experienceLevel: ExperienceLevel | '';
  page: number;
}

export type JobListPage = RouteResponse<'listJobs'>;

/** Every cached jobs list sits under this key, whatever its filters. */
export const jobListsKey = ['jobs', 'list'] as const;

export function listJobs(filters: JobFilters, signal?: AbortSignal): Promise<JobListPage> {
  return callApi(
    jobRoutes.listJobs,
    {
      // Unset filters ('') and the first page are the server's defaults, so they stay out of the URL.
      query: {
        search: filters.search,
        jobType: filters.jobType,
        workLocation: filters.workLocation,
        experienceLevel: filters.experienceLevel,
        page: filters.page === DEFAULT_PAGE ? undefined : filters.page,
      },
    },
    { signal, fallbackMessage: fallbackMessages.fetchJobs },
  );
}

/** One entry per set of filters; while the next one loads, the previous page stays on screen. */
export const jobListQueryOptions = (filters: JobFilters) =>
  queryOptions({
    queryKey: [...jobListsKey, filters] as const,
    queryFn: ({ signal }) => listJobs(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useJobList(filters: JobFilters) {
  return useQuery(jobListQueryOptions(filters));
}
