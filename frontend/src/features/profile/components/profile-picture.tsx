import { uploadLimits } from '@careers/contracts/constants';
import type { User } from '@careers/contracts/entities/user';
import { profileMessages } from '@careers/contracts/messages';
import { type ChangeEvent, useId } from 'react';
import { Avatar, initialsOf } from '../../../components/avatar';
import { openInNewTab } from '../api/download-file';
import { useProfileFileActions } from './file-actions';
import type { ProfileNotices } from './profile-notices';

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
  const actions = useProfileFileActions('profilePicture', notices);
  const inputId = useId();
  const picture = user.profilePicture;
  const name = `${user.firstName} ${user.lastName}`.trim();
  const busy = actions.busy;

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again (after a refusal, or after removing it) must fire `change` again.
    event.target.value = '';
    if (file) actions.send(file);
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
              {actions.uploading ? 'Uploading...' : 'Upload picture'}
            </label>
            {picture ? (
              <button
                type="button"
                className="button button-danger"
                aria-disabled={busy || undefined}
                onClick={actions.discard}
              >
                {actions.removing ? 'Removing...' : 'Remove picture'}
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
