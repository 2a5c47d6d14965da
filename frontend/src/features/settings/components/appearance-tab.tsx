import { languageLabels, languages, themes, timezones } from '@careers/contracts/constants';
import type { AppearanceSettings } from '@careers/contracts/entities/appearance-settings';
import { settingsMessages } from '@careers/contracts/messages';
import { useState } from 'react';
import { SelectField } from '../../../components/select-field';
import { useTheme } from '../../../lib/theme-provider';
import { useUpdateAppearance } from '../api/update-appearance';
import { forgetOutcome, SettingsForm, saveText } from './settings-form';

const themeLabels = { light: 'Light', dark: 'Dark', system: 'System' } as const;
const themeOptions = themes.map((value) => ({ value, label: themeLabels[value] }));
const languageOptions = languages.map((value) => ({ value, label: languageLabels[value] }));
const timezoneOptions = timezones.map((value) => ({ value, label: value }));

/** Theme, language and timezone. A saved theme is applied on this device too. */
export function AppearanceTab({ initialSettings }: { initialSettings: AppearanceSettings }) {
  const [settings, setSettings] = useState(initialSettings);
  const { setPreference } = useTheme();
  const save = useUpdateAppearance((saved) => setPreference(saved.theme));

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
