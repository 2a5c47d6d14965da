import type { Notification } from '@careers/contracts/entities/notification';
import { notificationMessages, peopleText } from '@careers/contracts/messages';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, initialsOf } from '../../../components/avatar';
import { BellIcon } from '../../../components/icons';
import { RelativeTime } from '../../../components/relative-time';
import { notificationText, targetPath } from '../notification-text';

interface NotificationItemProps {
  notification: Notification;
  now: Date;
  /** The link was followed: mark it read (if it is not) and close the panel. */
  onFollow: (notification: Notification) => void;
  onMarkRead: (notification: Notification) => void;
}

/**
 * One notification: who (picture or initials of the latest person, or the bell for a notice that no one
 * made), what, when, as a link to what it is about. Unread ones are marked in words as well as by their
 * colour and dot, and offer "Mark as read" beside the link.
 */
export function NotificationItem({ notification, now, onFollow, onMarkRead }: NotificationItemProps) {
  const textId = useId();
  const text = notificationText(notification);
  const actor = notification.actors[0];
  const unread = !notification.read;
  return (
    <li className={unread ? 'notification-item notification-unread' : 'notification-item'}>
      <Link
        to={targetPath(notification.target)}
        className="notification-link"
        onClick={() => onFollow(notification)}
      >
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
            {text}
          </span>
          <RelativeTime at={notification.createdAt} now={now} />
        </span>
        {unread ? <span className="notification-dot" aria-hidden="true" /> : null}
      </Link>
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
