/** Spec: the theme preference is stored locally under the key `theme`. */
export const themeStorageKey = 'theme';

export const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type ResolvedTheme = Exclude<ThemePreference, 'system'>;

/** Spec section 9, "Theme colours"; also the browser chrome colour (meta theme-color). */
export const themeColors: Record<ResolvedTheme, string> = { dark: '#0f0f23', light: '#ffffff' };

export const darkSchemeQuery = '(prefers-color-scheme: dark)';

/** Empty, missing or unknown values mean "follow the system". */
export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return themePreferences.find((preference) => preference === value) ?? 'system';
}

export function readThemePreference(): ThemePreference {
  try {
    return parseThemePreference(window.localStorage.getItem(themeStorageKey));
  } catch {
    return 'system'; // storage can be disabled (privacy modes); the system theme is a fine answer
  }
}

export function writeThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(themeStorageKey, preference);
  } catch {
    // Not persisted, but the page still switches.
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkSchemeQuery).matches;
}

export function resolveTheme(preference: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return prefersDark ? 'dark' : 'light';
  return preference;
}

/** Sets `<html data-theme>` and the meta theme-color (creating the tag when the page lacks it). */
export function applyTheme(doc: Document, theme: ResolvedTheme): void {
  doc.documentElement.dataset.theme = theme;
  doc.documentElement.style.colorScheme = theme;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.append(meta);
  }
  meta.content = themeColors[theme];
}
