import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

describe('ResponseCache', () => {
  it('serves an entry only for the version it was stored with', () => {
    const cache = new ResponseCache(1000);
    cache.set('feed?a', 'v1', '{"data":[]}');
    expect(cache.get('feed?a', 'v1')).toBe('{"data":[]}');
    expect(cache.get('feed?a', 'v2')).toBeUndefined();
    // A stale entry is dropped, not kept for a version that may come back.
    expect(cache.get('feed?a', 'v1')).toBeUndefined();
  });

  it('drops the least recently used entries past the byte budget', () => {
    const cache = new ResponseCache(30);
    cache.set('a', 'v', '0123456789'); // 11 bytes with the key
    cache.set('b', 'v', '0123456789');
    expect(cache.get('a', 'v')).toBeDefined(); // a is now the most recent
    cache.set('c', 'v', '0123456789');
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    expect(cache.get('c', 'v')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('never stores an entry larger than the budget, and replaces an entry in place', () => {
    const cache = new ResponseCache(10);
    cache.set('big', 'v', 'x'.repeat(50));
    expect(cache.size).toBe(0);
    cache.set('k', 'v1', 'one');
    cache.set('k', 'v2', 'two');
    expect(cache.size).toBe(1);
    expect(cache.get('k', 'v2')).toBe('two');
  });
});
