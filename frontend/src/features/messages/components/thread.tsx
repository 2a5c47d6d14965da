import type { ConversationSummary, Message } from '@careers/contracts/entities/conversation';
import { messagingMessages, messagingScreenMessages as texts } from '@careers/contracts/messages';
import { messagesPath } from '@careers/contracts/notification-text';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, initialsOf } from '../../../components/avatar';
import { ErrorCard } from '../../../components/error-card';
import { LoadingState } from '../../../components/loading-state';
import { PersonLink } from '../../../components/person-link';
import { RelativeTime } from '../../../components/relative-time';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useThread } from '../api/get-thread';
import { conversationOf, messagesOf } from '../api/message-cache';
import { useMarkRead } from '../api/use-mark-read';
import { type PendingSend, useSends } from '../api/use-sends';
import { useOtherTyping, useTypingSignal } from '../live/use-typing';
import { BlockAction } from './block-action';
import { Composer } from './composer';
import { nameOf } from './names';

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** How close to the bottom (px) the reader counts as following the conversation: new messages scroll it. */
const FOLLOW_SLACK = 80;

/**
 * One conversation: the other person (a link to their profile) and the job it is about, the messages
 * oldest at the top (earlier ones a button away, the reading place kept as they come in above), the
 * reader's own on the other side with "Seen" under the last one the other has read, "… is typing"
 * while they are, and the composer, or why there is none (blocked, or no longer allowed to write).
 */
export function Thread({ conversationId, viewerId }: { conversationId: string; viewerId: string }) {
  const thread = useThread(conversationId);
  const conversation = conversationOf(thread.data);
  const messages = useMemo(() => messagesOf(thread.data), [thread.data]);
  const sends = useSends(conversationId);
  const typingSignal = useTypingSignal(conversationId);
  const typing = useOtherTyping(conversationId, conversation?.other._id);
  useMarkRead(conversationId, conversation, messages, viewerId);
  const now = useNow();

  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  /** Distance from the bottom before earlier messages were asked for: kept once they are in. */
  const fromBottom = useRef<number | null>(null);
  const pageCount = thread.data?.pages.length ?? 0;
  const newestId = messages.at(-1)?._id;

  // Earlier messages came in above: the reader stays where they were reading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a page is added.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || fromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [pageCount]);

  // A new message (or one being sent) at the bottom: shown, if the reader was at the bottom already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [newestId, sends.pending.length, typing]);

  if (thread.isPending) return <LoadingState />;
  // One answer for a conversation that does not exist and one the reader is not in.
  if (isNotFound(thread.error)) {
    return (
      <div className="thread card empty-state">
        <h2 className="section-title">{messagingMessages.conversationNotFound}</h2>
        <BackLink />
      </div>
    );
  }
  if (thread.isError || !conversation) {
    return (
      <div className="thread">
        <BackLink />
        <ErrorCard
          title={texts.threadFailed}
          message={errorMessageOf(thread.error, texts.threadFailed)}
          retrying={thread.isFetching}
          onRetry={() => void thread.refetch()}
        />
      </div>
    );
  }

  const name = nameOf(conversation.other);
  function loadEarlier() {
    const element = scroller.current;
    if (element) fromBottom.current = element.scrollHeight - element.scrollTop;
    void thread.fetchNextPage();
  }

  return (
    <section className="thread" aria-label={texts.threadLabel(name)}>
      <ThreadHeader conversation={conversation} name={name} />
      <div
        className="thread-messages"
        ref={scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK;
        }}
      >
        {thread.hasNextPage ? (
          <button
            type="button"
            className="button button-ghost load-earlier"
            disabled={thread.isFetchingNextPage}
            onClick={loadEarlier}
          >
            {thread.isFetchingNextPage ? texts.loadingEarlier : texts.loadEarlier}
          </button>
        ) : null}
        {messages.length === 0 && sends.pending.length === 0 ? (
          <p className="muted thread-empty">{texts.noMessagesYet}</p>
        ) : null}
        <ol className="message-list">
          {messages.map((message) => (
            <MessageItem
              key={message._id}
              message={message}
              own={message.senderId === viewerId}
              otherName={name}
              seen={message._id === conversation.seenUpTo}
              now={now}
            />
          ))}
          {sends.pending.map((send) => (
            <PendingItem key={send.key} send={send} onRetry={() => sends.retry(send.key)} />
          ))}
        </ol>
        <p className="typing-note" aria-live="polite">
          {typing ? texts.typing(conversation.other.firstName || name) : ''}
        </p>
      </div>
      {conversation.canWrite ? (
        <Composer
          name={name}
          onType={typingSignal.typed}
          onSend={(text) => {
            typingSignal.sent();
            following.current = true;
            sends.send(text);
          }}
        />
      ) : (
        <CannotWrite conversation={conversation} name={name} />
      )}
    </section>
  );
}

