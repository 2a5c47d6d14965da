import type { SavedJob } from '@careers/contracts/entities/saved-job';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { minutesAgo } from '../../../testing/posts';
import { aJob, aSavedJob } from '../testing';
import { savedJobsQueryKey } from './get-saved-jobs';
import { updateJob } from './job-cache';
import { setJobSaved } from './save-job';

function cacheWith(saved: SavedJob[] | undefined) {
  const queryClient = new QueryClient();
  if (saved) queryClient.setQueryData(savedJobsQueryKey, saved);
  const list = () => queryClient.getQueryData<SavedJob[]>(savedJobsQueryKey);
  return { queryClient, list };
}

describe('the cached saved list', () => {
  const older = aSavedJob(aJob({ title: 'Older' }), minutesAgo(60));

  it('puts a job just saved first, as the server lists them', () => {
    const { queryClient, list } = cacheWith([older]);
    const job = aJob({ title: 'Newer' });

    setJobSaved(queryClient, job, true);

    expect(list()?.map((saved) => saved.job.title)).toEqual(['Newer', 'Older']);
    expect(Date.now() - Date.parse(list()?.[0]?.savedAt ?? '')).toBeLessThan(60_000);
  });

  it('keeps the place and date of a job saved again, and drops one unsaved', () => {
    const { queryClient, list } = cacheWith([older]);

    setJobSaved(queryClient, older.job, true);
    expect(list()).toEqual([older]);

    setJobSaved(queryClient, older.job, false);
    expect(list()).toEqual([]);
  });

  it('leaves a list not read yet alone (the next read brings it)', () => {
    const { queryClient, list } = cacheWith(undefined);

    setJobSaved(queryClient, aJob(), true);

    expect(list()).toBeUndefined();
  });

  it('follows a change of the job itself, as every other cached list does (a saved job closed)', () => {
    const { queryClient, list } = cacheWith([older]);
    const closedAt = new Date().toISOString();

    updateJob(queryClient, older.job._id, (job) => ({ ...job, status: 'closed', closedAt }));

    expect(list()?.[0]?.job).toMatchObject({ status: 'closed', closedAt, title: 'Older' });
    expect(list()?.[0]?.savedAt).toBe(older.savedAt);
  });
});
