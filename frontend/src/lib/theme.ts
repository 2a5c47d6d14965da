import { THEME_STORAGE_KEY, themeColors, themes } from '@careers/contracts/constants';

export type ThemePreference = (typeof themes)[number];
export type ResolvedTheme = Exclude<ThemePreference, 'system'>;

export const darkSchemeQuery = '(prefers-color-scheme: dark)';

/** Empty, missing or unknown values mean "follow the system". */
export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return themes.find((preference) => preference === value) ?? 'system';
}

export function readThemePreference(): ThemePreference {
  try {
    return parseThemePreference(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system'; // storage can be disabled (privacy modes); the system theme is a fine answer
  }
}

export function writeThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
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
  // Spec section 9, "Theme colours": also the browser chrome colour.
  meta.content = themeColors[theme];
}
