import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EntryVersions, ResponseCache } from './response-cache.ts';

const only = (version: string): EntryVersions => ({ version, parts: [], partVersions: [] });

describe('ResponseCache', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('serves an entry only for the version it was stored with', () => {
    const cache = new ResponseCache(1000);
    cache.set('feed?a', only('v1'), '{"data":[]}');
    expect(cache.get('feed?a', 'v1', [])).toBe('{"data":[]}');
    expect(cache.get('feed?a', 'v2', [])).toBeUndefined();
    // A stale entry is dropped, not kept for a version that may come back.
    expect(cache.get('feed?a', 'v1', [])).toBeUndefined();
  });

  it('serves an entry only while every part keeps the version it was stored with', () => {
    const cache = new ResponseCache(1000);
    const versions = { version: 'v1', parts: ['post:a', 'post:b'], partVersions: ['3', null] };
    cache.set('feed', versions, 'body');
    expect(cache.partsOf('feed')).toEqual(['post:a', 'post:b']);
    expect(cache.get('feed', 'v1', ['3', null])).toBe('body');
    // A part set since (null before) is a change like any other.
    expect(cache.get('feed', 'v1', ['3', '4'])).toBeUndefined();
    expect(cache.partsOf('feed')).toEqual([]);

    cache.set('feed', versions, 'body');
    expect(cache.get('feed', 'v1', ['5', null])).toBeUndefined();
    cache.set('feed', versions, 'body');
    // Versions read for other keys than the entry's (fewer of them) never match.
    expect(cache.get('feed', 'v1', ['3'])).toBeUndefined();
  });

  it('refuses parts without a version each', () => {
    const cache = new ResponseCache(1000);
    expect(() => cache.set('feed', { version: 'v', parts: ['a'], partVersions: [] }, 'body')).toThrow();
  });

  it('drops the least recently used entries past the byte budget', () => {
    const cache = new ResponseCache(30);
    cache.set('a', only('v'), '0123456789'); // 12 bytes with the key and the version
    cache.set('b', only('v'), '0123456789');
    expect(cache.get('a', 'v', [])).toBeDefined(); // a is now the most recent
    cache.set('c', only('v'), '0123456789');
    expect(cache.get('b', 'v', [])).toBeUndefined();
    expect(cache.get('a', 'v', [])).toBeDefined();
    expect(cache.get('c', 'v', [])).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('counts the part keys and their versions in the budget', () => {
    const cache = new ResponseCache(20);
    cache.set('k', { version: 'v', parts: ['p'.repeat(10)], partVersions: ['1'.repeat(10)] }, 'x');
    expect(cache.size).toBe(0);
  });

  it('never stores an entry larger than the budget, and replaces an entry in place', () => {
    const cache = new ResponseCache(10);
    cache.set('big', only('v'), 'x'.repeat(50));
    expect(cache.size).toBe(0);
    cache.set('k', only('v1'), 'one');
    cache.set('k', only('v2'), 'two');
    expect(cache.size).toBe(1);
    expect(cache.get('k', 'v2', [])).toBe('two');
  });
  it('serves an entry stored with a lifetime only within it, whatever its versions', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const cache = new ResponseCache(1000);
    cache.set('suggested', only('v'), 'body', 60_000);
    cache.set('forever', only('v'), 'body');
    now.mockReturnValue(1_059_999);
    expect(cache.get('suggested', 'v', [])).toBe('body');
    now.mockReturnValue(1_060_000);
    expect(cache.get('suggested', 'v', [])).toBeUndefined();
    // Dropped, not kept for a later read.
    expect(cache.size).toBe(1);
    now.mockReturnValue(9_000_000_000);
    expect(cache.get('forever', 'v', [])).toBe('body');
  });
});
