import type { Projector } from '../projector.ts';
import { addEdge, connectedOtherwise, removeEdge } from '../suggestions/network.ts';
import { anyDeleted } from '../users/deleted-accounts.ts';

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
 */
export const connectionsProjector: Projector = {
  name: 'connections',
  handles: [
    'ConnectionRequested',
    'ConnectionAccepted',
    'ConnectionDeclined',
    'ConnectionWithdrawn',
    'ConnectionRemoved',
    'AccountDeleted',
  ],
  async apply(event, { tx, schema }) {
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
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.connections, ${schema}.connection_mutuals`);
    await tx.query(`UPDATE ${schema}.suggestion_people SET connections = 0`);
  },
};
