import type { ConversationSummary } from '@careers/contracts/entities/conversation';
import { messagingScreenMessages as texts } from '@careers/contracts/messages';
import { conversationPath } from '@careers/contracts/notification-text';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, initialsOf } from '../../../components/avatar';
import { ErrorCard } from '../../../components/error-card';
import { LoadMoreButton } from '../../../components/load-more-button';
import { LoadingState } from '../../../components/loading-state';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessageOf } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { conversationsOf, useConversations } from '../api/list-conversations';
import { nameOf } from './names';

/**
 * The reader's conversations, the latest changed first: the other person, the job when there is one,
 * the last message (or "Message deleted") and when, and how many of the other's messages are unread.
 * Pushes keep it current (live/use-live-messages.ts). `activeId` is the thread shown beside it.
 */
export function ConversationList({ activeId, viewerId }: { activeId: string | undefined; viewerId: string }) {
  const list = useConversations();
  const conversations = useMemo(() => conversationsOf(list.data), [list.data]);
  const now = useNow();
  return (
    <section className="conversation-pane" aria-labelledby="conversations-title">
      <h1 className="screen-title" id="conversations-title">
        {texts.title}
      </h1>
      {list.isPending ? <LoadingState /> : null}
      {list.isError ? (
        <ErrorCard
          title={texts.conversationsFailed}
          message={errorMessageOf(list.error, texts.conversationsFailed)}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data && conversations.length === 0 ? (
        <div className="card empty-state">
          <p>{texts.noConversations}</p>
          <p className="muted">{texts.noConversationsHint}</p>
        </div>
      ) : null}
      {conversations.length > 0 ? (
        <ul className="conversation-list" aria-label={texts.conversations}>
          {conversations.map((conversation) => (
            <li key={conversation._id}>
              <ConversationRow
                conversation={conversation}
                active={conversation._id === activeId}
                viewerId={viewerId}
                now={now}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMoreButton list={list} label={texts.moreConversations} />
    </section>
  );
}

/** What the row says of the last message: its text (the reader's own marked "You:"), or "Message deleted". */
function lastMessageText(conversation: ConversationSummary, viewerId: string): string {
  const last = conversation.lastMessage;
  if (!last) return texts.noMessagesYet;
  if (last.erased) return texts.messageDeleted;
  return last.senderId === viewerId ? texts.you(last.text) : last.text;
}

function ConversationRow({
  conversation,
  active,
  viewerId,
  now,
}: {
  conversation: ConversationSummary;
  active: boolean;
  viewerId: string;
  now: Date;
}) {
  const { other, job, lastMessage, unreadCount } = conversation;
  const name = nameOf(other);
  const unread = unreadCount > 0;
  const className = ['conversation-row', active ? 'active' : '', unread ? 'unread' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Link
      to={conversationPath(conversation._id)}
      className={className}
      aria-current={active ? 'page' : undefined}
    >
      <Avatar picture={other.profilePicture} name={name} initials={initialsOf(other)} size="small" />
      <span className="conversation-row-body">
        <span className="conversation-row-name" dir="auto">
          {name}
        </span>
        {job ? (
          <span className="conversation-row-job" dir="auto">
            {texts.aboutJob(job.title)}
          </span>
        ) : null}
        <span
          className={lastMessage?.erased ? 'conversation-row-last muted erased' : 'conversation-row-last'}
          dir="auto"
        >
          {lastMessageText(conversation, viewerId)}
        </span>
      </span>
      <span className="conversation-row-meta">
        {lastMessage ? <RelativeTime at={lastMessage.sentAt} now={now} /> : null}
        {unread ? (
          <>
            <span className="conversation-unread" aria-hidden="true">
              {texts.unreadBadge(unreadCount)}
            </span>
            <span className="visually-hidden">{texts.unreadSuffix(unreadCount)}</span>
          </>
        ) : null}
      </span>
    </Link>
  );
}
