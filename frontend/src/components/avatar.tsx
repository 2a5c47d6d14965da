import type { ProfilePicture } from '@careers/contracts/entities/uploaded-files';
import { useState } from 'react';

interface AvatarProps {
  picture: ProfilePicture | null;
  /** The person's name: the picture's alternative text. */
  name: string;
  /** Shown when there is no picture, or when it fails to load: one initial or two. */
  initials: string;
  /** Small and medium read the small stored size (`avatarUrl`); large, the Profile screen's, the large one. */
  size?: 'small' | 'medium' | 'large';
}

/**
 * A person's picture, else their initials (spec: "picture or initials"). The picture is named by the
 * person's name; the initials are hidden from screen readers, as the name is always written beside them.
 */
export function Avatar({ picture, name, initials, size = 'medium' }: AvatarProps) {
  // Remembers which address failed, so a new picture is tried again.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const className = `avatar avatar-${size}`;
  const url = picture ? (size === 'large' ? picture.url : picture.avatarUrl) : null;
  if (url !== null && url !== failedUrl) {
    return <img className={className} src={url} alt={name} onError={() => setFailedUrl(url)} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initials}
    </span>
  );
}

/** First letters of the first and last names, as the dashboard, the top bar and the Profile screen show them. */
export function initialsOf(person: { firstName: string; lastName: string }): string {
  return [person.firstName, person.lastName]
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('')
    .toUpperCase();
}
