/** Longest name kept before the `.pdf` ending. */
export const FILENAME_MAX_STEM = 100;
const FALLBACK_STEM = 'resume';

/**
 * The name a resume is shown and downloaded under, made from the uploader's file name: only the last
 * path segment, accents folded to plain letters, anything but letters, digits, dot, dash and underscore
 * turned into a dash, no leading dot (no hidden files), at most `FILENAME_MAX_STEM` characters, and
 * always ending in `.pdf`. It is shown and sent in `Content-Disposition`; it is never part of a key.
 */
export function safeResumeFilename(original: string | undefined): string {
  const lastSegment = (original ?? '').split(/[/\\]/).pop() ?? '';
  const stem = lastSegment
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/([._-])[._-]+/g, '$1')
    .replace(/^[._-]+/, '')
    .slice(0, FILENAME_MAX_STEM)
    .replace(/[._-]+$/, '');
  return `${stem || FALLBACK_STEM}.pdf`;
}
