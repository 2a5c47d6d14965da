import { ident, type PoolClient, preparedName } from '@careers/service-kit';
import type { AlongsideWrite } from '../event-log/event-store.ts';
import type { ConversationState, MessageRecord, ReadPosition } from './decide.ts';

type Queryable = Pick<PoolClient, 'query'>;

interface ConversationRow {
  id: string;
  low_id: string;
  high_id: string;
  job_id: string | null;
  started_at: Date;
  last_sent_at: Date | null;
  version: number;
}

const toState = (r: ConversationRow): ConversationState => ({
  id: r.id,
  participantIds: [r.low_id, r.high_id],
  jobId: r.job_id,
  startedAt: r.started_at.toISOString(),
  lastSentAt: r.last_sent_at?.toISOString() ?? null,
  version: r.version,
});

/**
 * The only reader and writer of the conversations, conversation_messages and conversation_reads tables
 * (migration 016). None holds what was said: a message's text is in its event alone.
 *
 * Races, and what closes each:
 * - Two starts of one pair at once (both people, or a double click): `lockStart` takes the lock of the
 *   conversation's id (derived from the pair) before reading it, so the second start reads the first's
 *   row and records nothing. The primary key, and the stream's first version, would refuse a second
 *   ConversationStarted besides.
 * - Two sends into one conversation at once: `lock` reads the row FOR UPDATE, so they are decided and
 *   appended one after the other, each at the next version: the thread's order is the stream's.
 * - A read receipt racing a send: the same row lock orders them.
 * Starts take the id lock then (for a conversation that exists) nothing else; sends and reads take only
 * the row: no circle.
 */
