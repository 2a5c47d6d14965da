import { endpoints } from '@careers/contracts/api/endpoints';
import type { SavedJob } from '@careers/contracts/entities/saved-job';
import { savedJobMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../../lib/api-client';

/**
 * The reader's saved jobs, one cache entry for every screen: the Saved Jobs list shows it, and the
 * ids in it mark the Save toggles of the jobs list and the job's page (the jobs themselves, shared by
 * every reader, say nothing of who saved them).
 */
export const savedJobsQueryKey = ['jobs', 'saved'] as const;

/** Beyond the spec: GET /jobs/my/saved, the latest saved first, closed ones included. */
export async function getSavedJobs(signal?: AbortSignal): Promise<SavedJob[]> {
  const reply = await callApi(
    endpoints.getSavedJobs,
    {},
    { signal, fallbackMessage: savedJobMessages.errorLoading },
  );
  return reply.data;
}

export const savedJobsQueryOptions = () =>
  queryOptions({ queryKey: savedJobsQueryKey, queryFn: ({ signal }) => getSavedJobs(signal) });

/**
 * The Saved Jobs screen asks again each time it opens (what is cached shows meanwhile): a saved job
 * may have closed since, or been saved or unsaved in another tab while no screen listened.
 */
export function useSavedJobs({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...savedJobsQueryOptions(), refetchOnMount: fresh ? 'always' : true });
}

/** The ids of the reader's saved jobs; empty until the list is known (or when it failed to load). */
export function useSavedJobIds(): ReadonlySet<string> {
  const { data } = useSavedJobs();
  return useMemo(() => new Set(data?.map((saved) => saved.job._id)), [data]);
}
