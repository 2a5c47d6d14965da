import { endpoints } from '@careers/contracts/api/endpoints';
import { DEFAULT_PAGE, experienceLevels, jobTypes, workLocations } from '@careers/contracts/constants';
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

/**
 * The URL is the list's state (`/jobs?search=&jobType=&workLocation=&experienceLevel=&page=`): the top
 * bar's search lands here, a link or a reload shows the same list, and Back returns to the filters
 * before. A value the lists do not offer counts as unset.
 */
export function jobFiltersOf(params: URLSearchParams): JobFilters {
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    jobType: oneOf(jobTypes, params.get('jobType')),
    workLocation: oneOf(workLocations, params.get('workLocation')),
    experienceLevel: oneOf(experienceLevels, params.get('experienceLevel')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** `value` when the list offers it, else unset (''): read without zod, which the first script lacks. */
function oneOf<V extends string>(values: readonly V[], value: string | null): V | '' {
  return values.find((offered) => offered === value) ?? '';
}

export type JobListPage = RouteResponse<'listJobs'>;

/** Every cached jobs list sits under this key, whatever its filters. */
export const jobListsKey = ['jobs', 'list'] as const;

export function listJobs(filters: JobFilters, signal?: AbortSignal): Promise<JobListPage> {
  return callApi(
    endpoints.listJobs,
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
    // Its route starts this read (app/screen-data.ts): a failure there is the screen's own, shown with
    // Try again, not read again unasked when the screen mounts.
    retryOnMount: false,
    queryKey: [...jobListsKey, filters] as const,
    queryFn: ({ signal }) => listJobs(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useJobList(filters: JobFilters) {
  return useQuery(jobListQueryOptions(filters));
}