export class ConversationStore {
  private readonly table: string;
  private readonly messages: string;
  private readonly reads: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.conversations`;
    this.messages = `${ident(schema)}.conversation_messages`;
    this.reads = `${ident(schema)}.conversation_reads`;
  }

  /** Holds, until the transaction ends, the lock of one conversation id (taken by starts only). */
  async lockStart(tx: Queryable, conversationId: string): Promise<void> {
    await tx.query({
      name: preparedName(`${this.table}:lock-start`),
      text: `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`,
      values: [`conversation:${conversationId}`],
    });
  }

  /** The conversation, unlocked (after `lockStart`, a start reads it in a statement of its own). */
  async find(tx: Queryable, conversationId: string): Promise<ConversationState | null> {
    const { rows } = await tx.query<ConversationRow>({
      name: preparedName(`${this.table}:find`),
      text: `SELECT * FROM ${this.table} WHERE id = $1`,
      values: [conversationId],
    });
    return rows[0] ? toState(rows[0]) : null;
  }

  /** The conversation, locked for the rest of the transaction: its sends and reads run one at a time. */
  async lock(tx: Queryable, conversationId: string): Promise<ConversationState | null> {
    const { rows } = await tx.query<ConversationRow>({
      name: preparedName(`${this.table}:lock`),
      text: `SELECT * FROM ${this.table} WHERE id = $1 FOR UPDATE`,
      values: [conversationId],
    });
    return rows[0] ? toState(rows[0]) : null;
  }

  /** A message of the conversation, or null when it has no such message. */
  async message(tx: Queryable, conversationId: string, messageId: string): Promise<MessageRecord | null> {
    const { rows } = await tx.query<{ sender_id: string; seq: number; sent_at: Date }>({
      name: preparedName(`${this.messages}:find`),
      text: `SELECT sender_id, seq, sent_at FROM ${this.messages} WHERE message_id = $1 AND conversation_id = $2`,
      values: [messageId, conversationId],
    });
    const row = rows[0];
    return row
      ? {
          messageId,
          conversationId,
          senderId: row.sender_id,
          seq: row.seq,
          sentAt: row.sent_at.toISOString(),
        }
      : null;
  }

  /** How far the reader has read the conversation, or null when they have marked nothing read. */
  async readPosition(tx: Queryable, conversationId: string, readerId: string): Promise<ReadPosition | null> {
    const { rows } = await tx.query<{ up_to_message_id: string; up_to_seq: number }>({
      name: preparedName(`${this.reads}:position`),
      text: `SELECT up_to_message_id, up_to_seq FROM ${this.reads} WHERE conversation_id = $1 AND reader_id = $2`,
      values: [conversationId, readerId],
    });
    const row = rows[0];
    return row ? { messageId: row.up_to_message_id, seq: row.up_to_seq } : null;
  }

  /** A start's row, written in the append's own statement. */
  writeStarted(conversation: ConversationState): AlongsideWrite {
    return {
      name: 'start-conversation',
      ctes: `conversation_started AS (
          INSERT INTO ${this.table} (id, low_id, high_id, job_id, started_at, version)
          VALUES ($1, $2, $3, $4, $5, $6))`,
      values: [
        conversation.id,
        conversation.participantIds[0],
        conversation.participantIds[1],
        conversation.jobId,
        conversation.startedAt,
        conversation.version,
      ],
    };
  }

  /** A sent message, and the conversation's version after it, in the append's own statement. */
  writeSent(conversation: ConversationState, message: MessageRecord): AlongsideWrite {
    return {
      name: 'send-message',
      ctes: `conversation_moved AS (UPDATE ${this.table} SET version = $2, last_sent_at = $6 WHERE id = $1),
        message_sent AS (
          INSERT INTO ${this.messages} (message_id, conversation_id, sender_id, seq, sent_at)
          VALUES ($3, $1, $4, $5, $6))`,
      values: [
        conversation.id,
        conversation.version,
        message.messageId,
        message.senderId,
        message.seq,
        message.sentAt,
      ],
    };
  }

  /** A reader's new position, and the conversation's version after it, in the append's own statement. */
  writeRead(
    conversation: ConversationState,
    readerId: string,
    position: ReadPosition,
    readAt: string,
  ): AlongsideWrite {
    return {
      name: 'mark-conversation-read',
      ctes: `conversation_read_moved AS (UPDATE ${this.table} SET version = $2 WHERE id = $1),
        conversation_read AS (
          INSERT INTO ${this.reads} (conversation_id, reader_id, up_to_message_id, up_to_seq, read_at)
          VALUES ($1, $3, $4, $5, $6)
          ON CONFLICT (conversation_id, reader_id) DO UPDATE
            SET up_to_message_id = EXCLUDED.up_to_message_id, up_to_seq = EXCLUDED.up_to_seq,
                read_at = EXCLUDED.read_at)`,
      values: [conversation.id, conversation.version, readerId, position.messageId, position.seq, readAt],
    };
  }
}

/**
 * The only reader and writer of the blocks table (migration 016). A block is the blocker's: decided on
 * their locked user row (their user stream), so their blocks and unblocks of one person run one after
 * the other. Reads made for a message (`between`) take no lock: a block committing just after a
 * message was decided comes after that message, as it would have a moment later.
 */
export class BlockStore {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.blocks`;
  }

  /** When `userId` blocked `blockedUserId`, or null when they have not. */
  async blockedAt(tx: Queryable, userId: string, blockedUserId: string): Promise<string | null> {
    const { rows } = await tx.query<{ blocked_at: Date }>({
      name: preparedName(`${this.table}:blocked-at`),
      text: `SELECT blocked_at FROM ${this.table} WHERE user_id = $1 AND blocked_user_id = $2`,
      values: [userId, blockedUserId],
    });
    return rows[0]?.blocked_at.toISOString() ?? null;
  }

  /** Whether each of the two blocked the other, in one round trip. */
  async between(
    tx: Queryable,
    actorId: string,
    otherId: string,
  ): Promise<{ byActor: boolean; byOther: boolean }> {
    const { rows } = await tx.query<{ user_id: string }>({
      name: preparedName(`${this.table}:between`),
      text: `SELECT user_id FROM ${this.table}
              WHERE (user_id = $1 AND blocked_user_id = $2) OR (user_id = $2 AND blocked_user_id = $1)`,
      values: [actorId, otherId],
    });
    const by = new Set(rows.map((row) => row.user_id));
    return { byActor: by.has(actorId), byOther: by.has(otherId) };
  }

  async add(tx: Queryable, userId: string, blockedUserId: string, blockedAt: string): Promise<void> {
    await tx.query({
      name: preparedName(`${this.table}:add`),
      text: `INSERT INTO ${this.table} (user_id, blocked_user_id, blocked_at) VALUES ($1, $2, $3)`,
      values: [userId, blockedUserId, blockedAt],
    });
  }

  async remove(tx: Queryable, userId: string, blockedUserId: string): Promise<void> {
    await tx.query({
      name: preparedName(`${this.table}:remove`),
      text: `DELETE FROM ${this.table} WHERE user_id = $1 AND blocked_user_id = $2`,
      values: [userId, blockedUserId],
    });
  }

  /**
   * Every block of the person's and on them, for their account's deletion (before their user row
   * goes). A block of theirs in flight holds their user row, locked by the deletion; one of someone
   * else's on them holds their row FOR KEY SHARE (`UserStore.holdExisting`): it commits first and is
   * removed here, or finds no account.
   */
  async removeAllOf(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`DELETE FROM ${this.table} WHERE user_id = $1 OR blocked_user_id = $1`, [userId]);
  }
}
