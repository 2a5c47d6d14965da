import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeSocket } from './fake-socket';
import { installMatchMedia } from './match-media';

// Component tests have no realtime-gateway to talk to; the socket is a fake a test can drive.
vi.mock('../lib/socket', async () => {
  const { fakeSocket } = await import('./fake-socket');
  return { getSocket: () => fakeSocket };
});

// findBy* and waitFor wait up to 5 s rather than 1: a passing check answers as soon as it holds, and
// the whole suite runs several files at once on two cores, where a render can take over a second.
configure({ asyncUtilTimeout: 5_000 });

// React's development build records an owner stack for each element it creates (an Error and a
// console task: about 7 µs, 8% of a component test's CPU), up to 10,000 between two renders. The
// tests read no owner stacks, so the count is held past that limit: elements take the shared one.
const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (internals && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e9, set: () => {} });
}

// The edge tests run in the node environment (no DOM); everything below is for the jsdom ones.
const hasDom = typeof window !== 'undefined';

beforeEach(() => {
  if (hasDom) installMatchMedia({ prefersDark: false });
});

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  fakeSocket.reset();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
  for (const meta of document.head.querySelectorAll('meta[name="theme-color"]')) meta.remove();
});
