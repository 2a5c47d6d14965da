import type { User } from '@careers/contracts/entities/user';
import { useState } from 'react';
import { AppearanceTab } from './appearance-tab';
import { NotificationsTab } from './notifications-tab';
import { SecurityTab } from './security-tab';
import { type SettingsTab, SettingsTabs } from './settings-tabs';

type TabId = 'security' | 'notifications' | 'appearance';

const tabs: ReadonlyArray<SettingsTab<TabId>> = [
  { id: 'security', label: 'Security' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'appearance', label: 'Appearance' },
];

/** Spec section 2, "Settings". Each tab keeps its own form and its own save message. */
export function SettingsScreen({ user }: { user: User }) {
  const [selected, setSelected] = useState<TabId>('security');
  return (
    <section className="screen">
      <h1 className="screen-title">Settings</h1>
      <SettingsTabs<TabId> label="Settings" tabs={tabs} selected={selected} onSelect={setSelected}>
        {selected === 'security' ? <SecurityTab /> : null}
        {selected === 'notifications' ? (
          <NotificationsTab initialSettings={user.notificationSettings} />
        ) : null}
        {selected === 'appearance' ? <AppearanceTab savedSettings={user.appearanceSettings} /> : null}
      </SettingsTabs>
    </section>
  );
}
