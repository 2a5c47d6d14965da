import { z } from 'zod';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { defineEvent } from './define-event.ts';
import { exampleIds } from './example-ids.ts';

/**
 * Events of the `connection` stream (stream id = connectionId). Every event names both people, so a
 * read model or a socket push for either side needs nothing else.
 */

const parties = { connectionId: Id, requesterId: Id, recipientId: Id };

export const ConnectionRequestedData = z.strictObject({ ...parties, requestedAt: IsoDateTime });
export const ConnectionAcceptedData = z.strictObject({ ...parties, respondedAt: IsoDateTime });
export const ConnectionDeclinedData = z.strictObject({ ...parties, respondedAt: IsoDateTime });
/** The requester took back a request still pending (beyond the spec: the Sent list). */
export const ConnectionWithdrawnData = z.strictObject({ ...parties, withdrawnAt: IsoDateTime });
export const ConnectionRemovedData = z.strictObject({
  ...parties,
  /** Which of the two people removed the connection. */
  removedBy: Id,
  removedAt: IsoDateTime,
});

const exampleParties = {
  connectionId: exampleIds.connection,
  requesterId: exampleIds.user,
  recipientId: exampleIds.otherUser,
};

export const connectionEvents = {
  ConnectionRequested: defineEvent({
    streamType: 'connection',
    schemaVersion: 1,
    data: ConnectionRequestedData,
    description: 'A user asked another user to connect. The request is pending.',
    example: { ...exampleParties, requestedAt: '2025-01-18T09:00:00.000Z' },
  }),
  ConnectionAccepted: defineEvent({
    streamType: 'connection',
    schemaVersion: 1,
    data: ConnectionAcceptedData,
    description: 'The recipient accepted a pending request; the two are now connected.',
    example: { ...exampleParties, respondedAt: '2025-01-18T10:00:00.000Z' },
  }),
  ConnectionDeclined: defineEvent({
    streamType: 'connection',
    schemaVersion: 1,
    data: ConnectionDeclinedData,
    description: 'The recipient declined a pending request (its status becomes rejected).',
    example: { ...exampleParties, respondedAt: '2025-01-18T10:00:00.000Z' },
  }),
  ConnectionWithdrawn: defineEvent({
    streamType: 'connection',
    schemaVersion: 1,
    data: ConnectionWithdrawnData,
    description: 'The requester withdrew a request that was still pending.',
    example: { ...exampleParties, withdrawnAt: '2025-01-18T09:30:00.000Z' },
  }),
  ConnectionRemoved: defineEvent({
    streamType: 'connection',
    schemaVersion: 1,
    data: ConnectionRemovedData,
    description: 'One of the two people removed an accepted connection.',
    example: { ...exampleParties, removedBy: exampleIds.otherUser, removedAt: '2025-02-01T09:00:00.000Z' },
  }),
} as const;
