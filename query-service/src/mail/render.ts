import { notificationSettingLabels } from '@careers/contracts/constants';
import type { Notification } from '@careers/contracts/entities/notification';
import { type MailKind, mailSettingOf } from '@careers/contracts/mail';
import { mailMessages } from '@careers/contracts/messages';
import { notificationText, targetPath } from '@careers/contracts/notification-text';

/** One mail, ready for SMTP: both bodies and the links its headers carry. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** The one-click unsubscribe URL (RFC 8058: POSTed to by the mail client). */
  unsubscribePost: string;
}

export interface MailInput {
  kind: MailKind;
  firstName: string;
  notifications: readonly Notification[];
  /** Where the product is opened: every link starts with it. */
  publicUrl: string;
  /** The signed token of this person's unsubscribe from this kind. */
  unsubscribeToken: string;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Where the "see all" button leads for a kind. */
const overviewPath: Record<MailKind, string> = {
  connections: '/connections',
  applications: '/dashboard',
  messages: '/messages',
  job_alerts: '/jobs',
};

/**
 * A mail of a person's notifications of one kind: a line for each (the bell's words, linking where the
 * bell leads), a button to the screen they are on, and a footer saying why it came with a one-click
 * unsubscribe and a link to the settings. The HTML is in the product's look (its blue, its font
 * stack), one column, readable at 320 px, with a plain-text twin.
 */
export function renderMail(input: MailInput): RenderedMail {
  const base = input.publicUrl.replace(/\/+$/, '');
  const url = (path: string) => `${base}${path}`;
  const lines = input.notifications.map((n) => ({
    text: notificationText(n),
    href: url(targetPath(n.target)),
  }));
  const only = lines.length === 1 ? lines[0] : undefined;
  const subject = only ? only.text : mailMessages.subjects[input.kind](lines.length);
  const setting = notificationSettingLabels[mailSettingOf[input.kind]];
  const unsubscribePage = url(`/unsubscribe/${input.unsubscribeToken}`);
  const settings = url('/settings?tab=notifications');
  const overview = url(overviewPath[input.kind]);
  const greeting = mailMessages.greeting(input.firstName);
  const heading = mailMessages.headings[input.kind];
  const button = mailMessages.openAll[input.kind];

  const text = [
    greeting,
    '',
    heading,
    '',
    ...lines.flatMap((l) => [`- ${l.text}`, `  ${l.href}`]),
    '',
    `${button}: ${overview}`,
    '',
    '--',
    mailMessages.why(setting),
    `${mailMessages.unsubscribe}: ${unsubscribePage}`,
    `${mailMessages.manage}: ${settings}`,
    '',
  ].join('\n');

  const font = `font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;`;
  const items = lines
    .map(
      (
        l,
      ) => `<tr><td style="padding: 12px 0; border-bottom: 1px solid #e5e7eb; ${font} font-size: 16px; line-height: 24px; color: #111827;">
          <a href="${escapeHtml(l.href)}" style="color: #1d4ed8; text-decoration: underline;">${escapeHtml(l.text)}</a>
        </td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin: 0; padding: 0; background: #f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background: #f3f4f6;">
  <tr><td align="center" style="padding: 24px 12px;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width: 560px; background: #ffffff; border-radius: 8px;">
      <tr><td style="padding: 20px 24px; background: #1d4ed8; border-radius: 8px 8px 0 0; ${font} font-size: 20px; font-weight: 700; color: #ffffff;">${escapeHtml(mailMessages.productName)}</td></tr>
      <tr><td style="padding: 24px;">
        <p style="margin: 0 0 8px; ${font} font-size: 16px; color: #111827;">${escapeHtml(greeting)}</p>
        <h1 style="margin: 0 0 8px; ${font} font-size: 22px; line-height: 28px; color: #111827;">${escapeHtml(heading)}</h1>
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0">
        ${items}
        </table>
        <p style="margin: 24px 0 0;">
          <a href="${escapeHtml(overview)}" style="display: inline-block; padding: 12px 20px; background: #1d4ed8; color: #ffffff; border-radius: 6px; ${font} font-size: 16px; font-weight: 600; text-decoration: none;">${escapeHtml(button)}</a>
        </p>
      </td></tr>
      <tr><td style="padding: 16px 24px 24px; border-top: 1px solid #e5e7eb; ${font} font-size: 14px; line-height: 20px; color: #4b5563;">
        <p style="margin: 0 0 8px;">${escapeHtml(mailMessages.why(setting))}</p>
        <p style="margin: 0;">
          <a href="${escapeHtml(unsubscribePage)}" style="color: #1d4ed8; text-decoration: underline;">${escapeHtml(mailMessages.unsubscribe)}</a>
          &nbsp;·&nbsp;
          <a href="${escapeHtml(settings)}" style="color: #1d4ed8; text-decoration: underline;">${escapeHtml(mailMessages.manage)}</a>
        </p>
      </td></tr>
    </table>
  </td></tr>
</table>
</body>
</html>
`;
  return { subject, html, text, unsubscribePost: url(`/api/unsubscribe/${input.unsubscribeToken}`) };
}
