import type { EventOnStream } from '@careers/contracts/events/event-table';
import { deletedAmong } from '../erasure.ts';
import type { ProjectionContext } from '../projector.ts';

type Tx = ProjectionContext['tx'];

/** The events of a conversation's own stream. */
export type ConversationEvent = EventOnStream<'conversation'>;

interface ConversationRow {
  id: string;
  first_id: string;
  second_id: string;
  started_by: string;
  job_id: string | null;
  job_title: string | null;
  started_at: string;
  sent_first: number;
  sent_second: number;
}

interface MemberRow {
  conversation_id: string;
  user_id: string;
  other_id: string;
  unread_count: number;
  read_nth: number;
  last_read: string | null;
  seen_up_to: string | null;
  seen_nth: number;
  last_message_id: string | null;
  updated_at: string;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  nth: number;
  text: string;
  erased: boolean;
  sent_at: string;
}

const later = (a: string, b: string) => (new Date(a).getTime() >= new Date(b).getTime() ? a : b);

/**
 * A run of conversation events (in stream order, of any conversations; one event alone is a run of
 * one), with the effect of applying them one at a time: the conversations, their members' rows and the
 * messages read up to are read once, with the deleted accounts among the people named; the events play
 * out in memory; what they changed is written in three statements. Only this model writes these tables,
 * and it reads nothing else but the erasure ledger.
 *
 * A deleted person's side is never written: a conversation started after their AccountDeleted (a
 * lagging topic) gets the other's row alone, their messages arrive erased, and their read marks move
 * only the other's "seen", as they would have before the deletion. So the rows are the same whatever
 * order the topics are read in.
 */
