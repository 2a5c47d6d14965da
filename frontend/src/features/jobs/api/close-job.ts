import { endpoints } from '@careers/contracts/api/endpoints';
import { hiringMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { updateJob } from './job-cache';

/** Beyond the spec: the poster closes a job; it stays visible and takes no more applications. */
export async function closeJob(jobId: string) {
  const reply = await callApi(
    endpoints.closeJob,
    { params: { id: jobId } },
    { fallbackMessage: hiringMessages.closeJobFailed },
  );
  return reply.data;
}

export function useCloseJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeJob,
    onSuccess: ({ jobId, status, closedAt }) =>
      updateJob(queryClient, jobId, (job) => ({ ...job, status, closedAt })),
  });
}
