import type { Projector } from '../projector.ts';
import { addEdge, connectedOtherwise, removeEdge } from '../suggestions/network.ts';

/**
 * Connection requests and their answers: the connections screen's lists, the feed's visibility and
 * following rules, and the network counts people you may know are ranked by (mutual connections and
 * how connected each person is, see suggestions/network.ts).
 *
 * Every row is keyed by its connection id and set to the status its event leaves, so a redelivered
 * event writes what it wrote before (and the runner skips it by stream version anyway). Events of one
 * stream arrive in order; streams of one pair (connect, remove, connect again) may not, which the
 * network counts allow for.
 */
export const connectionsProjector: Projector = {
  name: 'connections',
  handles: [
    'ConnectionRequested',
    'ConnectionAccepted',
    'ConnectionDeclined',
    'ConnectionWithdrawn',
    'ConnectionRemoved',
  ],
  async apply(event, { tx, schema }) {
    const table = `${schema}.connections`;
    switch (event.type) {
      case 'ConnectionRequested': {
        const d = event.data;
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
    }
  },
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.connections, ${schema}.connection_mutuals`);
    await tx.query(`UPDATE ${schema}.suggestion_people SET connections = 0`);
  },
};
