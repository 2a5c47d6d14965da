/**
 * When a post is long enough to fold, and how much of it shows folded. The fold keeps less than the
 * threshold, so "See more" always opens a real amount of text rather than a last word or line.
 */
export const POST_FOLD = {
  /** A post longer than this many characters, or with more lines, is folded. */
  maxChars: 600,
  maxLines: 8,
  /** What a folded post shows: at most this many characters, and lines. */
  keptChars: 400,
  keptLines: 6,
} as const;

export function isLongPost(content: string): boolean {
  return content.length > POST_FOLD.maxChars || content.split('\n').length > POST_FOLD.maxLines;
}

/**
 * The start of a long post, cut at the last space before the limit when there is one in its last
 * quarter (so a word, or a web address, is not split), never between the halves of a surrogate pair,
 * and ended with an ellipsis. A post that is not long comes back whole.
 */
export function clipPost(content: string): string {
  if (!isLongPost(content)) return content;
  let kept = content.split('\n').slice(0, POST_FOLD.keptLines).join('\n');
  if (kept.length > POST_FOLD.keptChars) {
    let end: number = POST_FOLD.keptChars;
    const space = kept.slice(0, end).search(/\s\S*$/);
    if (space >= POST_FOLD.keptChars * 0.75) end = space;
    else if (/[\uD800-\uDBFF]/.test(kept.charAt(end - 1))) end -= 1;
    kept = kept.slice(0, end);
  }
  return `${kept.trimEnd()}…`;
}
