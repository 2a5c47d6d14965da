import type { MouseEventHandler } from 'react';
import { Link } from 'react-router-dom';

/** A person's profile page (beyond the spec). */
export function profilePath(id: string): string {
  return `/people/${encodeURIComponent(id)}`;
}

interface PersonLinkProps {
  /** The person's id. */
  id: string;
  /** Their name as the screen writes it: the link's text. */
  name: string;
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

/**
 * A person's name as a link to their profile page, so anyone named on a screen (a post's author, an
 * applicant, whoever a notification is about) is a click away. A name left empty (an account gone while
 * its rows catch up) is no link: there is nothing to read and no profile to open.
 */
export function PersonLink({ id, name, className, onClick }: PersonLinkProps) {
  if (name.trim() === '') return null;
  return (
    <Link to={profilePath(id)} className={className} onClick={onClick}>
      {name}
    </Link>
  );
}
