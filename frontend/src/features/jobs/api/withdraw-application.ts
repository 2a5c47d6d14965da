import { endpoints } from '@careers/contracts/api/endpoints';
import { hiringMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { jobQueryKey } from './get-job';
import { setApplicationStatus } from './job-cache';

/** Beyond the spec: the applicant takes back a pending or interview application. */
export async function withdrawApplication(applicationId: string) {
  const reply = await callApi(
    endpoints.withdrawApplication,
    { params: { id: applicationId } },
    { fallbackMessage: hiringMessages.withdrawFailed },
  );
  return reply.data;
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: (state) => {
      setApplicationStatus(queryClient, state);
      // A withdrawn application no longer counts in the job's "{n} applied".
      void queryClient.invalidateQueries({ queryKey: jobQueryKey(state.jobId) });
    },
  });
}
