import { languageLabels, languages, themes, timezones } from '@careers/contracts/constants';
import type { AppearanceSettings } from '@careers/contracts/entities/appearance-settings';
import { appearanceMessages, settingsMessages } from '@careers/contracts/messages';
import { useState } from 'react';
import { SelectField } from '../../../components/select-field';
import { useUpdateAppearance } from '../api/update-appearance';
import { forgetOutcome, SettingsForm, saveText } from './settings-form';

const themeLabels = { light: 'Light', dark: 'Dark', system: 'System' } as const;
const themeOptions = themes.map((value) => ({ value, label: themeLabels[value] }));
const languageOptions = languages.map((value) => ({ value, label: languageLabels[value] }));
const timezoneOptions = timezones.map((value) => ({ value, label: value }));

/**
 * Theme, language and timezone, starting from the signed-in user's saved settings. A saved theme is the
 * one on screen (the theme provider follows the user's saved theme). The top bar's toggle saves the
 * theme too: when it does, the Theme field shows the new theme, in place of a choice not yet saved.
 */
export function AppearanceTab({ savedSettings }: { savedSettings: AppearanceSettings }) {
  const [settings, setSettings] = useState(savedSettings);
  const [savedTheme, setSavedTheme] = useState(savedSettings.theme);
  if (savedSettings.theme !== savedTheme) {
    setSavedTheme(savedSettings.theme);
    setSettings({ ...settings, theme: savedSettings.theme });
  }
  const save = useUpdateAppearance();

  function choose<Key extends keyof AppearanceSettings>(key: Key, value: AppearanceSettings[Key] | '') {
    if (value === '') return;
    setSettings((current) => ({ ...current, [key]: value }));
    forgetOutcome(save);
  }

  return (
    <SettingsForm
      title="Appearance"
      status={save.status}
      outcome={{
        success: settingsMessages.appearanceUpdated,
        failure: settingsMessages.appearanceUpdateFailed,
      }}
      submitText={saveText}
      onSubmit={() => save.mutate(settings)}
    >
      <SelectField
        name="theme"
        label="Theme"
        options={themeOptions}
        value={settings.theme}
        onChange={(value) => choose('theme', value)}
      />
      <SelectField
        name="language"
        label="Language"
        options={languageOptions}
        value={settings.language}
        onChange={(value) => choose('language', value)}
        hint={appearanceMessages.languageNote}
      />
      <SelectField
        name="timezone"
        label="Timezone"
        options={timezoneOptions}
        value={settings.timezone}
        onChange={(value) => choose('timezone', value)}
      />
    </SettingsForm>
  );
}
