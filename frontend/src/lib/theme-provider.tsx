import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  applyTheme,
  darkSchemeQuery,
  type ResolvedTheme,
  readThemePreference,
  resolveTheme,
  systemPrefersDark,
  type ThemePreference,
  writeThemePreference,
} from './theme';

interface ThemeState {
  preference: ThemePreference;
  theme: ResolvedTheme;
  setPreference(preference: ThemePreference): void;
  /** The top bar's toggle: light <-> dark, starting from what is on screen. */
  toggle(): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function subscribeToSystemScheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(darkSchemeQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState(readThemePreference);
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark, () => false);
  const theme = resolveTheme(preference, prefersDark);

  useLayoutEffect(() => applyTheme(document, theme), [theme]);

  const setPreference = useCallback((next: ThemePreference) => {
    writeThemePreference(next);
    setPreferenceState(next);
  }, []);

  const value = useMemo<ThemeState>(
    () => ({
      preference,
      theme,
      setPreference,
      toggle: () => setPreference(theme === 'dark' ? 'light' : 'dark'),
    }),
    [preference, theme, setPreference],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme must be used inside <ThemeProvider>');
  return state;
}
