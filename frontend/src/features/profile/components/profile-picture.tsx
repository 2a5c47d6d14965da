import { uploadLimits } from '@careers/contracts/constants';
import type { User } from '@careers/contracts/entities/user';
import { profileMessages } from '@careers/contracts/messages';
import { checkUpload } from '@careers/contracts/requests/upload-check';
import { type ChangeEvent, useId } from 'react';
import { Avatar, initialsOf } from '../../../components/avatar';
import { openInNewTab } from '../api/download-file';
import { useRemoveProfileFile, useUploadProfileFile } from '../api/profile-files';
import type { ProfileNotices } from './profile-notices';
import { serverMessageOf } from './server-message';

const pictureTypes = uploadLimits.profilePicture.contentTypes.join(',');

/**
 * Spec, Profile: the picture (else the initials), upload and remove in edit mode only, and a Download
 * button that opens it. The file is checked before it is sent (an image, a type the server keeps, 5 MB
 * at most); the server checks the bytes again, and its refusal is shown in its own words.
 */
export function ProfilePictureSection({
  user,
  editing,
  notices,
}: {
  user: User;
  editing: boolean;
  notices: ProfileNotices;
}) {
  const upload = useUploadProfileFile('profilePicture');
  const remove = useRemoveProfileFile('profilePicture');
  const inputId = useId();
  const picture = user.profilePicture;
  const name = `${user.firstName} ${user.lastName}`.trim();
  const busy = upload.isPending || remove.isPending;

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again (after a refusal, or after removing it) must fire `change` again.
    event.target.value = '';
    if (!file || busy) return;
    const refusal = checkUpload('profilePicture', file);
    if (refusal) {
      notices.fail(refusal);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notices.succeed(profileMessages.uploaded('profilePicture')),
      onError: (error) =>
        notices.fail(
          profileMessages.uploadFailed('profilePicture', serverMessageOf(error, 'profilePicture')),
        ),
    });
  }

  function removePicture() {
    if (busy) return;
    remove.mutate(undefined, {
      onSuccess: () => notices.succeed(profileMessages.removed('profilePicture')),
      onError: () => notices.fail(profileMessages.removeFailed('profilePicture')),
    });
  }

  function download() {
    if (!picture) {
      notices.fail(profileMessages.notAvailableForDownload('profilePicture'));
      return;
    }
    openInNewTab(picture.url);
    notices.succeed(profileMessages.openedInNewTab('profilePicture'));
  }

  return (
    <div className="profile-picture">
      <Avatar picture={picture} name={name} initials={initialsOf(user)} size="large" />
      <div className="profile-picture-actions">
        {editing ? (
          <>
            <input
              id={inputId}
              className="visually-hidden file-input"
              type="file"
              accept={pictureTypes}
              disabled={busy}
              onChange={chosen}
            />
            <label className="button button-ghost file-input-label" htmlFor={inputId}>
              {upload.isPending ? 'Uploading...' : 'Upload picture'}
            </label>
            {picture ? (
              <button
                type="button"
                className="button button-danger"
                aria-disabled={busy || undefined}
                onClick={removePicture}
              >
                {remove.isPending ? 'Removing...' : 'Remove picture'}
              </button>
            ) : null}
          </>
        ) : null}
        <button
          type="button"
          className="button button-ghost"
          aria-label="Download profile picture"
          onClick={download}
        >
          Download
        </button>
      </div>
    </div>
  );
}