export async function applyConversationRun(
  events: readonly ConversationEvent[],
  tx: Tx,
  schema: string,
): Promise<void> {
  const s = schema;
  const ids = new Set<string>();
  const people = new Set<string>();
  const readUpTo = new Set<string>();
  for (const event of events) {
    ids.add(event.data.conversationId);
    for (const id of event.data.participantIds) people.add(id);
    if (event.type === 'MessagesRead') readUpTo.add(event.data.upToMessageId);
  }
  const [{ rows: found }, { rows: members }, { rows: readMessages }, deleted] = [
    await tx.query<ConversationRow>(
      `SELECT id, first_id, second_id, started_by, job_id, job_title, to_json(started_at) #>> '{}' AS started_at, sent_first, sent_second
         FROM ${s}.conversations WHERE id = ANY($1::text[])`,
      [[...ids]],
    ),
    await tx.query<MemberRow>(
      `SELECT conversation_id, user_id, other_id, unread_count, read_nth, last_read, seen_up_to, seen_nth,
              last_message_id, to_json(updated_at) #>> '{}' AS updated_at
         FROM ${s}.conversation_members WHERE conversation_id = ANY($1::text[])`,
      [[...ids]],
    ),
    await tx.query<{ id: string; sender_id: string; nth: number }>(
      `SELECT id, sender_id, nth FROM ${s}.messages WHERE id = ANY($1::text[])`,
      [[...readUpTo]],
    ),
    await deletedAmong(tx, s, [...people]),
  ];
  const conversations = new Map(found.map((r) => [r.id, r]));
  const memberKey = (conversationId: string, userId: string) => `${conversationId} ${userId}`;
  const rows = new Map(members.map((m) => [memberKey(m.conversation_id, m.user_id), m]));
  const known = new Map(readMessages.map((m) => [m.id, m]));
  const written = new Map<string, MessageRow>();
  const changedConversations = new Set<string>();
  const changedMembers = new Set<string>();

  for (const event of events) {
    const d = event.data;
    const [first, second] = d.participantIds;
    switch (event.type) {
      case 'ConversationStarted': {
        if (conversations.has(d.conversationId)) break;
        conversations.set(d.conversationId, {
          id: d.conversationId,
          first_id: first,
          second_id: second,
          started_by: event.data.startedBy,
          job_id: event.data.job?.jobId ?? null,
          job_title: event.data.job?.title ?? null,
          started_at: event.data.startedAt,
          sent_first: 0,
          sent_second: 0,
        });
        changedConversations.add(d.conversationId);
        for (const [me, other] of [
          [first, second],
          [second, first],
        ] as const) {
          if (deleted.has(me)) continue;
          const key = memberKey(d.conversationId, me);
          rows.set(key, {
            conversation_id: d.conversationId,
            user_id: me,
            other_id: other,
            unread_count: 0,
            read_nth: 0,
            last_read: null,
            seen_up_to: null,
            seen_nth: 0,
            last_message_id: null,
            updated_at: event.data.startedAt,
          });
          changedMembers.add(key);
        }
        break;
      }
      case 'MessageSent': {
        const conversation = conversations.get(d.conversationId);
        if (!conversation) break;
        const m = event.data;
        const byFirst = m.senderId === conversation.first_id;
        const nth = byFirst ? ++conversation.sent_first : ++conversation.sent_second;
        changedConversations.add(d.conversationId);
        const erased = deleted.has(m.senderId);
        const message: MessageRow = {
          id: m.messageId,
          conversation_id: d.conversationId,
          seq: event.streamVersion,
          sender_id: m.senderId,
          nth,
          text: erased ? '' : m.text,
          erased,
          sent_at: m.sentAt,
        };
        written.set(m.messageId, message);
        known.set(m.messageId, message);
        for (const userId of [first, second]) {
          const row = rows.get(memberKey(d.conversationId, userId));
          if (!row) continue;
          row.last_message_id = m.messageId;
          row.updated_at = later(row.updated_at, m.sentAt);
          if (userId !== m.senderId) row.unread_count = nth - row.read_nth;
          changedMembers.add(memberKey(d.conversationId, userId));
        }
        break;
      }
      case 'MessagesRead': {
        const r = event.data;
        const upTo = known.get(r.upToMessageId);
        // Only a message of the other counts as read (the write side records nothing else).
        if (!upTo || upTo.sender_id === r.readerId) break;
        const reader = rows.get(memberKey(d.conversationId, r.readerId));
        if (reader && upTo.nth > reader.read_nth) {
          const conversation = conversations.get(d.conversationId);
          const sentByOther =
            conversation === undefined
              ? upTo.nth
              : upTo.sender_id === conversation.first_id
                ? conversation.sent_first
                : conversation.sent_second;
          reader.read_nth = upTo.nth;
          reader.last_read = r.upToMessageId;
          reader.unread_count = Math.max(0, sentByOther - upTo.nth);
          changedMembers.add(memberKey(d.conversationId, r.readerId));
        }
        const sender = rows.get(memberKey(d.conversationId, upTo.sender_id));
        if (sender && upTo.nth > sender.seen_nth) {
          sender.seen_nth = upTo.nth;
          sender.seen_up_to = r.upToMessageId;
          changedMembers.add(memberKey(d.conversationId, upTo.sender_id));
        }
        break;
      }
    }
  }

  if (changedConversations.size > 0) {
    const list = [...changedConversations].map((id) => conversations.get(id) as ConversationRow);
    await tx.query(
      `INSERT INTO ${s}.conversations (id, first_id, second_id, started_by, job_id, job_title, started_at,
         sent_first, sent_second)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, first_id text, second_id text,
         started_by text, job_id text, job_title text, started_at timestamptz, sent_first int, sent_second int)
       ON CONFLICT (id) DO UPDATE SET sent_first = EXCLUDED.sent_first, sent_second = EXCLUDED.sent_second`,
      [JSON.stringify(list)],
    );
  }
  if (written.size > 0) {
    await tx.query(
      `INSERT INTO ${s}.messages (id, conversation_id, seq, sender_id, nth, text, erased, sent_at)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, conversation_id text, seq int, sender_id text,
         nth int, text text, erased boolean, sent_at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify([...written.values()])],
    );
  }
  if (changedMembers.size > 0) {
    const list = [...changedMembers].map((key) => rows.get(key) as MemberRow);
    await tx.query(
      `INSERT INTO ${s}.conversation_members AS m (conversation_id, user_id, other_id, unread_count, read_nth,
         last_read, seen_up_to, seen_nth, last_message_id, updated_at)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(conversation_id text, user_id text, other_id text,
         unread_count int, read_nth int, last_read text, seen_up_to text, seen_nth int, last_message_id text,
         updated_at timestamptz)
       ON CONFLICT (conversation_id, user_id) DO UPDATE SET unread_count = EXCLUDED.unread_count,
         read_nth = EXCLUDED.read_nth, last_read = EXCLUDED.last_read, seen_up_to = EXCLUDED.seen_up_to,
         seen_nth = EXCLUDED.seen_nth, last_message_id = EXCLUDED.last_message_id,
         updated_at = EXCLUDED.updated_at`,
      [JSON.stringify(list)],
    );
  }
}
