import type { Connection } from '@careers/contracts/entities/connection';
import { connectionMessages, connectionScreenMessages as texts } from '@careers/contracts/messages';
import { useId } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { PersonCard } from './person';
import type { ConnectionActions } from './use-connection-actions';

interface RequestProps {
  request: Connection;
  actions: ConnectionActions;
}

/** Accept and Decline; both wait while either answer is on its way. */
export function RequestAnswerButtons({ request, actions }: RequestProps) {
  const busy = actions.isBusy(request._id);
  return (
    <>
      <button
        type="button"
        className="button"
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (!busy) actions.respond(request._id, 'accepted', event.currentTarget);
        }}
      >
        {texts.accept}
      </button>
      <button
        type="button"
        className="button button-ghost"
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (!busy) actions.respond(request._id, 'rejected', event.currentTarget);
        }}
      >
        {texts.decline}
      </button>
    </>
  );
}

/** Beyond the spec: the requester takes a request back while it waits. */
export function WithdrawButton({ request, actions }: RequestProps) {
  const busy = actions.isBusy(request._id);
  return (
    <button
      type="button"
      className="button button-ghost"
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (!busy) actions.withdraw(request._id, event.currentTarget);
      }}
    >
      {busy ? texts.withdrawing : connectionMessages.withdrawRequest}
    </button>
  );
}

/** Spec, Connections: a pending card says "Wants to connect with you", when, and Accept and Decline. */
export function ReceivedRequestCard({ request, actions, now }: RequestProps & { now: Date }) {
  const nameId = useId();
  return (
    <PersonCard
      person={request.user}
      nameId={nameId}
      actions={<RequestAnswerButtons request={request} actions={actions} />}
    >
      <p>{connectionMessages.wantsToConnect}</p>
      <RelativeTime at={request.createdAt} now={now} />
    </PersonCard>
  );
}

/** Beyond the spec: one of the reader's own requests, still waiting, with Withdraw. */
export function SentRequestCard({ request, actions, now }: RequestProps & { now: Date }) {
  const nameId = useId();
  return (
    <PersonCard
      person={request.user}
      nameId={nameId}
      actions={<WithdrawButton request={request} actions={actions} />}
    >
      <p className="connection-when">
        {texts.requestSent} <RelativeTime at={request.createdAt} now={now} />
      </p>
    </PersonCard>
  );
}
