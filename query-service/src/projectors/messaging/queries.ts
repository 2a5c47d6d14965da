import type {
  ConversationPage,
  ConversationSummary,
  Message,
  MessagePage,
} from '@careers/contracts/entities/conversation';
import { type ConversationCursor, conversationCursorOf } from '@careers/contracts/requests/messaging';
import { type Pool, preparedName } from '@careers/service-kit';
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
 * SQL: the summaries of the reader's conversation rows `m` (rows of conversation_members, chosen by
 * `members`, a subquery that already holds only the rows shown): the other person's card (none for a
 * deleted account: empty names), the job, the last message, and whether the reader may write (linked
 * by a connection or an application, and no block either way).
 *
 * Each of those is a lateral lookup through a key with `LIMIT 1`, which keeps the planner from turning
 * it into a join that hashes the whole table: the statements are prepared, and a prepared statement's
 * generic plan cannot know that `members` holds 20 rows (with plain joins it hashed every conversation
 * and card, and read every link, for a page of 20).
 */
const summarySql = (s: string, members: string) => `
  SELECT m.conversation_id AS id, m.other_id, p.first_name, p.last_name, p.job_title AS other_job_title,
         p.picture_id, c.job_id, c.job_title, m.unread_count, m.seen_up_to, m.updated_at,
         lm.id AS m_id, lm.sender_id AS m_sender_id, lm.text AS m_text, lm.erased AS m_erased,
         lm.sent_at AS m_sent_at,
         (link.yes IS NOT NULL AND theirs.blocked IS NULL AND mine.blocked IS NULL) AS can_write,
         mine.blocked IS NOT NULL AS blocked_by_me
    FROM ${members} m
    CROSS JOIN LATERAL (
      SELECT c.job_id, c.job_title FROM ${s}.conversations c WHERE c.id = m.conversation_id LIMIT 1
    ) c
    LEFT JOIN LATERAL (
      SELECT p.first_name, p.last_name, p.job_title, p.picture_id
        FROM ${s}.messaging_people p WHERE p.id = m.other_id LIMIT 1
    ) p ON true
    LEFT JOIN LATERAL (
      SELECT x.id, x.sender_id, x.text, x.erased, x.sent_at
        FROM ${s}.messages x WHERE x.id = m.last_message_id LIMIT 1
    ) lm ON true
    LEFT JOIN LATERAL (
      SELECT true AS yes FROM ${s}.messaging_links l
       WHERE l.low_id = least(m.user_id, m.other_id) AND l.high_id = greatest(m.user_id, m.other_id) LIMIT 1
    ) link ON true
    LEFT JOIN LATERAL (
      SELECT true AS blocked FROM ${s}.messaging_blocks b
       WHERE b.user_id = m.other_id AND b.blocked_user_id = m.user_id LIMIT 1
    ) theirs ON true
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
   * ids, in the order the list sorts them): one statement, the page's rows first through
   * `conversation_members_list`, then a key lookup for each of their parts.
   * `nextBefore` is the last one's cursor when there may be more. Prepared, as each statement here is:
   * planning the joins cost more than running them (about 0.8 against 0.3 ms for a page of 20).
   */
  async list(
    userId: string,
    before: ConversationCursor | undefined,
    limit: number,
  ): Promise<ConversationPage> {
    // Two statements, the first page's and the next pages', so that neither plan has to allow for both.
    const page = (after: string) => `(
      SELECT * FROM ${this.s}.conversation_members
       WHERE user_id = $1 ${after}
       ORDER BY updated_at DESC, conversation_id DESC
       LIMIT $2
    )`;
    const { rows } = await this.pool.query<SummaryRow>(
      before
        ? {
            name: preparedName(`${this.s}:conversation-list-after`),
            text: `${summarySql(this.s, page('AND (updated_at, conversation_id) < ($3::timestamptz, $4::text)'))}
              ORDER BY m.updated_at DESC, m.conversation_id DESC`,
            values: [userId, limit + 1, before.at, before.id],
          }
        : {
            name: preparedName(`${this.s}:conversation-list`),
            text: `${summarySql(this.s, page(''))} ORDER BY m.updated_at DESC, m.conversation_id DESC`,
            values: [userId, limit + 1],
          },
    );
    const data = rows.slice(0, limit).map(toSummary);
    const last = data.at(-1);
    return { data, nextBefore: rows.length > limit && last ? conversationCursorOf(last) : null };
  }

  /** How many of the reader's conversations have messages they have not read (a partial index). */
  async unreadCount(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>({
      name: preparedName(`${this.s}:conversation-unread`),
      text: `SELECT count(*)::int AS n FROM ${this.s}.conversation_members WHERE user_id = $1 AND unread_count > 0`,
      values: [userId],
    });
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
    >({
      name: preparedName(`${s}:conversation-thread`),
      text: `${summarySql(s, `(SELECT * FROM ${s}.conversation_members WHERE conversation_id = $1 AND user_id = $2)`)}
        CROSS JOIN LATERAL (
          SELECT coalesce(json_agg(t ORDER BY t.seq DESC), '[]'::json) AS messages FROM (
            SELECT x.id, x.conversation_id, x.sender_id, x.text, x.erased, x.sent_at, x.seq
              FROM ${s}.messages x
             WHERE x.conversation_id = m.conversation_id
               AND ($3::text IS NULL OR x.seq < (SELECT b.seq FROM ${s}.messages b
                                                   WHERE b.id = $3 AND b.conversation_id = m.conversation_id))
             ORDER BY x.seq DESC LIMIT $4
          ) t
        ) page`.replace('lm.sent_at AS m_sent_at,', 'lm.sent_at AS m_sent_at, page.messages,'),
      values: [conversationId, userId, before ?? null, limit + 1],
    });
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
