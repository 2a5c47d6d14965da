import { tagKey, tagOccurrences } from '@careers/contracts/tags';
import { linkify, type TextSegment } from './linkify';

/** A run of a post's text: as linkify gives it, or a `#word` that is one of the post's tags. */
export type TaggedSegment = TextSegment | { kind: 'tag'; text: string; tag: string };

/**
 * `text` split as linkify splits it, each `#word` whose tag is among the post's `tags` made a run of
 * its own (`tag`: the word as written, without its `#`). The client does not decide what is a tag: the
 * server parsed the post's tags, so a `#word` it did not keep stays text, and a `#word` inside a web
 * address stays part of that address's link. The words are found in `whole`, the post's full text, of
 * which `text` may be the folded start (clipPost): a tag the fold cut ("#compil…") is not taken for a
 * shorter word. The runs, joined, give back `text` unchanged.
 */
export function linkifyWithTags(
  text: string,
  tags: readonly string[],
  whole: string = text,
): TaggedSegment[] {
  const segments = linkify(text);
  if (tags.length === 0) return segments;
  const keys = new Set(tags.map(tagKey));
  const found = tagOccurrences(whole).filter(
    ({ tag, start, end }) =>
      keys.has(tagKey(tag)) && end <= text.length && text.slice(start, end) === whole.slice(start, end),
  );
  if (found.length === 0) return segments;

  const split: TaggedSegment[] = [];
  let from = 0;
  for (const segment of segments) {
    const to = from + segment.text.length;
    if (segment.kind === 'text') {
      let plainFrom = from;
      for (const { tag, start, end } of found) {
        if (start < from || end > to) continue;
        if (start > plainFrom) split.push({ kind: 'text', text: text.slice(plainFrom, start) });
        split.push({ kind: 'tag', text: text.slice(start, end), tag });
        plainFrom = end;
      }
      if (to > plainFrom) split.push({ kind: 'text', text: text.slice(plainFrom, to) });
    } else {
      split.push(segment);
    }
    from = to;
  }
  return split;
}
