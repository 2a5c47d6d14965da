import { endpoints } from '@careers/contracts/api/endpoints';
import type { Job } from '@careers/contracts/entities/job';
import type { SavedJob, SavedJobState } from '@careers/contracts/entities/saved-job';
import { savedJobMessages } from '@careers/contracts/messages';
import { type QueryClient, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { savedJobsQueryKey } from './get-saved-jobs';

/** Beyond the spec: PUT /jobs/{id}/saved puts the job on the reader's list (again: no change). */
export async function saveJob(jobId: string, idempotencyKey?: string): Promise<SavedJobState> {
  const reply = await callApi(
    endpoints.saveJob,
    { params: { id: jobId } },
    { fallbackMessage: savedJobMessages.saveFailed, idempotencyKey },
  );
  return reply.data;
}

/** Beyond the spec: DELETE /jobs/{id}/saved takes it off (a job not on it: no change). */
export async function unsaveJob(jobId: string, idempotencyKey?: string): Promise<SavedJobState> {
  const reply = await callApi(
    endpoints.unsaveJob,
    { params: { id: jobId } },
    { fallbackMessage: savedJobMessages.unsaveFailed, idempotencyKey },
  );
  return reply.data;
}

/** One click of a Save toggle: the job, whether it is to be saved, and the intent's key. */
export interface SavedJobChange {
  job: Job;
  saved: boolean;
  key: string;
}

/** The key of every save or unsave of one job: each screen's toggle of that job sees it on its way. */
export const savedJobMutationKey = (jobId: string) => ['jobs', 'saved', 'change', jobId] as const;

/**
 * Puts the answer into the saved list at once (a job saved goes first, as the server lists it; one
 * saved already keeps its place and date), before the list is read again.
 */
export function setJobSaved(queryClient: QueryClient, job: Job, saved: boolean): void {
  queryClient.setQueryData<SavedJob[]>(savedJobsQueryKey, (list) => {
    if (!list) return list;
    const kept = list.filter((entry) => entry.job._id !== job._id);
    if (!saved) return kept.length === list.length ? list : kept;
    if (kept.length < list.length) return list;
    return [{ job, savedAt: new Date().toISOString() }, ...list];
  });
}

/**
 * Saves or unsaves `jobId`. Optimistic through the UI, not the cache: while it is on its way every
 * toggle of the job shows what was asked (usePendingSave), and the saved list changes only with the
 * answer, so the Saved Jobs list drops a job once it is really off the list, and a failure has
 * nothing to undo. The list is then read again (the reply's consistency token makes that read show
 * the change). `onChanged` is told of each success, also when the toggle is gone by then.
 */
export function useSaveJob(jobId: string, onChanged?: (saved: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: savedJobMutationKey(jobId),
    mutationFn: ({ job, saved, key }: SavedJobChange) =>
      saved ? saveJob(job._id, key) : unsaveJob(job._id, key),
    onSuccess: (state, { job }) => {
      onChanged?.(state.saved);
      setJobSaved(queryClient, job, state.saved);
    },
    // After a failure too: an answer lost on its way may hide a change the server did make.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: savedJobsQueryKey, exact: true });
    },
  });
}

/** What a save or unsave of `jobId` on its way asks for (true: saved), or undefined when none is. */
export function usePendingSave(jobId: string): boolean | undefined {
  const asked = useMutationState({
    filters: { mutationKey: savedJobMutationKey(jobId), status: 'pending' },
    select: (mutation) => (mutation.state.variables as SavedJobChange | undefined)?.saved,
  });
  return asked.at(-1);
}
