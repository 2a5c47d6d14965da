import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { connectionMessages, profileMessages } from '@careers/contracts/messages';
import { type Decision, refuse } from '../pipeline/domain-error.ts';

/**
 * Where a relationship between two people stands. `pending` and `accepted` are live (the write side
 * keeps a row for them, one per pair); the other three end it, and the pair may start a new one (a new
 * stream) later.
 */
export type ConnectionStatus = 'pending' | 'accepted' | 'rejected' | 'withdrawn' | 'removed';

/** The write side's view of one connection stream. */
export interface ConnectionState {
  id: string;
  requesterId: string;
  recipientId: string;
  status: ConnectionStatus;
  version: number;
}

/** Whether the relationship still binds the pair (only one such per pair). */
export const isLive = (c: ConnectionState): boolean => c.status === 'pending' || c.status === 'accepted';

const isParty = (c: ConnectionState, userId: string): boolean =>
  c.requesterId === userId || c.recipientId === userId;

export const requestNotFound = () => refuse.notFound(connectionMessages.requestNotFound);
export const connectionNotFound = () => refuse.notFound(connectionMessages.connectionNotFound);

const parties = (c: ConnectionState) => ({
  connectionId: c.id,
  requesterId: c.requesterId,
  recipientId: c.recipientId,
});

/**
 * Asking someone to connect. One relationship per pair whatever the order: `existing` is the pair's
 * live relationship, if any. When the other person has already asked, asking back is answering yes
 * (both want it), so their request is accepted rather than a second one made.
 */
export function decideConnect(input: {
  actorId: string;
  targetId: string;
  targetExists: boolean;
  existing: ConnectionState | null;
  connectionId: string;
  now: Date;
}): Decision {
  const { actorId, targetId, existing, now } = input;
  if (actorId === targetId) return refuse.invalid(connectionMessages.cannotConnectWithSelf);
  if (!input.targetExists) return refuse.notFound(profileMessages.userNotFound);
  if (existing?.status === 'accepted') return refuse.conflict(connectionMessages.alreadyConnected);
  if (existing?.status === 'pending') {
    if (existing.requesterId === actorId) return refuse.conflict(connectionMessages.requestAlreadyPending);
    return [{ type: 'ConnectionAccepted', data: { ...parties(existing), respondedAt: now.toISOString() } }];
  }
  return [
    {
      type: 'ConnectionRequested',
      data: {
        connectionId: input.connectionId,
        requesterId: actorId,
        recipientId: targetId,
        requestedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * The answer to a pending request: only the person asked gives it. Someone who is not party to the
 * request is told it does not exist; a withdrawn request no longer does.
 */
export function decideRespond(input: {
  connection: ConnectionState | null;
  actorId: string;
  answer: 'accepted' | 'rejected';
  now: Date;
}): Decision {
  const { connection, actorId, now } = input;
  if (!connection || !isParty(connection, actorId) || connection.status === 'withdrawn') {
    return requestNotFound();
  }
  if (connection.recipientId !== actorId) return refuse.forbidden(connectionMessages.notRequestRecipient);
  if (connection.status !== 'pending') return refuse.conflict(connectionMessages.requestAlreadyAnswered);
  const data = { ...parties(connection), respondedAt: now.toISOString() };
  return [
    input.answer === 'accepted' ? { type: 'ConnectionAccepted', data } : { type: 'ConnectionDeclined', data },
  ];
}

/** The requester takes back a request nobody has answered yet. */
export function decideWithdraw(input: {
  connection: ConnectionState | null;
  actorId: string;
  now: Date;
}): Decision {
  const { connection, actorId, now } = input;
  if (!connection || !isParty(connection, actorId) || connection.status === 'withdrawn') {
    return requestNotFound();
  }
  if (connection.requesterId !== actorId) return refuse.forbidden(connectionMessages.notRequestSender);
  if (connection.status !== 'pending') return refuse.conflict(connectionMessages.requestAlreadyAnswered);
  return [{ type: 'ConnectionWithdrawn', data: { ...parties(connection), withdrawnAt: now.toISOString() } }];
}

/**
 * Either person ends an accepted connection. Anything else (a pending request, an ended relationship,
 * someone else's connection) is not a connection of the actor's to remove.
 */
export function decideRemove(input: {
  connection: ConnectionState | null;
  actorId: string;
  now: Date;
}): Decision {
  const { connection, actorId, now } = input;
  if (!connection || !isParty(connection, actorId) || connection.status !== 'accepted') {
    return connectionNotFound();
  }
  return [
    {
      type: 'ConnectionRemoved',
      data: { ...parties(connection), removedBy: actorId, removedAt: now.toISOString() },
    },
  ];
}

/** The state one event leaves (pure). */
export function evolveConnection(connection: ConnectionState, event: NewDomainEvent): ConnectionState {
  const version = connection.version + 1;
  switch (event.type) {
    case 'ConnectionRequested':
      return {
        id: event.data.connectionId,
        requesterId: event.data.requesterId,
        recipientId: event.data.recipientId,
        status: 'pending',
        version,
      };
    case 'ConnectionAccepted':
      return { ...connection, status: 'accepted', version };
    case 'ConnectionDeclined':
      return { ...connection, status: 'rejected', version };
    case 'ConnectionWithdrawn':
      return { ...connection, status: 'withdrawn', version };
    case 'ConnectionRemoved':
      return { ...connection, status: 'removed', version };
    default:
      throw new Error(`${event.type} is not an event of a connection stream`);
  }
}

export function foldConnection(
  connection: ConnectionState,
  events: readonly NewDomainEvent[],
): ConnectionState {
  return events.reduce(evolveConnection, connection);
}

/** A request about to be made: the state it is decided on, at version 0 (the new stream). */
export function unrequestedConnection(id: string, requesterId: string, recipientId: string): ConnectionState {
  return { id, requesterId, recipientId, status: 'pending', version: 0 };
}
