import type { Notification, NotificationTarget } from './entities/notification.ts';
import { messagingScreenMessages, notificationMessages, peopleText } from './messages.ts';

/**
 * A notification's words and where it leads, shared by the bell (frontend) and the mail sender
 * (query-service/src/mail/), so both say the same.
 */

/**
 * What stands in for a job's title or company the read model does not hold (a job made before titles
 * were kept): the spec's own fallback for a missing company, and a plain phrase for a title.
 */
const fallbacks = { jobTitle: 'a job', company: 'Company' } as const;

/** The line a notification shows: "Ada Lovelace and 4 others liked your post". */
export function notificationText(notification: Notification): string {
  return notificationLine(notification, peopleText(notification.actors, notification.actorCount));
}

/** The line of a notification, `who` standing for its people. */
export function notificationLine(notification: Notification, who: string): string {
  const jobTitle = notification.jobTitle?.trim() || fallbacks.jobTitle;
  const text = notificationMessages.text;
  switch (notification.kind) {
    case 'connection_request':
      return text.connection_request(who);
    case 'connection_accepted':
      return text.connection_accepted(who);
    case 'new_application':
      return text.new_application(who, jobTitle);
    case 'application_status':
      return text.application_status(jobTitle, notification.status ?? '');
    case 'post_comment':
      return text.post_comment(who, notification.excerpt ?? '');
    case 'post_likes':
      return text.post_likes(who);
    case 'job_alert':
      return text.job_alert(jobTitle, notification.company?.trim() || fallbacks.company);
    case 'new_message':
      return messagingScreenMessages.newMessageNotification(who);
  }
}

/** The conversation list. */
export const messagesPath = '/messages';

/** One conversation's thread (beside the list on a wide screen). */
export function conversationPath(conversationId: string): string {
  return `${messagesPath}/${encodeURIComponent(conversationId)}`;
}

/**
 * Where a notification leads. A post has no page of its own, so it opens the feed; a request opens the
 * Connections screen on the tab that holds it, keyed in the URL as that screen keys it.
 */
export function targetPath(target: NotificationTarget): string {
  switch (target.type) {
    case 'post':
      return '/feed';
    case 'job':
      return `/jobs/${encodeURIComponent(target.jobId)}`;
    case 'application':
      return '/applications';
    case 'job_applicants':
      return `/jobs/${encodeURIComponent(target.jobId)}/applicants`;
    case 'connections':
      return target.tab === 'pending' ? '/connections?tab=pending' : '/connections';
    case 'conversation':
      return conversationPath(target.conversationId);
  }
}
