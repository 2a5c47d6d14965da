import type { EventOnStream } from '@careers/contracts/events/event-table';

/** A relationship's status as the read side keeps it (`rejected`: declined by the recipient). */
export type RelationshipStatus = 'pending' | 'accepted' | 'rejected' | 'withdrawn' | 'removed';

/** The events of a relationship's own stream. */
export type ConnectionEvent = EventOnStream<'connection'>;

/**
 * The status a connection event leaves a relationship in, given the one a read model keeps for it
 * (undefined: none yet), or null when the event changes nothing: a request opens a relationship not
 * seen before; an acceptance and a withdrawal answer one still pending; a removal ends one accepted;
 * a decline ends one whatever it was. Shared by the models that keep relationships (the connections'
 * rows, the suggestions' links), so a redelivered or late event leaves the same status in each.
 */
export function statusAfter(event: ConnectionEvent, current: string | undefined): RelationshipStatus | null {
  switch (event.type) {
    case 'ConnectionRequested':
      return current === undefined ? 'pending' : null;
    case 'ConnectionAccepted':
      return current === 'pending' ? 'accepted' : null;
    case 'ConnectionDeclined':
      return current === undefined ? null : 'rejected';
    case 'ConnectionWithdrawn':
      return current === 'pending' ? 'withdrawn' : null;
    case 'ConnectionRemoved':
      return current === 'accepted' ? 'removed' : null;
  }
}

/** Whether an event is of a relationship's own stream (a batch function's guard). */
export const isConnectionEvent = (event: { streamType: string }): event is ConnectionEvent =>
  event.streamType === 'connection';
