import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installMatchMedia } from './match-media';

// Component tests have no realtime-gateway to talk to; the socket is a silent stand-in.
vi.mock('../lib/socket', () => ({
  getSocket: () => ({ connect: () => undefined, disconnect: () => undefined }),
}));

// The edge tests run in the node environment (no DOM); everything below is for the jsdom ones.
const hasDom = typeof window !== 'undefined';

beforeEach(() => {
  if (hasDom) installMatchMedia({ prefersDark: false });
});

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
  for (const meta of document.head.querySelectorAll('meta[name="theme-color"]')) meta.remove();
});
