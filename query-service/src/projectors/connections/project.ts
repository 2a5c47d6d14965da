import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { eventsDecided } from '@careers/contracts/events/event-table';
import { isConnectionEvent, statusAfter } from '../connection-status.ts';
import { deletedAmong } from '../erasure.ts';
import { peopleCards, personCardEvents, userEventsBesidesCards } from '../people-cards.ts';
import { defineProjector, type Projector, unhandled } from '../projector.ts';

type Tx = Parameters<Projector['apply']>[1]['tx'];

/**
 * The people of the connections screen's lists, with the bio, city and address it shows of them
 * (people-cards.ts).
 */
const people = peopleCards('connection_people', ['email', 'bio', 'location']);

interface Row {
  id: string;
  requester_id: string;
  recipient_id: string;
  status: string;
  requested_at: string;
  responded_at: string | null;
}

/**
 * Connection events, for a batch or for one event alone (their only writer): the rows they name and the
 * deleted accounts among the people are read once; the events then play out in memory, in stream
 * order, and the rows they changed are written in one statement.
 */
async function applyConnectionBatch(events: readonly DomainEvent[], tx: Tx, schema: string): Promise<void> {
  const table = `${schema}.connections`;
  const ids = new Set<string>();
  const people = new Set<string>();
  for (const event of events) {
    switch (event.type) {
      case 'ConnectionRequested':
        ids.add(event.data.connectionId);
        people.add(event.data.requesterId).add(event.data.recipientId);
        break;
      case 'ConnectionAccepted':
      case 'ConnectionDeclined':
      case 'ConnectionWithdrawn':
      case 'ConnectionRemoved':
        ids.add(event.data.connectionId);
        break;
      default:
        throw new Error(`connections: ${event.type} is not taken in batches`);
    }
  }
  const [{ rows: found }, deleted] = [
    await tx.query<Row>(
      `SELECT id, requester_id, recipient_id, status, requested_at, responded_at FROM ${table} WHERE id = ANY($1::text[])`,
      [[...ids]],
    ),
    await deletedAmong(tx, schema, [...people]),
  ];
  const rows = new Map(found.map((r) => [r.id, r]));
  const changed = new Set<string>();
  for (const event of events) {
    if (!isConnectionEvent(event)) continue;
    const d = event.data;
    // A request naming a deleted account is not written (its AccountDeleted came first, another topic).
    if (event.type === 'ConnectionRequested' && (deleted.has(d.requesterId) || deleted.has(d.recipientId))) {
      continue;
    }
    const row = rows.get(d.connectionId);
    const status = statusAfter(event, row?.status);
    if (status === null) continue;
    if (event.type === 'ConnectionRequested') {
      rows.set(d.connectionId, {
        id: d.connectionId,
        requester_id: d.requesterId,
        recipient_id: d.recipientId,
        status,
        requested_at: event.data.requestedAt,
        responded_at: null,
      });
    } else if (row) {
      row.status = status;
      if (event.type === 'ConnectionAccepted' || event.type === 'ConnectionDeclined') {
        row.responded_at = event.data.respondedAt;
      }
    }
    changed.add(d.connectionId);
  }
  if (changed.size === 0) return;
  const list = [...changed].map((id) => rows.get(id) as Row);
  await tx.query(
    `INSERT INTO ${table} (id, requester_id, recipient_id, status, requested_at, responded_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[])
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, responded_at = EXCLUDED.responded_at`,
    [
      list.map((r) => r.id),
      list.map((r) => r.requester_id),
      list.map((r) => r.recipient_id),
      list.map((r) => r.status),
      list.map((r) => r.requested_at),
      list.map((r) => r.responded_at),
    ],
  );
}

/**
 * Connection requests and their answers: the connections screen's lists and the feed's visibility and
 * following rules. (People you may know and the home timelines keep their own copies of the network,
 * from the same events.)
 *
 * Every row is keyed by its connection id and set to the status its event leaves, so a redelivered
 * event writes what it wrote before (and the runner skips it by stream version anyway). Events of one
 * stream arrive in order; streams of one pair (connect, remove, connect again) may not, and each
 * stream has its own row.
 *
 * An account deletion ends each of the person's connections on its own stream (removed, withdrawn,
 * declined), applied before or after their AccountDeleted. AccountDeleted takes away every row naming
 * them; a later event of those streams finds no row and changes nothing, and a request naming them
 * that arrives after it is not written at all.
 *
 * The people on the lists are kept here too, from their user events (`people`), and joined when read.
 */
export const connectionsProjector = defineProjector({
  name: 'connections',
  handles: eventsDecided(['connection', 'user'], {
    handles: [
      'ConnectionRequested',
      'ConnectionAccepted',
      'ConnectionDeclined',
      'ConnectionWithdrawn',
      'ConnectionRemoved',
      ...personCardEvents,
      'AccountDeleted',
    ],
    ignores: [...userEventsBesidesCards],
  }),
  async apply(event, { tx, schema }) {
    switch (event.type) {
      // Written once, as a batch of one (applyBatch).
      case 'ConnectionRequested':
      case 'ConnectionAccepted':
      case 'ConnectionDeclined':
      case 'ConnectionWithdrawn':
      case 'ConnectionRemoved':
        return applyConnectionBatch([event], tx, schema);
      case 'UserRegistered':
      case 'ProfileUpdated':
      case 'ProfilePictureUploaded':
      case 'ProfilePictureRemoved':
        return people.apply([event], { tx, schema });
      case 'AccountDeleted':
        await tx.query(`DELETE FROM ${schema}.connections WHERE requester_id = $1 OR recipient_id = $1`, [
          event.data.userId,
        ]);
        return people.apply([event], { tx, schema });
      default:
        return unhandled(event);
    }
  },

  batched: [
    'ConnectionRequested',
    'ConnectionAccepted',
    'ConnectionDeclined',
    'ConnectionWithdrawn',
    'ConnectionRemoved',
    'UserRegistered',
    'ProfileUpdated',
  ],
  // A run is of one stream type: a connection's events, or people's.
  async applyBatch(events, { tx, schema }) {
    if (events[0]?.streamType === 'user') await people.apply(events, { tx, schema });
    else await applyConnectionBatch(events, tx, schema);
  },
  async reset({ tx, schema }) {
    await people.reset({ tx, schema });
    await tx.query(`TRUNCATE ${schema}.connections`);
  },
});
