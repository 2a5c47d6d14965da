import type { Connection } from '@careers/contracts/entities/connection';
import { connectionMessages, connectionScreenMessages as texts } from '@careers/contracts/messages';
import { useId } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { ActionButton } from './action-button';
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
      <ActionButton
        className="button"
        label={texts.accept}
        busy={busy}
        onAct={(origin) => actions.respond(request._id, 'accepted', origin)}
      />
      <ActionButton
        label={texts.decline}
        busy={busy}
        onAct={(origin) => actions.respond(request._id, 'rejected', origin)}
      />
    </>
  );
}

/** Beyond the spec: the requester takes a request back while it waits. */
export function WithdrawButton({ request, actions }: RequestProps) {
  return (
    <ActionButton
      label={connectionMessages.withdrawRequest}
      busyLabel={texts.withdrawing}
      busy={actions.isBusy(request._id)}
      onAct={(origin) => actions.withdraw(request._id, origin)}
    />
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
      <p>{texts.requestSent}</p>
      <RelativeTime at={request.createdAt} now={now} />
    </PersonCard>
  );
}
