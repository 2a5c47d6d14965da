import { z } from 'zod';
import { notificationSettingLabels } from '../constants.ts';
import { settingsMessages } from '../messages.ts';

function toggle(label: string) {
  return z.boolean({ error: settingsMessages.notificationSettingInvalid(label) });
}

/** The six notification toggles of the settings screen. */
export const NotificationSettings = z.object({
  emailNotifications: toggle(notificationSettingLabels.emailNotifications),
  pushNotifications: toggle(notificationSettingLabels.pushNotifications),
  jobAlerts: toggle(notificationSettingLabels.jobAlerts),
  connectionRequests: toggle(notificationSettingLabels.connectionRequests),
  applicationUpdates: toggle(notificationSettingLabels.applicationUpdates),
  marketingEmails: toggle(notificationSettingLabels.marketingEmails),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
