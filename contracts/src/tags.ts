import { TAG_MAX_LENGTH } from './constants.ts';

/**
 * `#word` in a post's text is a tag: a `#` at the start of the text or after a character that cannot be
 * part of a word, a URL or an HTML entity (so `C#`, `example.com/#top` and `&#39;` are not tags),
 * followed by letters, digits and underscores with at least one letter (`#1` is not a tag), at most
 * TAG_MAX_LENGTH of them (a longer run is not a tag). The server parses tags (the write side, into the
 * events); the client only links the words the post's `tags` name.
 */
const TAG_IN_TEXT = /(?<![\p{L}\p{N}_&/#])#([\p{L}\p{N}_]+)(?![\p{L}\p{N}_])/gu;
const HAS_LETTER = /\p{L}/u;

/** How tags compare: case and Unicode width do not matter (`#QA`, `#qa` and `#ＱＡ` are one tag). */
export function tagKey(tag: string): string {
  return tag.normalize('NFKC').toLowerCase();
}

export interface TagInText {
  /** The tag as written, without the `#`. */
  tag: string;
  /** Where the `#` is, and the index just past the tag. */
  start: number;
  end: number;
}

/** Every tag occurrence in `text`, in order (repeats included). */
export function tagOccurrences(text: string): TagInText[] {
  const found: TagInText[] = [];
  for (const match of text.matchAll(TAG_IN_TEXT)) {
    const tag = match[1] ?? '';
    if (tag.length > TAG_MAX_LENGTH || !HAS_LETTER.test(tag)) continue;
    found.push({ tag, start: match.index, end: match.index + 1 + tag.length });
  }
  return found;
}

/**
 * The tags of `text`, once each (compared by `tagKey`, the first spelling kept), after `given` (tags set
 * apart from the text, as the API's `tags` field allows), in order of appearance.
 */
export function tagsOf(text: string, given: readonly string[] = []): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of [...given, ...tagOccurrences(text).map((found) => found.tag)]) {
    const key = tagKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}
