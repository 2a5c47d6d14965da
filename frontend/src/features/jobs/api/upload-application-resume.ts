import { endpoints } from '@careers/contracts/api/endpoints';
import { uploadLimits } from '@careers/contracts/constants';
import type { ApplicationResumeUpload } from '@careers/contracts/entities/uploaded-files';
import { fallbackMessages } from '@careers/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * Beyond the spec: a resume for one application only, sent as the profile resume is (multipart field
 * `resume`). The apply names it by the answer's `uploadId`; nothing else on the client changes.
 */
export async function uploadApplicationResume(file: File): Promise<ApplicationResumeUpload> {
  const body = new FormData();
  body.append(uploadLimits.resume.field, file, file.name);
  const reply = await callApi(
    endpoints.uploadApplicationResume,
    { body },
    { fallbackMessage: fallbackMessages.uploadResume },
  );
  return reply.data;
}

export function useUploadApplicationResume() {
  return useMutation({ mutationFn: uploadApplicationResume });
}
