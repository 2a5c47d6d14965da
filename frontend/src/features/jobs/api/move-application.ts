import { endpoints } from '@careers/contracts/api/endpoints';
import type { JobApplicant } from '@careers/contracts/entities/application';
import type { EmployerApplicationStatus } from '@careers/contracts/entities/enums';
import { hiringMessages } from '@careers/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { jobApplicantsQueryKey } from './get-job-applicants';
import { myPostedJobsQueryKey } from './get-my-posted-jobs';

export interface ApplicationMove {
  applicationId: string;
  status: EmployerApplicationStatus;
}

/** Beyond the spec: the poster moves an application to interview, accepted or rejected. */
export async function moveApplication({ applicationId, status }: ApplicationMove) {
  const reply = await callApi(
    endpoints.moveApplication,
    { params: { id: applicationId }, body: { status } },
    { fallbackMessage: hiringMessages.updateStatusFailed },
  );
  return reply.data;
}

/**
 * The badge and the history change at once from the reply; the list and the poster's counts are then
 * read again (the reply's consistency token makes those reads wait for the move).
 */
export function useMoveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveApplication,
    onSuccess: ({ applicationId, jobId, status }) => {
      queryClient.setQueryData<JobApplicant[]>(jobApplicantsQueryKey(jobId), (applicants) =>
        applicants?.map((applicant) =>
          applicant._id === applicationId && applicant.status !== status
            ? {
                ...applicant,
                status,
                history: [...applicant.history, { status, at: new Date().toISOString() }],
              }
            : applicant,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: jobApplicantsQueryKey(jobId) });
      void queryClient.invalidateQueries({ queryKey: myPostedJobsQueryKey });
    },
  });
}