/** Phones show the list and the thread as two screens: this goes back to the list (hidden when wide). */
function BackLink() {
  return (
    <Link to={messagesPath} className="thread-back">
      {texts.backToList}
    </Link>
  );
}

function ThreadHeader({ conversation, name }: { conversation: ConversationSummary; name: string }) {
  const { other, job } = conversation;
  return (
    <header className="thread-header">
      <BackLink />
      <div className="thread-person">
        <Avatar picture={other.profilePicture} name={name} initials={initialsOf(other)} size="small" />
        <div>
          <h2 className="thread-name" dir="auto">
            <PersonLink id={other._id} name={name} />
          </h2>
          {job ? (
            <p className="thread-job">
              <Link to={`/jobs/${encodeURIComponent(job.jobId)}`} dir="auto">
                {texts.aboutJob(job.title)}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
      <BlockAction
        conversationId={conversation._id}
        userId={other._id}
        name={name}
        blockedByMe={conversation.blockedByMe}
      />
    </header>
  );
}

/**
 * One message. Which side it sits on says who wrote it to the eye; to a screen reader, the other's
 * messages begin with their name and the reader's own have "You" beside their time.
 */
function MessageItem({
  message,
  own,
  otherName,
  seen,
  now,
}: {
  message: Message;
  own: boolean;
  otherName: string;
  seen: boolean;
  now: Date;
}) {
  const from = own ? null : <span className="visually-hidden">{texts.saidBy(otherName)}</span>;
  return (
    <li className={own ? 'message message-own' : 'message'}>
      {message.erased ? (
        <p className="message-text message-erased">
          {from}
          {texts.messageDeleted}
        </p>
      ) : (
        <p className="message-text" dir="auto">
          {from}
          {message.text}
        </p>
      )}
      <p className="message-meta">
        {own ? <span className="visually-hidden">{texts.sentByYou}</span> : null}
        <RelativeTime at={message.sentAt} now={now} />
      </p>
      {own && seen ? <p className="message-seen">{texts.seen}</p> : null}
    </li>
  );
}

function PendingItem({ send, onRetry }: { send: PendingSend; onRetry(): void }) {
  return (
    <li className={send.error ? 'message message-own message-failed' : 'message message-own message-pending'}>
      <p className="message-text" dir="auto">
        {send.text}
      </p>
      {send.error ? (
        <div className="message-error">
          <span role="alert">
            {texts.notSent} {send.error}
          </span>
          <button type="button" className="button button-ghost" onClick={onRetry}>
            {texts.retry}
          </button>
        </div>
      ) : (
        <p className="message-meta">{texts.sending}</p>
      )}
    </li>
  );
}

/** Instead of the composer: the blocker is told of their block (with Unblock); anyone else, only that they can't reply. */
function CannotWrite({ conversation, name }: { conversation: ConversationSummary; name: string }) {
  if (!conversation.blockedByMe) {
    return <p className="thread-note">{messagingMessages.cannotReply}</p>;
  }
  return (
    <div className="thread-note">
      <p>{texts.youBlockedNote}</p>
      <BlockAction
        conversationId={conversation._id}
        userId={conversation.other._id}
        name={name}
        blockedByMe
      />
    </div>
  );
}
