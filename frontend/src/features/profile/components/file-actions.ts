import { profileMessages, type UploadKind } from '@careers/contracts/messages';
import { checkUpload } from '@careers/contracts/requests/upload-check';
import { useRemoveProfileFile, useUploadProfileFile } from '../api/profile-files';
import type { ProfileNotices } from './profile-notices';
import { serverMessageOf } from './server-message';

/**
 * Upload and remove for one kind of profile file, with the spec's messages: the profile's own check
 * before sending (type and size), "{Label} uploaded successfully!", "Failed to upload {kind}. {server
 * message or Please try again.}", and the removal's two texts. One action at a time per file.
 */
export function useProfileFileActions(kind: UploadKind, notices: ProfileNotices) {
  const upload = useUploadProfileFile(kind);
  const remove = useRemoveProfileFile(kind);
  const busy = upload.isPending || remove.isPending;

  function send(file: File) {
    if (busy) return;
    const refusal = checkUpload(kind, file);
    if (refusal) {
      notices.fail(refusal);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notices.succeed(profileMessages.uploaded(kind)),
      onError: (error) => notices.fail(profileMessages.uploadFailed(kind, serverMessageOf(error, kind))),
    });
  }

  function discard() {
    if (busy) return;
    remove.mutate(undefined, {
      onSuccess: () => notices.succeed(profileMessages.removed(kind)),
      onError: () => notices.fail(profileMessages.removeFailed(kind)),
    });
  }

  return { send, discard, busy, uploading: upload.isPending, removing: remove.isPending };
}
