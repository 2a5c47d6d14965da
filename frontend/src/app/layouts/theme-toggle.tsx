import { MoonIcon, SunIcon } from '../../components/icons';
import { useSaveTheme } from '../../features/settings/api/update-appearance';
import { useTheme } from '../../lib/theme-provider';

/**
 * Spec: the toggle switches between light and dark, starting from what is on screen. The choice is
 * the signed-in user's Appearance theme, saved like the Appearance tab saves it, so both always show
 * the same theme and it follows the person to other devices.
 */
export function ThemeToggle() {
  const { theme, setPreference } = useTheme();
  const saveTheme = useSaveTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => {
        if (!saveTheme(next)) setPreference(next);
      }}
      aria-label={`Switch to ${next} theme`}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
