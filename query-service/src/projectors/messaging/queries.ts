import type { ConversationSummary, Message, MessagePage } from '@careers/contracts/entities/conversation';
import { type ConversationCursor, conversationCursorOf } from '@careers/contracts/requests/messaging';
import type { Pool } from '@careers/service-kit';
import { profilePictureOf } from '../file-urls.ts';

interface SummaryRow {
  id: string;
  other_id: string;
  first_name: string | null;
  last_name: string | null;
  other_job_title: string | null;
  picture_id: string | null;
  job_id: string | null;
  job_title: string | null;
  unread_count: number;
  seen_up_to: string | null;
  updated_at: Date;
  m_id: string | null;
  m_sender_id: string | null;
  m_text: string | null;
  m_erased: boolean | null;
  m_sent_at: Date | null;
  can_write: boolean;
  blocked_by_me: boolean;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  text: string;
  erased: boolean;
  sent_at: Date;
}

/**
 * SQL: the summaries of the reader's conversation rows `m` (a row of conversation_members): the other
 * person's card (none for a deleted account: empty names), the job, the last message, and whether the
 * reader may write (linked by a connection or an application, and no block either way), each a lookup
 * through a key or an index.
 */
const summarySql = (s: string) => `
  SELECT m.conversation_id AS id, m.other_id, p.first_name, p.last_name, p.job_title AS other_job_title,
         p.picture_id, c.job_id, c.job_title, m.unread_count, m.seen_up_to, m.updated_at,
         lm.id AS m_id, lm.sender_id AS m_sender_id, lm.text AS m_text, lm.erased AS m_erased,
         lm.sent_at AS m_sent_at,
         (EXISTS (SELECT 1 FROM ${s}.messaging_links l
                   WHERE l.low_id = least(m.user_id, m.other_id) AND l.high_id = greatest(m.user_id, m.other_id))
          AND (SELECT true FROM ${s}.messaging_blocks b
                WHERE b.user_id = m.other_id AND b.blocked_user_id = m.user_id LIMIT 1) IS NULL
          AND mine.blocked IS NULL) AS can_write,
         mine.blocked IS NOT NULL AS blocked_by_me
    FROM ${s}.conversation_members m
    JOIN ${s}.conversations c ON c.id = m.conversation_id
    LEFT JOIN ${s}.messaging_people p ON p.id = m.other_id
    LEFT JOIN ${s}.messages lm ON lm.id = m.last_message_id
    -- A key lookup per row (LIMIT keeps the planner from hashing every block instead).
    LEFT JOIN LATERAL (
      SELECT true AS blocked FROM ${s}.messaging_blocks b
       WHERE b.user_id = m.user_id AND b.blocked_user_id = m.other_id LIMIT 1
    ) mine ON true`;

const toMessage = (r: MessageRow): Message => ({
  _id: r.id,
  conversationId: r.conversation_id,
  senderId: r.sender_id,
  text: r.erased ? '' : r.text,
  erased: r.erased,
  sentAt: r.sent_at.toISOString(),
});

const toSummary = (r: SummaryRow): ConversationSummary => ({
  _id: r.id,
  other: {
    _id: r.other_id,
    firstName: r.first_name ?? '',
    lastName: r.last_name ?? '',
    profilePicture: profilePictureOf(r.picture_id),
    jobTitle: r.other_job_title ?? '',
  },
  job: r.job_id === null ? null : { jobId: r.job_id, title: r.job_title ?? '' },
  lastMessage:
    r.m_id === null
      ? null
      : toMessage({
          id: r.m_id,
          conversation_id: r.id,
          sender_id: r.m_sender_id ?? '',
          text: r.m_text ?? '',
          erased: r.m_erased ?? false,
          sent_at: r.m_sent_at ?? r.updated_at,
        }),
  unreadCount: r.unread_count,
  seenUpTo: r.seen_up_to,
  canWrite: r.can_write,
  blockedByMe: r.blocked_by_me,
  updatedAt: r.updated_at.toISOString(),
});

/** The only reader of the messaging read model's tables. */
export class MessagingQueries {
  private readonly pool: Pool;
  private readonly s: string;

  constructor(pool: Pool, schema: string) {
    this.pool = pool;
    this.s = schema;
  }

  /**
   * A page of the reader's conversations, the latest changed first, after the `before` cursor when
   * given (time and id: two conversations changed in the same millisecond are told apart by their
   * ids, in the order the list sorts them): one statement, through `conversation_members_list`.
   * `nextBefore` is the last one's cursor when there may be more.
   */
  async list(
    userId: string,
    before: ConversationCursor | undefined,
    limit: number,
  ): Promise<{ data: ConversationSummary[]; nextBefore: string | null }> {
    const { rows } = await this.pool.query<SummaryRow>(
      `${summarySql(this.s)}
        WHERE m.user_id = $1
          AND ($2::timestamptz IS NULL OR (m.updated_at, m.conversation_id) < ($2::timestamptz, $3::text))
        ORDER BY m.updated_at DESC, m.conversation_id DESC
        LIMIT $4`,
      [userId, before?.at ?? null, before?.id ?? null, limit + 1],
    );
    const data = rows.slice(0, limit).map(toSummary);
    const last = data.at(-1);
    return { data, nextBefore: rows.length > limit && last ? conversationCursorOf(last) : null };
  }

  /** How many of the reader's conversations have messages they have not read (a partial index). */
  async unreadCount(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.s}.conversation_members WHERE user_id = $1 AND unread_count > 0`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * A page of a thread, newest first, before the message `before` when given, with the conversation as
   * the reader sees it; null for a conversation the reader is not in (or that does not exist).
   */
  async thread(
    userId: string,
    conversationId: string,
    before: string | undefined,
    limit: number,
  ): Promise<MessagePage | null> {
    const s = this.s;
    const { rows } = await this.pool.query<
      SummaryRow & { messages: (Omit<MessageRow, 'sent_at'> & { sent_at: string })[] }
    >(
      `${summarySql(s)}
        CROSS JOIN LATERAL (
          SELECT coalesce(json_agg(t ORDER BY t.seq DESC), '[]'::json) AS messages FROM (
            SELECT x.id, x.conversation_id, x.sender_id, x.text, x.erased, x.sent_at, x.seq
              FROM ${s}.messages x
             WHERE x.conversation_id = m.conversation_id
               AND ($3::text IS NULL OR x.seq < (SELECT b.seq FROM ${s}.messages b
                                                   WHERE b.id = $3 AND b.conversation_id = m.conversation_id))
             ORDER BY x.seq DESC LIMIT $4
          ) t
        ) page
        WHERE m.conversation_id = $1 AND m.user_id = $2`.replace(
        'lm.sent_at AS m_sent_at,',
        'lm.sent_at AS m_sent_at, page.messages,',
      ),
      [conversationId, userId, before ?? null, limit + 1],
    );
    const row = rows[0];
    if (!row) return null;
    const messages = row.messages
      .slice(0, limit)
      .map((m) => toMessage({ ...m, sent_at: new Date(m.sent_at) }));
    return {
      conversation: toSummary(row),
      messages,
      nextBefore: row.messages.length > limit ? (messages.at(-1)?._id ?? null) : null,
    };
  }
}
