import { tagMessages } from '@careers/contracts/messages';
import { Link } from 'react-router-dom';

/** A tag's page (beyond the spec): the feed of the posts carrying it, with its Follow toggle. */
export function tagPath(tag: string): string {
  return `/feed?tag=${encodeURIComponent(tag)}`;
}

interface TagLinkProps {
  /** The word as written, without its `#`. */
  tag: string;
  className?: string;
  /** The link is to the page on screen (a list of tags on that tag's page). */
  current?: boolean;
}

/** `#tag` as a link to the tag's page. */
export function TagLink({ tag, className, current = false }: TagLinkProps) {
  return (
    <Link to={tagPath(tag)} className={className} aria-current={current ? 'page' : undefined}>
      {tagMessages.hashtag(tag)}
    </Link>
  );
}
