import { vi } from 'vitest';

export interface FakeColorScheme {
  /** Flips the operating system's dark mode and tells every listener, as a browser would. */
  setPrefersDark(prefersDark: boolean): void;
}

/** jsdom has no matchMedia; this one answers `(prefers-color-scheme: dark)` and can change. */
export function installMatchMedia({ prefersDark }: { prefersDark: boolean }): FakeColorScheme {
  let dark = prefersDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const matchMedia = (query: string): MediaQueryList => {
    const isDarkQuery = query.includes('prefers-color-scheme: dark');
    const list = {
      get matches() {
        return isDarkQuery && dark;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    };
    return list as unknown as MediaQueryList;
  };
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    setPrefersDark(next) {
      dark = next;
      for (const listener of listeners)
        listener({ matches: next, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
    },
  };
}
