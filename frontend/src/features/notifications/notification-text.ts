import type {
  Notification,
  NotificationActor,
  NotificationTarget,
} from '@careers/contracts/entities/notification';
import { messagingScreenMessages, notificationMessages, peopleText } from '@careers/contracts/messages';
import { conversationPath } from '../messages/paths';

/**
 * What stands in for a job's title or company the read model does not hold (a job made before titles
 * were kept): the spec's own fallback for a missing company, and a plain phrase for a title.
 */
const fallbacks = { jobTitle: 'a job', company: 'Company' } as const;

/** The line a notification shows: "Ada Lovelace and 4 others liked your post". */
export function notificationText(notification: Notification): string {
  return lineOf(notification, peopleText(notification.actors, notification.actorCount));
}

/** A piece of a notification's line: words, or a person it names (whose name links to their profile). */
export type NotificationTextPart =
  | { text: string; person?: undefined }
  | { text: string; person: NotificationActor };

/** Where the line says a person's name, while it is cut into parts: a mark no name is written with. */
const standIn = (index: number) => `\uE000${index}\uE001`;
const STAND_IN = /\uE000(\d+)\uE001/;

/**
 * The line of `notificationText` cut into words and the people it names, each name where the line
 * says it ("Ada Lovelace", " and ", "Bob Babbage", " liked your post"), so each can link to its person.
 * The parts' texts make up the line.
 */
export function notificationParts(notification: Notification): NotificationTextPart[] {
  const { actors } = notification;
  const marked = actors.map((_, index) => ({ firstName: standIn(index), lastName: '' }));
  const pieces = lineOf(notification, peopleText(marked, notification.actorCount)).split(STAND_IN);
  const parts: NotificationTextPart[] = [];
  pieces.forEach((piece, index) => {
    // split() puts each captured index between the words around it.
    const person = index % 2 === 1 ? actors[Number(piece)] : undefined;
    if (person) parts.push({ text: `${person.firstName} ${person.lastName}`.trim(), person });
    else if (piece !== '') parts.push({ text: piece });
  });
  return parts;
}

/** The line of a notification, `who` standing for its people. */
function lineOf(notification: Notification, who: string): string {
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
