/** A run of a post's or comment's text: plain words, or a web address that may be opened. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * A candidate starts with http:// or https:// (any case) that is not glued to a preceding letter or
 * digit, and runs until whitespace or a character that can never be part of a written address. Quotes
 * and angle brackets end it, so `http://a.com/"onclick=...` cannot carry markup into the link.
 */
const candidatePattern = /(?<![\p{L}\p{N}])https?:\/\/[^\s<>"`]+/giu;

/** Punctuation that ends a sentence rather than an address ("see https://example.com."). */
const trailingPunctuation = new Set([...".,;:!?'*’”»"]);
const closingBrackets: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n += 1;
  return n;
}

/** Drops sentence punctuation and unbalanced closing brackets from the end of a candidate. */
function trimTrailing(candidate: string): string {
  let end = candidate.length;
  while (end > 0) {
    const last = candidate[end - 1] ?? '';
    const opening = closingBrackets[last];
    const head = candidate.slice(0, end);
    if (trailingPunctuation.has(last)) end -= 1;
    // "(see https://en.wikipedia.org/wiki/Ada_(language))": the last ")" closes the sentence's bracket.
    else if (opening !== undefined && count(head, last) > count(head, opening)) end -= 1;
    else break;
  }
  return candidate.slice(0, end);
}

/** The address to open, or null: only an absolute http(s) URL with a host becomes a link. */
function safeHref(written: string): string | null {
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  // The parser's own serialisation percent-encodes what the written text may have left raw.
  return url.href;
}

/**
 * Splits text into plain runs and http(s) links. Everything that is not a well-formed http(s) address
 * (`javascript:`, `data:`, `mailto:`, bare domains) stays text; the caller renders the runs as React
 * nodes, so nothing here is ever parsed as HTML. The segments, joined, give back the text unchanged.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plainFrom = 0;
  const pushText = (to: number) => {
    if (to > plainFrom) segments.push({ kind: 'text', text: text.slice(plainFrom, to) });
  };
  for (const match of text.matchAll(candidatePattern)) {
    const written = trimTrailing(match[0]);
    const href = safeHref(written);
    if (href === null) continue;
    pushText(match.index);
    segments.push({ kind: 'link', text: written, href });
    plainFrom = match.index + written.length;
  }
  pushText(text.length);
  return segments;
}
