import type { ProfilePicture } from '@careers/contracts/entities/uploaded-files';
import { useState } from 'react';

interface AvatarProps {
  picture: ProfilePicture | null;
  /** Shown when there is no picture, or when it fails to load: one initial or two. */
  initials: string;
  size?: 'small' | 'medium';
}

/** A person's picture or initials. Decorative: the name is always written beside it. */
export function Avatar({ picture, initials, size = 'medium' }: AvatarProps) {
  // Remembers which address failed, so a new picture is tried again.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const className = `avatar avatar-${size}`;
  if (picture && picture.url !== failedUrl) {
    return <img className={className} src={picture.url} alt="" onError={() => setFailedUrl(picture.url)} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initials}
    </span>
  );
}
