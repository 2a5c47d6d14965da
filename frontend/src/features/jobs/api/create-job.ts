import { endpoints } from '@careers/contracts/api/endpoints';
import type { Job } from '@careers/contracts/entities/job';
import { fallbackMessages } from '@careers/contracts/messages';
import type { CreateJobRequestInput } from '@careers/contracts/requests/create-job';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { myPostedJobsQueryKey } from './get-my-posted-jobs';
import { addPostedJob } from './job-cache';
import { jobListsKey } from './list-jobs';

/** Spec section 7: POST /jobs with the whole job form; the reply's `data` is the new job. */
export async function createJob(job: CreateJobRequestInput, idempotencyKey?: string): Promise<Job> {
  const reply = await callApi(
    endpoints.createJob,
    { body: job },
    { fallbackMessage: fallbackMessages.createJob, idempotencyKey },
  );
  return reply.data;
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ job, key }: { job: CreateJobRequestInput; key: string }) => createJob(job, key),
    onSuccess: (job) => {
      addPostedJob(queryClient, job);
      // The reply's consistency token makes these next reads wait until the new job is readable.
      void queryClient.invalidateQueries({ queryKey: myPostedJobsQueryKey });
      void queryClient.invalidateQueries({ queryKey: jobListsKey });
    },
  });
}
