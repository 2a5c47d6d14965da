import { endpoints } from '@careers/contracts/api/endpoints';
import {
  DEFAULT_PAGE,
  experienceLevels,
  JOB_SORTS,
  type JobSort,
  jobTypes,
  MIN_SALARY_CHOICES,
  POSTED_WITHIN_DAYS,
  type PostedWithinDays,
  workLocations,
} from '@careers/contracts/constants';
import type { ExperienceLevel, JobType, WorkLocation } from '@careers/contracts/entities/enums';
import { fallbackMessages } from '@careers/contracts/messages';
import type { RouteResponse } from '@careers/contracts/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** One of the screen's "Minimum salary" options. */
export type MinSalaryChoice = (typeof MIN_SALARY_CHOICES)[number];

/**
 * Spec, Jobs list: the screen's filters {search, jobType, workLocation, experienceLevel, page}; beyond
 * the spec, `location` (city, state or country), `minSalary`, `postedWithin` (days) and `sort`.
 */
export interface JobFilters {
  search: string;
  jobType: JobType | '';
  workLocation: WorkLocation | '';
  experienceLevel: ExperienceLevel | '';
  location: string;
  minSalary: MinSalaryChoice | '';
  postedWithin: PostedWithinDays | '';
  sort: JobSort;
  page: number;
}

/** The list's order when the URL names none; the URL leaves it out. */
export const DEFAULT_JOB_SORT: JobSort = 'relevance';

/**
 * The URL is the list's state (`/jobs?search=&jobType=&workLocation=&experienceLevel=&location=&
 * minSalary=&postedWithin=&sort=&page=`): the top bar's search lands here, a link or a reload shows the
 * same list, and Back returns to the filters before. A value the lists do not offer counts as unset
 * (a `minSalary` or `postedWithin` only as its option's own digits, `sort` as relevance).
 */
export function jobFiltersOf(params: URLSearchParams): JobFilters {
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    jobType: oneOf(jobTypes, params.get('jobType')),
    workLocation: oneOf(workLocations, params.get('workLocation')),
    experienceLevel: oneOf(experienceLevels, params.get('experienceLevel')),
    location: params.get('location')?.trim() ?? '',
    minSalary: oneOfNumbers(MIN_SALARY_CHOICES, params.get('minSalary')),
    postedWithin: oneOfNumbers(POSTED_WITHIN_DAYS, params.get('postedWithin')),
    sort: oneOf(JOB_SORTS, params.get('sort')) || DEFAULT_JOB_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** `value` when the list offers it, else unset (''): read without zod, which the first script lacks. */
function oneOf<V extends string>(values: readonly V[], value: string | null): V | '' {
  return values.find((offered) => offered === value) ?? '';
}

/** The number whose digits `value` is, when the list offers it, else unset (''). */
function oneOfNumbers<V extends number>(values: readonly V[], value: string | null): V | '' {
  return values.find((offered) => String(offered) === value) ?? '';
}

export type JobListPage = RouteResponse<'listJobs'>;

/** Every cached jobs list sits under this key, whatever its filters. */
export const jobListsKey = ['jobs', 'list'] as const;

export function listJobs(filters: JobFilters, signal?: AbortSignal): Promise<JobListPage> {
  return callApi(
    endpoints.listJobs,
    {
      // Unset filters (''), relevance and the first page are the server's defaults: they stay out of the URL.
      query: {
        search: filters.search,
        jobType: filters.jobType,
        workLocation: filters.workLocation,
        experienceLevel: filters.experienceLevel,
        location: filters.location,
        minSalary: filters.minSalary,
        postedWithin: filters.postedWithin,
        sort: filters.sort === DEFAULT_JOB_SORT ? undefined : filters.sort,
        page: filters.page === DEFAULT_PAGE ? undefined : filters.page,
      },
    },
    { signal, fallbackMessage: fallbackMessages.fetchJobs },
  );
}

/**
 * One entry per set of filters (the whole JobFilters, so each location, salary, date and order is its
 * own); while the next one loads, the previous page stays on screen.
 */
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
