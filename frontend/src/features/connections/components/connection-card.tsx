import type { Connection } from '@careers/contracts/entities/connection';
import { connectionMessages, connectionScreenMessages as texts } from '@careers/contracts/messages';
import { useEffect, useId, useRef, useState } from 'react';
import { MessageButton } from '../../messages/components/message-button';
import { ActionButton } from './action-button';
import { cityAndCountry, fullName, PersonCard } from './person';
import { RequestAnswerButtons, WithdrawButton } from './request-card';
import type { ConnectionActions } from './use-connection-actions';

/** For a pending entry of the list: whether the reader was asked (answers it) or asked (may withdraw). */
export type RequestDirection = 'received' | 'sent' | 'unknown';

interface ConnectionCardProps {
  connection: Connection;
  actions: ConnectionActions;
  direction: RequestDirection;
}

/**
 * Spec, Connections: picture or initials, name, bio or "No bio available", city and country, and
 * Message and Remove. Message opens the conversation with the person (beyond the spec: messaging of
 * its own, where the spec's card wrote an email). Remove asks first, in the card: the connection and
 * what the two shared end at once.
 */
export function ConnectionCard({ connection, actions, direction }: ConnectionCardProps) {
  const nameId = useId();
  const { user } = connection;
  const place = cityAndCountry(user.location);
  const pending = connection.status === 'pending';
  return (
    <PersonCard
      person={user}
      nameId={nameId}
      actions={
        pending ? (
          <PendingActions connection={connection} actions={actions} direction={direction} />
        ) : (
          <>
            <MessageButton participantId={user._id} name={fullName(user)} />
            <RemoveButton connection={connection} actions={actions} />
          </>
        )
      }
    >
      {pending ? <span className="status-badge status-yellow">{connection.status}</span> : null}
      <p className={user.bio.trim() ? 'connection-bio' : 'connection-bio muted'} dir="auto">
        {user.bio.trim() || connectionMessages.noBio}
      </p>
      {place ? <p className="connection-place">{place}</p> : null}
    </PersonCard>
  );
}

function PendingActions({ connection, actions, direction }: ConnectionCardProps) {
  if (direction === 'received') return <RequestAnswerButtons request={connection} actions={actions} />;
  if (direction === 'sent') return <WithdrawButton request={connection} actions={actions} />;
  return null;
}

/**
 * Remove, then the question with the confirm and cancel buttons. Focus goes to the confirm button when
 * the question opens and back to Remove when it is cancelled (Cancel or Escape).
 */
function RemoveButton({ connection, actions }: Omit<ConnectionCardProps, 'direction'>) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  const box = useRef<HTMLDivElement>(null);

  // Escape anywhere in the question cancels it, like its Cancel button.
  useEffect(() => {
    const element = box.current;
    if (!asking || !element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setAsking(false);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [asking]);

  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (wasAsking.current) start.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={start} type="button" className="button button-ghost" onClick={() => setAsking(true)}>
        {texts.remove}
      </button>
    );
  }
  return (
    <div className="confirm-box connection-confirm" ref={box}>
      <p>{texts.removeQuestion(fullName(connection.user))}</p>
      <div className="confirm-buttons">
        <ActionButton
          buttonRef={confirm}
          className="button button-danger"
          label={texts.remove}
          busyLabel={texts.removing}
          busy={actions.isBusy(connection._id)}
          onAct={(origin) => actions.remove(connection._id, origin)}
        />
        <button type="button" className="button button-ghost" onClick={() => setAsking(false)}>
          {texts.cancel}
        </button>
      </div>
    </div>
  );
}
