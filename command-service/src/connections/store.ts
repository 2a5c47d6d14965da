import { connectionMessages } from '@careers/contracts/messages';
import { ident, type PoolClient, preparedName } from '@careers/service-kit';
import { type AlongsideWrite, writeAlone } from '../event-log/event-store.ts';
import { refuse } from '../pipeline/domain-error.ts';
import { type ConnectionState, isLive } from './decide.ts';

type Queryable = Pick<PoolClient, 'query'>;

interface Row {
  id: string;
  requester_id: string;
  recipient_id: string;
  status: 'pending' | 'accepted';
  version: number;
}

const toState = (r: Row): ConnectionState => ({
  id: r.id,
  requesterId: r.requester_id,
  recipientId: r.recipient_id,
  status: r.status,
  version: r.version,
});

/** How each event of a connection stream leaves its status, to tell an ended relationship's end. */
const statusAfter: Record<string, ConnectionState['status']> = {
  ConnectionRequested: 'pending',
  ConnectionAccepted: 'accepted',
  ConnectionDeclined: 'rejected',
  ConnectionWithdrawn: 'withdrawn',
  ConnectionRemoved: 'removed',
};

/**
 * The only reader and writer of the connections table, which holds the live relationships (pending or
 * accepted) only: an ended one is deleted, so the pair-unique index leaves the pair free to start over.
 * What an ended relationship came to is read from its stream in the event log.
 *
 * Races, and what closes each:
 * - Two people asking each other at the same moment, or one person twice: `lockPair` serializes every
 *   connect of one pair, so the second sees the first's request (and accepts it, or is refused as
 *   pending). The pair-unique index would refuse a second row besides.
 * - An accept racing a withdrawal, a decline or a removal of the same relationship: `lock` reads the
 *   row FOR UPDATE, so the second waits and is decided on what the first left (a row deleted meanwhile
 *   reads as gone, and the stream tells how it ended).
 * - A connect racing an answer: the connect locks the pair's row FOR UPDATE after the pair lock, the
 *   same row the answer locks. The other commands never take the pair lock, so the order of locks is
 *   always pair, then row: no deadlock.
 */
export class ConnectionStore {
  private readonly table: string;
  private readonly eventLog: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.connections`;
    this.eventLog = `${ident(schema)}.event_log`;
  }

  /**
   * Holds, until the transaction ends, the lock of the unordered pair: a hash of the two ids in a fixed
   * order (a collision only makes two unrelated pairs wait for each other).
   */
  async lockPair(tx: Queryable, a: string, b: string): Promise<void> {
    const [low, high] = a < b ? [a, b] : [b, a];
    await tx.query({
      name: preparedName(`${this.table}:lock-pair`),
      text: `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`,
      values: [`connection:${low}:${high}`],
    });
  }

  /** The pair's live relationship (either order), locked. Call after `lockPair`. */
  async lockLiveBetween(tx: Queryable, a: string, b: string): Promise<ConnectionState | null> {
    const { rows } = await tx.query<Row>({
      name: preparedName(`${this.table}:lock-between`),
      text: `SELECT * FROM ${this.table}
              WHERE least(requester_id, recipient_id) = least($1::uuid, $2::uuid)
                AND greatest(requester_id, recipient_id) = greatest($1::uuid, $2::uuid)
              FOR UPDATE`,
      values: [a, b],
    });
    return rows[0] ? toState(rows[0]) : null;
  }

  /**
   * Whether the two are connected (accepted), either order, unlocked: messaging reads it to decide
   * whether one may write to the other. A removal committing just after is a removal after the message.
   */
  async areConnected(db: Queryable, a: string, b: string): Promise<boolean> {
    const { rowCount } = await db.query({
      name: preparedName(`${this.table}:are-connected`),
      text: `SELECT 1 FROM ${this.table}
              WHERE least(requester_id, recipient_id) = least($1::uuid, $2::uuid)
                AND greatest(requester_id, recipient_id) = greatest($1::uuid, $2::uuid)
                AND status = 'accepted'`,
      values: [a, b],
    });
    return (rowCount ?? 0) > 0;
  }

  /**
   * A relationship by id, locked while it is live; an ended one as its stream left it; null when no
   * such stream exists.
   */
  async lock(tx: Queryable, connectionId: string): Promise<ConnectionState | null> {
    const { rows } = await tx.query<Row>({
      name: preparedName(`${this.table}:lock`),
      text: `SELECT * FROM ${this.table} WHERE id = $1 FOR UPDATE`,
      values: [connectionId],
    });
    if (rows[0]) return toState(rows[0]);
    return this.ended(tx, connectionId);
  }

  /** How a relationship with no live row ended, from its first and last events. */
  private async ended(tx: Queryable, connectionId: string): Promise<ConnectionState | null> {
    const { rows } = await tx.query<{
      type: string;
      stream_version: number;
      data: { requesterId: string; recipientId: string };
    }>({
      name: preparedName(`${this.table}:ended`),
      text: `SELECT type, stream_version, data FROM ${this.eventLog}
              WHERE stream_id = $1 AND stream_type = 'connection'
              ORDER BY stream_version DESC LIMIT 1`,
      values: [connectionId],
    });
    const last = rows[0];
    const status = last && statusAfter[last.type];
    if (!last || !status) return null;
    return {
      id: connectionId,
      requesterId: last.data.requesterId,
      recipientId: last.data.recipientId,
      status,
      version: last.stream_version,
    };
  }

  /** Every live relationship of a person (pending either way, or accepted), locked, in id order. */
  async lockLiveOf(tx: Queryable, userId: string): Promise<ConnectionState[]> {
    const { rows } = await tx.query<Row>(
      `SELECT * FROM ${this.table} WHERE requester_id = $1 OR recipient_id = $1 ORDER BY id FOR UPDATE`,
      [userId],
    );
    return rows.map(toState);
  }

  /**
   * The state a command left, as a write that runs in the append's own statement: a live relationship
   * is kept, an ended one deleted.
   */
  write(connection: ConnectionState): AlongsideWrite {
    if (!isLive(connection)) {
      return {
        name: 'delete-connection',
        ctes: `connection_deleted AS (DELETE FROM ${this.table} WHERE id = $1)`,
        values: [connection.id],
      };
    }
    return {
      name: 'upsert-connection',
      ctes: `connection_saved AS (
          INSERT INTO ${this.table} (id, requester_id, recipient_id, status, version)
          VALUES ($1, $2, $3, $4, $5)
          ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, version = EXCLUDED.version)`,
      values: [
        connection.id,
        connection.requesterId,
        connection.recipientId,
        connection.status,
        connection.version,
      ],
      onError: refuseSecondOfPair,
    };
  }

  /** `write` on its own. */
  async save(tx: Queryable, connection: ConnectionState): Promise<void> {
    await writeAlone(tx, this.table, this.write(connection));
  }
}

/** Unreachable while every connect takes the pair lock; kept as the last word on one live row per pair. */
function refuseSecondOfPair(error: unknown): never {
  if ((error as { constraint?: string }).constraint === 'connections_pair') {
    throw refuse.conflict(connectionMessages.requestAlreadyPending);
  }
  throw error;
}
