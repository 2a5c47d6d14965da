import { notificationMessages } from '@careers/contracts/messages';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '../../../components/icons';
import { useSocketSettled } from '../../../lib/use-socket-settled';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationsRead } from '../api/mark-read';
import { useLiveNotifications } from '../live/use-live-notifications';
import { NotificationPanel } from './notification-panel';

/** Past this the badge reads "99+" (the bell's accessible name keeps the exact number). */
const BADGE_MAX = 99;

/**
 * The top bar's bell (beyond the spec, whose bell has no behaviour): the unread count as a badge and in
 * the button's name, and the panel it opens. The count follows the notifications:changed push at once.
 * A click outside, or Tab out of it, closes the panel and leaves the focus where it went.
 */
export function NotificationBell() {
  useLiveNotifications();
  // The first count is read once the socket is in its rooms: read before, it would be read again on
  // the connect (use-live-notifications), since a notification between the two reached no one.
  const unread = useUnreadCount(useSocketSettled());
  const mark = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const count = unread.data ?? 0;

  // A rise is said aloud (politely) once the first count is known; a name change alone is not announced.
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread.data === undefined) return;
    if (previous.current !== undefined && unread.data > previous.current) {
      setAnnouncement(notificationMessages.bellLabel(unread.data));
    }
    previous.current = unread.data;
  }, [unread.data]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Tabbing out of the panel closes it, as a click outside does; the focus goes on where Tab took it.
  useEffect(() => {
    const element = root.current;
    if (!open || !element) return;
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !element.contains(next)) setOpen(false);
    };
    element.addEventListener('focusout', onFocusOut);
    return () => element.removeEventListener('focusout', onFocusOut);
  }, [open]);

  return (
    <div className="notification-bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button bell-button"
        aria-label={notificationMessages.bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <BellIcon />
        {count > 0 ? (
          <span className="bell-count" aria-hidden="true">
            {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
          </span>
        ) : null}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
      {open ? <NotificationPanel id={panelId} onClose={close} mark={mark} /> : null}
    </div>
  );
}
