import type { Notification, NotificationActor } from '@careers/contracts/entities/notification';
import { peopleText } from '@careers/contracts/messages';
import { notificationLine } from '@careers/contracts/notification-text';

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
  const pieces = notificationLine(notification, peopleText(marked, notification.actorCount)).split(STAND_IN);
  const parts: NotificationTextPart[] = [];
  pieces.forEach((piece, index) => {
    // split() puts each captured index between the words around it.
    const person = index % 2 === 1 ? actors[Number(piece)] : undefined;
    if (person) parts.push({ text: `${person.firstName} ${person.lastName}`.trim(), person });
    else if (piece !== '') parts.push({ text: piece });
  });
  return parts;
}
