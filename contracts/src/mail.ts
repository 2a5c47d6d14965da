import { z } from 'zod';
import type { timezones } from './constants.ts';
import type { NotificationSettings } from './entities/notification-settings.ts';
import { mailMessages } from './messages.ts';

/**
 * The kinds of email the product sends (beyond the spec), each answering to one of the notification
 * toggles: turning that toggle off (in Settings, or by the mail's one-click unsubscribe) stops it. All
 * of them also need `emailNotifications` on; messages answer to that toggle alone.
 */
export const mailKinds = ['connections', 'applications', 'messages', 'job_alerts'] as const;
export const MailKind = z.enum(mailKinds);
export type MailKind = z.infer<typeof MailKind>;

export const mailSettingOf = {
  connections: 'connectionRequests',
  applications: 'applicationUpdates',
  messages: 'emailNotifications',
  job_alerts: 'jobAlerts',
} as const satisfies Record<MailKind, keyof NotificationSettings>;

/** How a person wants job alerts mailed: each as it comes (within the burst window), or once a day. */
export const jobAlertEmailChoices = ['instant', 'daily'] as const;
export const JobAlertEmails = z.enum(jobAlertEmailChoices);
export type JobAlertEmails = z.infer<typeof JobAlertEmails>;
/** The mail choices beyond the six toggles (GET and PUT /users/mail-preferences). */
export const MailPreferences = z.strictObject({
  jobAlertEmails: z.enum(jobAlertEmailChoices, { error: mailMessages.preferences.invalid }),
});
export type MailPreferences = z.infer<typeof MailPreferences>;

/** Until a person chooses: a digest, so a busy day of new jobs is one mail. */
export const defaultJobAlertEmails: JobAlertEmails = 'daily';

/** The local hour a daily digest of job alerts goes out at, in the person's time zone. */
export const DAILY_DIGEST_HOUR = 8;

/**
 * The zone each of the spec's timezone choices means on a clock: the US zones, with their summer time
 * (the spec's EST, CST, MST, PST name the zones, not fixed offsets).
 */
export const clockZoneOf = {
  UTC: 'UTC',
  EST: 'America/New_York',
  CST: 'America/Chicago',
  MST: 'America/Denver',
  PST: 'America/Los_Angeles',
} as const satisfies Record<(typeof timezones)[number], string>;

/**
 * An unsubscribe link's token: `<userId>~<kind>~<signature>`, the signature 128 bits of an HMAC-SHA256
 * of the rest with the services' UNSUBSCRIBE_SECRET, base64url (service-kit/src/unsubscribe.ts). The
 * person and kind are readable, so the page can say what it turns off. No dot: the edge answers a path
 * ending in `.<letters>` as a missing file, not with the app.
 */
export const UnsubscribePayload = z.strictObject({ u: z.string().min(1).max(64), k: MailKind });
export type UnsubscribePayload = z.infer<typeof UnsubscribePayload>;

/** The person and kind a token names, unverified (the page's text); null when it is not one. */
export function unsubscribePayloadOf(token: string): UnsubscribePayload | null {
  const parts = token.split('~');
  if (parts.length !== 3 || token.length > 200) return null;
  const [u, k, signature] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{22}$/.test(signature)) return null;
  const parsed = UnsubscribePayload.safeParse({ u, k });
  return parsed.success ? parsed.data : null;
}
