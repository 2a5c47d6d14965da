import { describe, expect, it } from 'vitest';
import { parseJobSearch, searchClauses } from './search.ts';

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

describe('searchClauses', () => {
  it('requires each word and phrase, joins words around OR, excludes after a minus, and marks the last plain word', () => {
    expect(searchClauses('senior "data engineer" python OR rust -remote')).toEqual([
      { any: [{ text: 'senior' }] },
      { any: [{ text: 'data engineer' }] },
      { any: [{ text: 'python' }, { text: 'rust' }] },
      { any: [{ text: 'remote' }], negated: true },
    ]);
    expect(searchClauses('senior java')).toEqual([
      { any: [{ text: 'senior' }] },
      { any: [{ text: 'java', prefix: true }] },
    ]);
    expect(searchClauses('sales OR marketing')).toEqual([
      { any: [{ text: 'sales' }, { text: 'marketing', prefix: true }] },
    ]);
  });

  it('reads an open quote as a phrase to the end, and OR with nothing on one side as nothing', () => {
    expect(searchClauses('"senior java')).toEqual([{ any: [{ text: 'senior java' }] }]);
    expect(searchClauses('OR java OR')).toEqual([{ any: [{ text: 'java' }] }]);
    expect(searchClauses('-"big corp" go')).toEqual([
      { any: [{ text: 'big corp' }], negated: true },
      { any: [{ text: 'go' }] },
    ]);
    expect(searchClauses('-')).toEqual([{ any: [{ text: '-' }] }]);
    expect(searchClauses('   ')).toEqual([]);
  });
});
