import { Fragment } from 'react';
import { linkify } from '../lib/linkify';

/**
 * User-written text with its http(s) addresses made into links that open in a new tab without giving
 * the opened page a handle on ours (noopener), our address (noreferrer) or our ranking (nofollow).
 * Built from React nodes, so the text is escaped like any other.
 */
export function LinkifiedText({ text }: { text: string }) {
  return linkify(text).map((segment, index) =>
    segment.kind === 'link' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text, in order, never reordered
      <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow">
        {segment.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}
