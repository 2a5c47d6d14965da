import { describe, expect, it } from 'vitest';
import { ConsistencyTokens, type TokenStorage } from './consistency-tokens';

function memoryStorage(): TokenStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('ConsistencyTokens', () => {
  it('keeps the newest version per stream and forgets what a successful read carried', () => {
    const tokens = new ConsistencyTokens();
    tokens.remember('a@2');
    tokens.remember('a@1,b@3');
    const sent = tokens.pending();
    expect(ConsistencyTokens.header(sent)).toBe('a@2,b@3');
    tokens.remember('a@4');
    tokens.settled(sent);
    expect(ConsistencyTokens.header(tokens.pending())).toBe('a@4');
  });

  it('outlives a reload when given storage, and clears it once settled', () => {
    const storage = memoryStorage();
    const before = new ConsistencyTokens(storage);
    before.remember('user-1@7');
    const afterReload = new ConsistencyTokens(storage);
    const sent = afterReload.pending();
    expect(ConsistencyTokens.header(sent)).toBe('user-1@7');
    afterReload.settled(sent);
    expect(storage.items.size).toBe(0);
  });

  it('keeps each token whole, signature and all, as the server issued it (issue 14, finding 3)', () => {
    const signed = (text: string) => `${text}.AbCdEfGhIjKlMnOpQrSt_-`;
    const tokens = new ConsistencyTokens(memoryStorage());
    tokens.remember(`${signed('a@2')},${signed('b@1')}`);
    tokens.remember(signed('a@1'));
    expect(ConsistencyTokens.header(tokens.pending())).toBe(`${signed('a@2')},${signed('b@1')}`);
  });

  it('works in memory when storage throws', () => {
    const broken: TokenStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    const tokens = new ConsistencyTokens(broken);
    tokens.remember('x@1');
    expect(ConsistencyTokens.header(tokens.pending())).toBe('x@1');
  });
});
