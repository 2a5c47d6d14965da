import type { Projector } from '../projector.ts';

/** Connection requests and their answers, for the feed's visibility and following rules. */
export const connectionsProjector: Projector = {
  name: 'connections',
  handles: ['ConnectionRequested', 'ConnectionAccepted', 'ConnectionDeclined', 'ConnectionRemoved'],
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
      case 'ConnectionAccepted':
      case 'ConnectionDeclined': {
        const d = event.data;
        const status = event.type === 'ConnectionAccepted' ? 'accepted' : 'rejected';
        await tx.query(`UPDATE ${table} SET status = $2, responded_at = $3 WHERE id = $1`, [
          d.connectionId,
          status,
          d.respondedAt,
        ]);
        return;
      }
      case 'ConnectionRemoved':
        await tx.query(`UPDATE ${table} SET status = 'removed' WHERE id = $1`, [event.data.connectionId]);
        return;
    }
  },
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.connections`);
  },
};
