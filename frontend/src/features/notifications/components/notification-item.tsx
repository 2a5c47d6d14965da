import type { Notification } from '@careers/contracts/entities/notification';
import { notificationMessages, peopleText } from '@careers/contracts/messages';
import { notificationText, targetPath } from '@careers/contracts/notification-text';
import { Fragment, useId } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, initialsOf } from '../../../components/avatar';
import { BellIcon } from '../../../components/icons';
import { PersonLink } from '../../../components/person-link';
import { RelativeTime } from '../../../components/relative-time';
import { notificationParts } from '../notification-text';

interface NotificationItemProps {
  notification: Notification;
  now: Date;
  /** A link was followed (to its target or a person's profile): mark it read (if it is not), close the panel. */
  onFollow: (notification: Notification) => void;
  onMarkRead: (notification: Notification) => void;
}

/**
 * One notification: who (picture or initials of the latest person, or the bell for a notice that no one
 * made), what, when. The line leads to what it is about: its words are a link there that covers the
 * whole row (`notification-target`), named by the whole line as written (a name made of the parts
 * loses the spaces at their edges in some readers). The names of the people in it are links of their
 * own to their profiles, above it (a link cannot hold another). Unread ones are marked in words as well
 * as by their colour and dot, and offer "Mark as read" beside the link.
 */
export function NotificationItem({ notification, now, onFollow, onMarkRead }: NotificationItemProps) {
  const textId = useId();
  const parts = notificationParts(notification);
  // The words after the last name (all of them when nobody is named) are the link to the target.
  const lastPerson = parts.findLastIndex((part) => part.person !== undefined);
  const before = parts.slice(0, lastPerson + 1);
  const words = parts
    .slice(lastPerson + 1)
    .map((part) => part.text)
    .join('');
  const actor = notification.actors[0];
  const unread = !notification.read;
  return (
    <li className={unread ? 'notification-item notification-unread' : 'notification-item'}>
      <div className="notification-link">
        {/* The people are named in the text beside the picture, so it is not read out twice. */}
        <span className="notification-avatar" aria-hidden="true">
          {actor ? (
            <Avatar
              picture={actor.profilePicture}
              name={peopleText([actor], 1)}
              initials={initialsOf(actor)}
              size="small"
            />
          ) : (
            <span className="avatar avatar-small notification-icon">
              <BellIcon />
            </span>
          )}
        </span>
        <span className="notification-body">
          <span className="notification-text" id={textId}>
            {unread ? <span className="visually-hidden">Unread: </span> : null}
            {before.map((part, index) =>
              part.person ? (
                <PersonLink
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts are the line's, in its order
                  key={index}
                  id={part.person._id}
                  name={part.text}
                  className="notification-person"
                  onClick={() => onFollow(notification)}
                />
              ) : (
                // Bare text, so the spaces around the names are part of the line's name.
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <Fragment key={index}>{part.text}</Fragment>
              ),
            )}
            <Link
              to={targetPath(notification.target)}
              className="notification-target"
              aria-label={`${unread ? 'Unread: ' : ''}${notificationText(notification)}`}
              onClick={() => onFollow(notification)}
            >
              {words}
            </Link>
          </span>
          <RelativeTime at={notification.createdAt} now={now} />
        </span>
        {unread ? <span className="notification-dot" aria-hidden="true" /> : null}
      </div>
      {unread ? (
        <button
          type="button"
          className="notification-mark"
          aria-describedby={textId}
          onClick={() => onMarkRead(notification)}
        >
          {notificationMessages.markRead}
        </button>
      ) : null}
    </li>
  );
}
