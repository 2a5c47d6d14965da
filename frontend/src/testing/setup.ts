import { cleanup, configure } from '@testing-library/react';
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
