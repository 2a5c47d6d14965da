import { describe, expect, it } from 'vitest';
import { TAG_MAX_LENGTH } from './constants.ts';
import { tagKey, tagOccurrences, tagsOf } from './tags.ts';

describe('tags in a text', () => {
  it('finds #words at the start, after spaces and punctuation, in order, each once', () => {
    expect(tagsOf('#QA is hiring. Join us (#Remote, #qa)! #Café_2026')).toEqual([
      'QA',
      'Remote',
      'Café_2026',
    ]);
  });

  it('leaves out C#, URL fragments, HTML entities, numbers and runs too long', () => {
    const long = `#${'a'.repeat(TAG_MAX_LENGTH + 1)}`;
    expect(tagsOf(`C# and F# at example.com/#top, &#39; #1 #2026 ## # ${long}`)).toEqual([]);
  });

  it('puts given tags first and compares without case or width', () => {
    expect(tagsOf('About #kafka and #ＱＡ', ['Kafka', 'qa'])).toEqual(['Kafka', 'qa']);
    expect(tagKey('ＱＡ')).toBe('qa');
  });

  it('says where each occurrence is, for the client to link it', () => {
    const text = 'Hi #QA, bye #qa';
    expect(tagOccurrences(text).map(({ start, end }) => text.slice(start, end))).toEqual(['#QA', '#qa']);
  });
});
