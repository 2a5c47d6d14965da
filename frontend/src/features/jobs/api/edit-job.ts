import { endpoints } from '@careers/contracts/api/endpoints';
import type { Job } from '@careers/contracts/entities/job';
import { hiringMessages } from '@careers/contracts/messages';
import type { CreateJobRequestInput } from '@careers/contracts/requests/create-job';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { myPostedJobsQueryKey } from './get-my-posted-jobs';
import { replaceJob } from './job-cache';
import { jobListsKey } from './list-jobs';

/**
 * Beyond the spec: the poster edits an open job, PUT /jobs/{id} with the whole job form again; the
 * reply's `data` is the job as it now reads.
 */
export async function editJob(
  jobId: string,
  job: CreateJobRequestInput,
  idempotencyKey?: string,
): Promise<Job> {
  const reply = await callApi(
    endpoints.editJob,
    { params: { id: jobId }, body: job },
    { fallbackMessage: hiringMessages.editJobFailed, idempotencyKey },
  );
  return reply.data;
}

export function useEditJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, job, key }: { jobId: string; job: CreateJobRequestInput; key: string }) =>
      editJob(jobId, job, key),
    onSuccess: (job) => {
      replaceJob(queryClient, job);
      // An edit may move the job in or out of a filtered list, or reorder one: those are read again,
      // and the reply's consistency token makes those reads wait until the edit is readable.
      void queryClient.invalidateQueries({ queryKey: myPostedJobsQueryKey });
      void queryClient.invalidateQueries({ queryKey: jobListsKey });
    },
  });
}
