import type { User } from '@careers/contracts/entities/user';
import { accountMessages } from '@careers/contracts/messages';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type TabItem, Tabs } from '../../../components/tabs';
import { AccountTab } from './account-tab';
import { AppearanceTab } from './appearance-tab';
import { NotificationsTab } from './notifications-tab';
import { SecurityTab } from './security-tab';

type TabId = 'security' | 'notifications' | 'appearance' | 'account';

const tabs: ReadonlyArray<TabItem<TabId>> = [
  { id: 'security', label: 'Security' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'account', label: accountMessages.tabLabel },
];

const settingsTabClasses = { list: 'settings-tabs', tab: 'settings-tab', panel: 'card settings-panel' };

/**
 * Spec section 2, "Settings". Each tab keeps its own form and its own save message. Account (beyond the spec)
 * comes last: exporting and deleting are rare, and deleting cannot be undone. `?tab=` names the tab
 * shown first.
 */
export function SettingsScreen({ user }: { user: User }) {
  // `?tab=notifications` opens that tab (the mail's "Notification settings" link).
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<TabId>(
    () => tabs.find((tab) => tab.id === params.get('tab'))?.id ?? 'security',
  );
  return (
    <section className="screen">
      <h1 className="screen-title">Settings</h1>
      <div className="settings-layout">
        <Tabs<TabId>
          label="Settings"
          tabs={tabs}
          selected={selected}
          onSelect={setSelected}
          orientation="vertical"
          classNames={settingsTabClasses}
        >
          {selected === 'security' ? <SecurityTab /> : null}
          {selected === 'notifications' ? (
            <NotificationsTab initialSettings={user.notificationSettings} />
          ) : null}
          {selected === 'appearance' ? <AppearanceTab savedSettings={user.appearanceSettings} /> : null}
          {selected === 'account' ? <AccountTab /> : null}
        </Tabs>
      </div>
    </section>
  );
}
