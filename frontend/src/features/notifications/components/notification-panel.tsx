import type { Notification } from '@careers/contracts/entities/notification';
import { notificationMessages, screenMessages } from '@careers/contracts/messages';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { CloseIcon } from '../../../components/icons';
import { LoadingState } from '../../../components/loading-state';
import { TryAgainButton } from '../../../components/try-again-button';
import { errorMessageOf } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useUnreadCount } from '../api/get-unread-count';
import { notificationsOf, useNotificationList } from '../api/list-notifications';
import type { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

interface NotificationPanelProps {
  id: string;
  /** Closes the panel; `returnFocus` puts the focus back on the bell (not when a link was followed). */
  onClose: (returnFocus: boolean) => void;
  mark: ReturnType<typeof useMarkNotificationsRead>;
}

/**
 * The panel behind the bell: a non-modal dialog, newest first, a page at a time. The focus goes to its
 * title on opening, so a screen reader names it and Tab walks its items; Escape and the close button put
 * the focus back on the bell.
 */
export function NotificationPanel({ id, onClose, mark }: NotificationPanelProps) {
  const list = useNotificationList();
  const unread = useUnreadCount();
  const notifications = notificationsOf(list.data);
  const now = useNow();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    title.current?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose(true);
  }

  function follow(notification: Notification) {
    if (!notification.read) mark.mutate({ notificationIds: [notification._id] });
    onClose(false);
  }

  function markOne(notification: Notification) {
    mark.mutate({ notificationIds: [notification._id] });
    // The button goes with the mark: the focus stays in the panel rather than falling to the page.
    title.current?.focus();
  }

  const anyUnread = (unread.data ?? 0) > 0 || notifications.some((notification) => !notification.read);

  return (
    <div id={id} className="notification-panel" role="dialog" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="notification-panel-header">
        <h2 className="notification-panel-title" id={titleId} ref={title} tabIndex={-1}>
          {notificationMessages.panelTitle}
        </h2>
        <button
          type="button"
          className="button button-ghost notification-mark-all"
          onClick={() => mark.mutate({ all: true })}
          disabled={!anyUnread}
        >
          {notificationMessages.markAllRead}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Close notifications"
          onClick={() => onClose(true)}
        >
          <CloseIcon />
        </button>
      </div>
      {mark.isError ? (
        <p className="card-error notification-panel-message" role="alert">
          {errorMessageOf(mark.error, notificationMessages.markFailed)}
        </p>
      ) : null}
      <div className="notification-panel-body">
        {list.isPending ? <LoadingState /> : null}
        {list.isError && !list.data ? (
          <div className="card-error-block notification-panel-message">
            <p className="card-error" role="alert">
              {errorMessageOf(list.error, notificationMessages.fetchFailed)}
            </p>
            <TryAgainButton
              className="button button-ghost"
              retrying={list.isFetching}
              onRetry={() => void list.refetch()}
            />
          </div>
        ) : null}
        {list.data && notifications.length === 0 ? (
          <p className="notification-empty">{notificationMessages.empty}</p>
        ) : null}
        {notifications.length > 0 ? (
          <ul className="notification-list" aria-labelledby={titleId}>
            {notifications.map((notification) => (
              <NotificationItem
                key={notification._id}
                notification={notification}
                now={now}
                onFollow={follow}
                onMarkRead={markOne}
              />
            ))}
          </ul>
        ) : null}
        {list.hasNextPage ? (
          <button
            type="button"
            className="button button-ghost notification-load-more"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? screenMessages.loading : notificationMessages.loadMore}
          </button>
        ) : null}
      </div>
    </div>
  );
}
