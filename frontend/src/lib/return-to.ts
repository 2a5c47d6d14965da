/**
 * Where a visitor sent to sign in goes back to once signed in. The page asked for travels in the
 * history entry's state (`{ returnTo: '/settings?tab=security' }`), not in the URL; history state can
 * still be written by any script on the page, so it is read as untrusted input: only a path on this
 * site is followed, anything else falls back to the dashboard.
 */

export const defaultReturnPath = '/dashboard';

export interface ReturnToState {
  returnTo: string;
}

/** The state a redirect to /login carries: the path, query and hash of the page that was asked for. */
export function returnToState(location: { pathname: string; search: string; hash: string }): ReturnToState {
  return { returnTo: `${location.pathname}${location.search}${location.hash}` };
}

// Sending a visitor back to the sign-in screens after signing in would loop.
const authPaths = new Set(['/login', '/register']);
const probeOrigin = 'https://return-to.invalid';

/**
 * A same-origin path: one leading `/` (`//host` and `/\host` are other sites to a browser), no control
 * characters (a browser drops tabs and newlines, so `/\t/host` would become `//host`), and still on
 * this origin once resolved as a URL.
 */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  for (const char of path) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return false;
  }
  let url: URL;
  try {
    url = new URL(path, probeOrigin);
  } catch {
    return false;
  }
  return url.origin === probeOrigin && !authPaths.has(url.pathname);
}

/** The page to land on after signing in or registering, from the current history entry's state. */
export function returnPathOf(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return defaultReturnPath;
  const { returnTo } = state;
  return typeof returnTo === 'string' && isSafeReturnPath(returnTo) ? returnTo : defaultReturnPath;
}
