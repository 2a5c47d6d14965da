import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { eventsDecided } from '@careers/contracts/events/event-table';
import { anyDeleted, deletedAmong } from '../erasure.ts';
import { peopleCards, personCardEvents, userEventsBesidesCards } from '../people-cards.ts';
import type { Projector } from '../projector.ts';
import { addEdge, changeEdges, connectedOtherwise, removeEdge } from '../suggestions/network.ts';

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

const pairOf = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/**
 * A batch of connection events with the effect of `apply` on each in turn: the rows they name, the
 * accepted rows of every pair they accept or remove and the deleted accounts among the people are read
 * once; the events then play out in memory as `apply` would play them on the table (a pair's edge comes
 * when its first accepted row does and goes with its last); the rows are written in one statement, and
 * the network counts take each pair's net change of edge at once (changeEdges), which is what the edges
 * added and removed one by one leave, as the counts are a function of the edges present.
 */
async function applyConnectionBatch(events: readonly DomainEvent[], tx: Tx, schema: string): Promise<void> {
  const table = `${schema}.connections`;
  const ids = new Set<string>();
  const people = new Set<string>();
  const pairs = new Map<string, [string, string]>();
  for (const event of events) {
    switch (event.type) {
      case 'ConnectionRequested':
      case 'ConnectionAccepted':
      case 'ConnectionRemoved': {
        const d = event.data;
        ids.add(d.connectionId);
        people.add(d.requesterId).add(d.recipientId);
        pairs.set(pairOf(d.requesterId, d.recipientId), [d.requesterId, d.recipientId]);
        break;
      }
      case 'ConnectionDeclined':
      case 'ConnectionWithdrawn':
        ids.add(event.data.connectionId);
        break;
      default:
        throw new Error(`connections: ${event.type} is not taken in batches`);
    }
  }
  const [{ rows: found }, { rows: acceptedRows }, deleted] = [
    await tx.query<Row>(
      `SELECT id, requester_id, recipient_id, status, requested_at, responded_at FROM ${table} WHERE id = ANY($1::text[])`,
      [[...ids]],
    ),
    await tx.query<{ id: string; requester_id: string; recipient_id: string }>(
      `SELECT c.id, c.requester_id, c.recipient_id
         FROM unnest($1::text[], $2::text[]) AS p(a, b)
         JOIN ${table} c ON least(c.requester_id, c.recipient_id) = least(p.a, p.b)
                        AND greatest(c.requester_id, c.recipient_id) = greatest(p.a, p.b)
        WHERE c.status = 'accepted'`,
      [[...pairs.values()].map(([a]) => a), [...pairs.values()].map(([, b]) => b)],
    ),
    await deletedAmong(tx, schema, [...people]),
  ];
  const rows = new Map(found.map((r) => [r.id, r]));
  const changed = new Set<string>();
  /** Per pair, its accepted rows as the table would show them after each event so far. */
  const accepted = new Map<string, Set<string>>();
  for (const r of acceptedRows) {
    const key = pairOf(r.requester_id, r.recipient_id);
    accepted.set(key, (accepted.get(key) ?? new Set()).add(r.id));
  }
  const acceptedOf = (a: string, b: string) => {
    const key = pairOf(a, b);
    let set = accepted.get(key);
    if (!set) {
      set = new Set();
      accepted.set(key, set);
    }
    return set;
  };
  /** The edges that came and went, in order, as `apply` would add and remove them. */
  const edges: { a: string; b: string; change: 1 | -1 }[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'ConnectionRequested': {
        const d = event.data;
        if (deleted.has(d.requesterId) || deleted.has(d.recipientId) || rows.has(d.connectionId)) break;
        rows.set(d.connectionId, {
          id: d.connectionId,
          requester_id: d.requesterId,
          recipient_id: d.recipientId,
          status: 'pending',
          requested_at: d.requestedAt,
          responded_at: null,
        });
        changed.add(d.connectionId);
        break;
      }
      case 'ConnectionAccepted': {
        const d = event.data;
        const row = rows.get(d.connectionId);
        if (row?.status !== 'pending') break;
        row.status = 'accepted';
        row.responded_at = d.respondedAt;
        changed.add(row.id);
        const set = acceptedOf(d.requesterId, d.recipientId);
        set.delete(row.id);
        if (set.size === 0) edges.push({ a: d.requesterId, b: d.recipientId, change: 1 });
        set.add(row.id);
        break;
      }
      case 'ConnectionDeclined': {
        const row = rows.get(event.data.connectionId);
        if (!row) break;
        // As `apply`: the row is declined whatever it was, and the network counts are left as they are.
        if (row.status === 'accepted') acceptedOf(row.requester_id, row.recipient_id).delete(row.id);
        row.status = 'rejected';
        row.responded_at = event.data.respondedAt;
        changed.add(row.id);
        break;
      }
      case 'ConnectionWithdrawn': {
        const row = rows.get(event.data.connectionId);
        if (row?.status !== 'pending') break;
        row.status = 'withdrawn';
        changed.add(row.id);
        break;
      }
      case 'ConnectionRemoved': {
        const d = event.data;
        const row = rows.get(d.connectionId);
        if (row?.status !== 'accepted') break;
        row.status = 'removed';
        changed.add(row.id);
        const set = acceptedOf(d.requesterId, d.recipientId);
        set.delete(row.id);
        if (set.size === 0) edges.push({ a: d.requesterId, b: d.recipientId, change: -1 });
        break;
      }
    }
  }
  if (changed.size > 0) {
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
  await changeEdges(tx, schema, edges);
}

