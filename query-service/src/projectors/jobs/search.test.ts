import { describe, expect, it } from 'vitest';
import { containsPattern, parseJobSearch, tsquerySql } from './search.ts';

describe('parseJobSearch', () => {
  it('is no search for blank text', () => {
    expect(parseJobSearch(undefined)).toBeNull();
    expect(parseJobSearch('   ')).toBeNull();
  });

  it.for([
    ['java', 'java'],
    ['senior java', 'java'],
    ['python OR java', 'java'],
    ['"machine learning" engineer', 'engineer'],
    ['-remote developer', 'developer'],
    ['Entwickler München', 'München'],
    ['  web3  ', 'web3'],
  ] as const)('matches the last plain word of %j as a prefix: %j', ([text, word]) => {
    expect(parseJobSearch(text)?.prefixWord).toBe(word);
  });

  it.for([
    ['"senior java"', 'a closed phrase'],
    ['"senior java', 'an open phrase'],
    ['developer -java', 'an exclusion'],
    ['java OR', 'the OR operator'],
    ['java or', 'the OR operator in any case'],
    ['node.js', 'a word with punctuation'],
    ["java:* | x'", 'tsquery syntax'],
    ['go', 'a word shorter than three letters'],
  ] as const)('matches no prefix for %j (%s)', ([text]) => {
    expect(parseJobSearch(text)).toEqual({ text: text.trim(), prefixWord: null });
  });
});

describe('tsquerySql', () => {
  it('is the websearch query alone without a prefix word, and rewrites that word as a prefix (or the stems of its completions) with one', () => {
    expect(tsquerySql({ text: 'x', prefixWord: null }, '$1', null)).toBe(
      "websearch_to_tsquery('english', $1::text)",
    );
    expect(tsquerySql({ text: 'java', prefixWord: 'java' }, '$1', '$2')).toBe(
      "ts_rewrite(websearch_to_tsquery('english', $1::text), to_tsquery('english', $2::text), to_tsquery('english', $2::text || ':*'))",
    );
    expect(tsquerySql({ text: 'marketi', prefixWord: 'marketi' }, '$1', '$2', '$3')).toBe(
      "ts_rewrite(websearch_to_tsquery('english', $1::text), to_tsquery('english', $2::text), to_tsquery('english', $2::text || ':*') || $3::tsquery)",
    );
  });
});

describe('containsPattern', () => {
  it("takes LIKE's own characters literally", () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
