import { TagParams } from '@careers/contracts/requests/route-params';
import { describe, expect, it } from 'vitest';
import { tagOfUrl } from './tag-in-url';

const read = (query: string) => tagOfUrl(new URLSearchParams(query));

describe('tagOfUrl', () => {
  it('reads no tag from a URL without one, or with a blank one', () => {
    expect(read('')).toEqual({ kind: 'none' });
    expect(read('tag=%20')).toEqual({ kind: 'none' });
  });

  it('keeps the tag as written, without its #, and its key as tags compare', () => {
    expect(read('tag=%23Rust')).toEqual({ kind: 'tag', tag: 'Rust', key: 'rust' });
    expect(read('tag=caf%C3%A9')).toEqual({ kind: 'tag', tag: 'café', key: 'café' });
  });

  it("says why a tag the route would refuse is not one, in the route's words", () => {
    expect(read('tag=c%2B%2B')).toEqual({
      kind: 'invalid',
      written: 'c++',
      reason: 'Tags may contain only letters, numbers, hyphens and underscores',
    });
    expect(read(`tag=${'a'.repeat(31)}`)).toMatchObject({
      kind: 'invalid',
      reason: 'Each tag must be at most 30 characters',
    });
  });

  it("agrees with the route's own rule (contracts' TagParams)", () => {
    for (const written of ['rust', '#rust', 'node-js', 'snake_case', 'Ünïcödé', '2024', 'a'.repeat(30)]) {
      expect(read(`tag=${encodeURIComponent(written)}`).kind, written).toBe('tag');
      expect(TagParams.safeParse({ tag: written }).success, written).toBe(true);
    }
    for (const written of ['#', 'c++', 'two words', 'a/b', '<b>', 'a'.repeat(31)]) {
      expect(read(`tag=${encodeURIComponent(written)}`).kind, written).toBe('invalid');
      expect(TagParams.safeParse({ tag: written }).success, written).toBe(false);
    }
  });
});