/**
 * Connection requests and their answers: the connections screen's lists, the feed's visibility and
 * following rules, and the network counts people you may know are ranked by (mutual connections and
 * how connected each person is, see suggestions/network.ts).
 *
 * Every row is keyed by its connection id and set to the status its event leaves, so a redelivered
 * event writes what it wrote before (and the runner skips it by stream version anyway). Events of one
 * stream arrive in order; streams of one pair (connect, remove, connect again) may not, which the
 * network counts allow for.
 *
 * An account deletion ends each of the person's connections on its own stream (removed, withdrawn,
 * declined), applied before or after their AccountDeleted. AccountDeleted takes away every edge of
 * theirs as a removal would (so everyone's mutual counts lose them) and then every row naming them;
 * a later event of those streams finds no row and changes nothing, and a request naming them that
 * arrives after it is not written at all.
 *
 * The people on the lists are kept here too, from their user events (`people`), and joined when read.
 */
export const connectionsProjector: Projector = {
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
    // A person's card, from their user events and gone at their AccountDeleted; other events pass it by.
    await people.apply([event], { tx, schema });
    const table = `${schema}.connections`;
    switch (event.type) {
      case 'ConnectionRequested': {
        const d = event.data;
        if (await anyDeleted(tx, schema, d.requesterId, d.recipientId)) return;
        await tx.query(
          `INSERT INTO ${table} (id, requester_id, recipient_id, status, requested_at)
           VALUES ($1, $2, $3, 'pending', $4) ON CONFLICT (id) DO NOTHING`,
          [d.connectionId, d.requesterId, d.recipientId, d.requestedAt],
        );
        return;
      }
      case 'ConnectionAccepted': {
        const d = event.data;
        const { rowCount } = await tx.query(
          `UPDATE ${table} SET status = 'accepted', responded_at = $2 WHERE id = $1 AND status = 'pending'`,
          [d.connectionId, d.respondedAt],
        );
        if ((rowCount ?? 0) === 0) return;
        if (!(await connectedOtherwise(tx, schema, d.requesterId, d.recipientId, d.connectionId))) {
          await addEdge(tx, schema, d.requesterId, d.recipientId);
        }
        return;
      }
      case 'ConnectionDeclined': {
        const d = event.data;
        await tx.query(`UPDATE ${table} SET status = 'rejected', responded_at = $2 WHERE id = $1`, [
          d.connectionId,
          d.respondedAt,
        ]);
        return;
      }
      case 'ConnectionWithdrawn':
        await tx.query(`UPDATE ${table} SET status = 'withdrawn' WHERE id = $1 AND status = 'pending'`, [
          event.data.connectionId,
        ]);
        return;
      case 'ConnectionRemoved': {
        const d = event.data;
        const { rowCount } = await tx.query(
          `UPDATE ${table} SET status = 'removed' WHERE id = $1 AND status = 'accepted'`,
          [d.connectionId],
        );
        if ((rowCount ?? 0) === 0) return;
        if (!(await connectedOtherwise(tx, schema, d.requesterId, d.recipientId, d.connectionId))) {
          await removeEdge(tx, schema, d.requesterId, d.recipientId);
        }
        return;
      }
      case 'AccountDeleted': {
        const { userId } = event.data;
        const { rows } = await tx.query<{ other: string }>(
          `SELECT DISTINCT CASE WHEN requester_id = $1 THEN recipient_id ELSE requester_id END AS other
             FROM ${table} WHERE (requester_id = $1 OR recipient_id = $1) AND status = 'accepted'`,
          [userId],
        );
        // One edge per person, however many accepted rows the pair has. Each pair's rows stop being
        // accepted before its edge is taken away, as a removal's do: the next edge's counts must not
        // see this one (removeEdge works from the edges the table shows).
        for (const { other } of rows) {
          await tx.query(
            `UPDATE ${table} SET status = 'removed' WHERE status = 'accepted'
                AND ((requester_id = $1 AND recipient_id = $2) OR (requester_id = $2 AND recipient_id = $1))`,
            [userId, other],
          );
          await removeEdge(tx, schema, userId, other);
        }
        await tx.query(`DELETE FROM ${table} WHERE requester_id = $1 OR recipient_id = $1`, [userId]);
        // None should be left once every edge is gone; a pair whose counts drifted loses its row anyway.
        await tx.query(`DELETE FROM ${schema}.connection_mutuals WHERE user_id = $1 OR candidate_id = $1`, [
          userId,
        ]);
        return;
      }
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
    await tx.query(`TRUNCATE ${schema}.connections, ${schema}.connection_mutuals`);
    await tx.query(`UPDATE ${schema}.suggestion_people SET connections = 0`);
  },
};
