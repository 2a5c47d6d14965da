import { endpoints } from '@careers/contracts/api/endpoints';
import type { Application } from '@careers/contracts/entities/application';
import { fallbackMessages } from '@careers/contracts/messages';
import type { ApplicationData } from '@careers/contracts/requests/apply-to-job';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { addApplication } from './job-cache';

/** Spec section 7: POST /jobs/{id}/apply with `{ applicationData }` (cover letter, expected salary). */
export async function applyToJob(
  jobId: string,
  applicationData: ApplicationData,
  idempotencyKey?: string,
): Promise<Application> {
  const reply = await callApi(
    endpoints.applyToJob,
    { params: { id: jobId }, body: { applicationData } },
    { fallbackMessage: fallbackMessages.applyToJob, idempotencyKey },
  );
  return reply.data;
}

export function useApplyToJob(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, key }: { data: ApplicationData; key: string }) => applyToJob(jobId, data, key),
    onSuccess: (application) => addApplication(queryClient, application),
  });
}
