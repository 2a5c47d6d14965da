import { Fragment } from 'react';
import { linkifyWithTags } from '../lib/linkify-tags';
import { TagLink } from './tag-link';

interface LinkifiedTextProps {
  text: string;
  /** A post's tags (as the server parsed them): its `#words` among them link to their tag's page. */
  tags?: readonly string[];
  /** The full text, when `text` is only its folded start (see linkifyWithTags). */
  whole?: string;
}

/**
 * User-written text with its http(s) addresses made into links that open in a new tab without giving
 * the opened page a handle on ours (noopener), our address (noreferrer) or our ranking (nofollow).
 * Given a post's `tags`, each `#word` that is one of them links to its tag's page, in this tab. Built
 * from React nodes, so the text is escaped like any other.
 */
export function LinkifiedText({ text, tags = [], whole }: LinkifiedTextProps) {
  return linkifyWithTags(text, tags, whole).map((segment, index) =>
    segment.kind === 'link' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text, in order, never reordered
      <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow">
        {segment.text}
      </a>
    ) : segment.kind === 'tag' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <TagLink key={index} tag={segment.tag} className="text-tag" />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}
