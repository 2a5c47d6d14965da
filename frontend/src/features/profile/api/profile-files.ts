import { endpoints } from '@careers/contracts/api/endpoints';
import { uploadLimits } from '@careers/contracts/constants';
import type { ProfilePicture, ResumeFile } from '@careers/contracts/entities/uploaded-files';
import type { User } from '@careers/contracts/entities/user';
import { fallbackMessages, type UploadKind } from '@careers/contracts/messages';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { mergeIntoCurrentUser } from '../../../lib/current-user';
import { resumeQueryKey } from './get-resume';

/** What each kind of file is in the signed-in user: `profilePicture` or `resume`. */
type StoredFile<K extends UploadKind> = K extends 'profilePicture' ? ProfilePicture : ResumeFile;

/**
 * The only place a profile file changes on the client: in the signed-in user (the top bar, the
 * completion percent) and, for the resume, in the answer of GET /users/resume, so a removed resume is
 * not shown again from that query's cache.
 */
export function setProfileFile<K extends UploadKind>(
  queryClient: QueryClient,
  kind: K,
  file: StoredFile<K> | null,
): void {
  mergeIntoCurrentUser(queryClient, { [kind]: file } as Partial<User>);
  if (kind === 'resume')
    queryClient.setQueryData<ResumeFile | null>(resumeQueryKey, file as ResumeFile | null);
}

/**
 * Spec section 5: uploads are sent as multipart form data, the file in the field `profilePicture` or
 * `resume`. The reply names the stored file.
 */
export async function uploadProfileFile<K extends UploadKind>(kind: K, file: File): Promise<StoredFile<K>> {
  const body = new FormData();
  body.append(uploadLimits[kind].field, file, file.name);
  if (kind === 'resume') {
    const reply = await callApi(
      endpoints.uploadResume,
      { body },
      { fallbackMessage: fallbackMessages.uploadResume },
    );
    return reply.resume as StoredFile<K>;
  }
  const reply = await callApi(
    endpoints.uploadProfilePicture,
    { body },
    { fallbackMessage: fallbackMessages.uploadProfilePicture },
  );
  return reply.profilePicture as StoredFile<K>;
}

export async function removeProfileFile(kind: UploadKind): Promise<void> {
  if (kind === 'resume') {
    await callApi(endpoints.removeResume, {}, { fallbackMessage: fallbackMessages.removeResume });
  } else {
    await callApi(
      endpoints.removeProfilePicture,
      {},
      { fallbackMessage: fallbackMessages.removeProfilePicture },
    );
  }
}

export function useUploadProfileFile<K extends UploadKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfileFile(kind, file),
    onSuccess: (stored) => setProfileFile(queryClient, kind, stored),
  });
}

/** Spec section 4: removing the picture sets `profilePicture` to null; removing the resume, `resume`. */
export function useRemoveProfileFile(kind: UploadKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeProfileFile(kind),
    onSuccess: () => setProfileFile(queryClient, kind, null),
  });
}
