import { notificationSettingKeys, notificationSettingLabels } from '@careers/contracts/constants';
import type { NotificationSettings } from '@careers/contracts/entities/notification-settings';
import { settingsMessages } from '@careers/contracts/messages';
import { useState } from 'react';
import { useUpdateNotifications } from '../api/update-notifications';
import { JobAlertEmails } from './job-alert-emails';
import { forgetOutcome, SettingsForm, saveText } from './settings-form';

/**
 * The six toggles, starting from the user's saved settings (the server fills in the defaults), and
 * below them how job alerts are mailed (saved on its own).
 */
export function NotificationsTab({ initialSettings }: { initialSettings: NotificationSettings }) {
  const [settings, setSettings] = useState(initialSettings);
  const save = useUpdateNotifications();

  function toggle(key: keyof NotificationSettings, on: boolean) {
    setSettings((current) => ({ ...current, [key]: on }));
    forgetOutcome(save);
  }

  return (
    <>
      <SettingsForm
        title="Notification preferences"
        status={save.status}
        outcome={{
          success: settingsMessages.notificationsUpdated,
          failure: settingsMessages.notificationsUpdateFailed,
        }}
        submitText={saveText}
        onSubmit={() => save.mutate(settings)}
      >
        <ul className="toggle-list">
          {notificationSettingKeys.map((key) => (
            <li key={key}>
              <label className="toggle-row">
                <span>{notificationSettingLabels[key]}</span>
                <input
                  type="checkbox"
                  role="switch"
                  className="switch"
                  name={key}
                  checked={settings[key]}
                  aria-checked={settings[key]}
                  onChange={(event) => toggle(key, event.target.checked)}
                />
              </label>
            </li>
          ))}
        </ul>
      </SettingsForm>
      <JobAlertEmails />
    </>
  );
}
