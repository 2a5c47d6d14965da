import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, returnPathOf, returnToState } from './return-to';

describe('return after sign-in', () => {
  it('keeps the path, query and hash of the page asked for', () => {
    const state = returnToState({ pathname: '/jobs', search: '?search=rust', hash: '#top' });

    expect(state).toEqual({ returnTo: '/jobs?search=rust#top' });
    expect(returnPathOf(state)).toBe('/jobs?search=rust#top');
  });

  it.each([null, undefined, 'string', {}, { returnTo: 42 }, { from: '/settings' }])(
    'falls back to /dashboard for the state %j',
    (state) => {
      expect(returnPathOf(state)).toBe('/dashboard');
    },
  );

  it.each(['/settings', '/jobs?search=a%2F%2Fb', '/jobs/42', '/feed#post'])(
    'follows the same-origin path %s',
    (path) => {
      expect(isSafeReturnPath(path)).toBe(true);
      expect(returnPathOf({ returnTo: path })).toBe(path);
    },
  );

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'settings',
    '',
    '/login',
    '/register?x=1',
  ])('refuses %j and goes to /dashboard instead', (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
    expect(returnPathOf({ returnTo: path })).toBe('/dashboard');
  });
});
