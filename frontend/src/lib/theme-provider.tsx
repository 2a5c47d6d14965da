import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
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
import { useSignedInUser } from './use-signed-in-user';

interface ThemeState {
  /** What the reader chose: the signed-in user's saved theme, else this device's stored one. */
  preference: ThemePreference;
  /** What is on screen: "system" resolved by the operating system's scheme. */
  theme: ResolvedTheme;
  /** Stores a preference on this device; while someone is signed in, their saved theme decides. */
  setPreference(preference: ThemePreference): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function subscribeToSystemScheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(darkSchemeQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * One theme state for the whole app. Signed in, it is the user's saved Appearance theme (the top bar's
 * toggle and the Appearance tab both change that one value), so it follows the person to every device;
 * signed out, and until the session check answers, it is the preference stored on this device under
 * "theme", else the system's. The stored value is kept equal to the user's, so the next visit starts
 * from it and the sign-in screen keeps it after signing out. "system" follows the operating system
 * while the page is open.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState(readThemePreference);
  const saved = useSignedInUser()?.appearanceSettings.theme ?? null;
  const preference = saved ?? stored;
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark, () => false);
  const theme = resolveTheme(preference, prefersDark);

  useLayoutEffect(() => applyTheme(document, theme), [theme]);

  const setPreference = useCallback((next: ThemePreference) => {
    writeThemePreference(next);
    setStored(next);
  }, []);

  useEffect(() => {
    if (saved !== null && saved !== stored) setPreference(saved);
  }, [saved, stored, setPreference]);

  const value = useMemo<ThemeState>(
    () => ({ preference, theme, setPreference }),
    [preference, theme, setPreference],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme must be used inside <ThemeProvider>');
  return state;
}
