import { describe, expect, it } from 'vitest';
import { linkifyWithTags, type TaggedSegment } from './linkify-tags';

const joined = (segments: TaggedSegment[]) => segments.map((segment) => segment.text).join('');

describe('linkifyWithTags', () => {
  it("makes a run of each #word among the post's tags, as written, and leaves other #words as text", () => {
    const text = 'Hiring for #Rust and #wasm, not #1 or #go';
    const segments = linkifyWithTags(text, ['rust', 'go']);

    expect(segments).toEqual([
      { kind: 'text', text: 'Hiring for ' },
      { kind: 'tag', text: '#Rust', tag: 'Rust' },
      { kind: 'text', text: ' and #wasm, not #1 or ' },
      { kind: 'tag', text: '#go', tag: 'go' },
    ]);
    expect(joined(segments)).toBe(text);
  });

  it('compares as tags do (case and width), and links every occurrence', () => {
    expect(
      linkifyWithTags('#QA then #qa then #ＱＡ', ['qa'])
        .filter((segment) => segment.kind === 'tag')
        .map((segment) => segment.text),
    ).toEqual(['#QA', '#qa', '#ＱＡ']);
  });

  it('keeps web addresses whole, a #word in one included, beside the tags', () => {
    const text = 'Notes https://example.com/-#top #top';
    const segments = linkifyWithTags(text, ['top']);

    expect(segments).toEqual([
      { kind: 'text', text: 'Notes ' },
      { kind: 'link', text: 'https://example.com/-#top', href: 'https://example.com/-#top' },
      { kind: 'text', text: ' ' },
      { kind: 'tag', text: '#top', tag: 'top' },
    ]);
  });

  it('is linkify when the post has no tags', () => {
    expect(linkifyWithTags('#rust at https://a.com', [])).toEqual([
      { kind: 'text', text: '#rust at ' },
      { kind: 'link', text: 'https://a.com', href: 'https://a.com/' },
    ]);
  });

  it('does not take a tag cut by the fold for a shorter one, and links those the fold kept', () => {
    const whole = '#go is fine, #golang too';
    const folded = '#go is fine, #gol…';

    expect(linkifyWithTags(folded, ['go', 'golang'], whole)).toEqual([
      { kind: 'tag', text: '#go', tag: 'go' },
      { kind: 'text', text: ' is fine, #gol…' },
    ]);
    expect(linkifyWithTags('#go is fine, #go…', ['go', 'golang'], whole).map((s) => s.kind)).toEqual([
      'tag',
      'text',
    ]);
  });
});
