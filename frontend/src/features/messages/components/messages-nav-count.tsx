import { messagingScreenMessages as texts } from '@careers/contracts/messages';
import { useSocketSettled } from '../../../lib/use-socket-settled';
import { useMessageUnreadCount } from '../api/get-unread-count';
import { useLiveMessages } from '../live/use-live-messages';

/**
 * The sidebar's Messages badge: how many conversations have unread messages, said as ", N unread" in
 * the link's name (the drawn number is hidden from screen readers). It is mounted for as long as
 * someone is signed in, so it carries messaging's realtime wiring too. Its first read waits for the
 * socket, as the bell's does (a message between the two would reach no one).
 */
export function MessagesNavCount() {
  useLiveMessages();
  const unread = useMessageUnreadCount(useSocketSettled());
  const count = unread.data ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span className="nav-count" aria-hidden="true">
        {texts.unreadBadge(count)}
      </span>
      <span className="visually-hidden">{texts.unreadSuffix(count)}</span>
    </>
  );
}
