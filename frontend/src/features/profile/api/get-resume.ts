import { endpoints } from '@careers/contracts/api/endpoints';
import type { ResumeFile } from '@careers/contracts/entities/uploaded-files';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const resumeQueryKey = ['users', 'resume'] as const;

/** Spec section 7: GET /users/resume answers `resume`, null when none is uploaded. */
export async function getResume(signal?: AbortSignal): Promise<ResumeFile | null> {
  const reply = await callApi(
    endpoints.getResume,
    {},
    { signal, fallbackMessage: fallbackMessages.getResume },
  );
  return reply.resume;
}

export const resumeQueryOptions = () =>
  queryOptions({ queryKey: resumeQueryKey, queryFn: ({ signal }) => getResume(signal) });

/**
 * Spec, Profile: the resume is fetched when the signed-in user has none, in case it was uploaded
 * elsewhere since the session check; "Loading resume..." shows meanwhile.
 */
export function useResume(enabled: boolean) {
  return useQuery({ ...resumeQueryOptions(), enabled });
}
