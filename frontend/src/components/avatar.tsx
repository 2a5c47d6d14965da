import type { ProfilePicture } from '@careers/contracts/entities/uploaded-files';

interface AvatarProps {
  picture: ProfilePicture | null;
  /** Shown when there is no picture: one initial or two. */
  initials: string;
  size?: 'small' | 'medium';
}

/** A person's picture or initials. Decorative: the name is always written beside it. */
export function Avatar({ picture, initials, size = 'medium' }: AvatarProps) {
  const className = `avatar avatar-${size}`;
  if (picture) return <img className={className} src={picture.url} alt="" />;
  return (
    <span className={className} aria-hidden="true">
      {initials}
    </span>
  );
}
