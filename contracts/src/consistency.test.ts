import { describe, expect, it } from 'vitest';
import {
  consistencyTokenSubject,
  consistencyTokenSubjects,
  formatConsistencyToken,
  MAX_CONSISTENCY_TOKENS,
  parseConsistencyTokens,
} from './consistency.ts';
import { ConsistencyTokenText } from './sockets.ts';

const sig = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('consistency tokens', () => {
  it('formats <streamId>@<streamVersion>.<signature>', () => {
    expect(formatConsistencyToken({ streamId: 'abc', streamVersion: 7, signature: sig })).toBe(
      `abc@7.${sig}`,
    );
    expect(consistencyTokenSubject({ streamId: 'abc', streamVersion: 7 })).toBe('abc@7');
  });

  it('parses what it formats, one or a list', () => {
    expect(parseConsistencyTokens(`abc@7.${sig}`)).toEqual([
      { streamId: 'abc', streamVersion: 7, signature: sig },
    ]);
    expect(parseConsistencyTokens(`a@1.${sig}, b@2.${sig}`)).toEqual([
      { streamId: 'a', streamVersion: 1, signature: sig },
      { streamId: 'b', streamVersion: 2, signature: sig },
    ]);
  });

  it('parses a token nobody signed without a signature (the query-service ignores it)', () => {
    expect(parseConsistencyTokens('abc@7')).toEqual([{ streamId: 'abc', streamVersion: 7 }]);
  });

  it('reads an absent or blank header as no tokens', () => {
    expect(parseConsistencyTokens(undefined)).toEqual([]);
    expect(parseConsistencyTokens(null)).toEqual([]);
    expect(parseConsistencyTokens('  ')).toEqual([]);
  });

  it.each([
    'abc',
    '@3',
    'abc@',
    'abc@0',
    'abc@-1',
    'abc@1.5',
    `abc@1.${sig}x`,
    'abc@x',
    `${'a'.repeat(201)}@1`,
    'a@1,junk',
  ])('rejects %j', (header) => {
    expect(parseConsistencyTokens(header)).toBeNull();
  });

  it('refuses more tokens than one request may wait for', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `s${i}@1.${sig}`).join(',');
    expect(parseConsistencyTokens(list(MAX_CONSISTENCY_TOKENS))).toHaveLength(MAX_CONSISTENCY_TOKENS);
    expect(parseConsistencyTokens(list(MAX_CONSISTENCY_TOKENS + 1))).toBeNull();
  });

  it('the text schema matches one formatted token', () => {
    expect(ConsistencyTokenText.safeParse(`01936b32-3b4c-7d5e-af60-8c7d6e5f4a55@12.${sig}`).success).toBe(
      true,
    );
    expect(ConsistencyTokenText.safeParse('01936b32-3b4c-7d5e-af60-8c7d6e5f4a55@12').success).toBe(true);
    expect(ConsistencyTokenText.safeParse(`a@1.${sig.slice(1)}`).success).toBe(false);
    expect(ConsistencyTokenText.safeParse(`a@1.${sig},b@2.${sig}`).success).toBe(false);
    expect(ConsistencyTokenText.safeParse(`a@0.${sig}`).success).toBe(false);
  });
});

describe('consistencyTokenSubjects', () => {
  it('names the writes of a header, signatures aside', () => {
    expect(consistencyTokenSubjects(`a@1.${sig},b@2`)).toEqual(['a@1', 'b@2']);
    expect(consistencyTokenSubjects(undefined)).toEqual([]);
    expect(consistencyTokenSubjects('junk')).toEqual([]);
  });
});
