import { type EventOfType, eventsDecided } from '@careers/contracts/events/event-table';
import { deletedAmong } from '../erasure.ts';
import { peopleCards, personCardEvents, userEventsBesidesCards } from '../people-cards.ts';
import { defineProjector, type ProjectionContext, unhandled } from '../projector.ts';
import { applyConversationRun, type ConversationEvent } from './conversations.ts';

type Tx = ProjectionContext['tx'];

/** The other person of each conversation, as the list and the thread show them (people-cards.ts). */
const people = peopleCards('messaging_people');

const blockEvents = ['PersonBlocked', 'PersonUnblocked'] as const;
const conversationEvents = ['ConversationStarted', 'MessageSent', 'MessagesRead'] as const;

/** The user events this model has no use for: neither the cards' nor the blocks'. */
const otherUserEvents = userEventsBesidesCards.filter(
  (type): type is Exclude<(typeof userEventsBesidesCards)[number], (typeof blockEvents)[number]> =>
    !(blockEvents as readonly string[]).includes(type),
);

const pair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

const linkEvents = [
  'ConnectionAccepted',
  'ConnectionDeclined',
  'ConnectionRemoved',
  'ApplicationSubmitted',
] as const;
type LinkEvent = EventOfType<(typeof linkEvents)[number]>;

/**
 * Links that let two people write to each other, for any number of link events in stream order: an
 * accepted connection (gone when removed, or declined after all) or an application between a job's
 * poster and an applicant (for as long as the application is there: its status does not end it). A link
 * is not written when it would join a person to themselves, or either person is gone (an event of
 * another topic applied after their AccountDeleted): such an event changes nothing.
 *
 * Each link's last event that changes something decides it: made (if not there), or ended. The deleted
 * accounts are read once for the run, as no event of a run of connection or application events deletes
 * an account; then one statement ends the links and one makes them.
 */
async function applyLinks(events: readonly LinkEvent[], tx: Tx, schema: string): Promise<void> {
  const made = (event: LinkEvent) =>
    event.type === 'ConnectionAccepted'
      ? { id: event.data.connectionId, people: pair(event.data.requesterId, event.data.recipientId) }
      : event.type === 'ApplicationSubmitted'
        ? { id: event.data.applicationId, people: pair(event.data.applicantId, event.data.employerId) }
        : null;
  const named = events.flatMap((event) => made(event)?.people ?? []);
  const deleted = await deletedAmong(tx, schema, named);
  // Each link's last change: its people when made, null when ended.
  const last = new Map<string, [string, string] | null>();
  for (const event of events) {
    const link = made(event);
    if (link === null) {
      last.set((event as EventOfType<'ConnectionDeclined' | 'ConnectionRemoved'>).data.connectionId, null);
      continue;
    }
    const [low, high] = link.people;
    if (low === high || deleted.has(low) || deleted.has(high)) continue;
    last.set(link.id, [low, high]);
  }
  const ended = [...last].filter(([, people]) => people === null).map(([id]) => id);
  const kept = [...last].flatMap(([id, people]) => (people === null ? [] : [[id, ...people]]));
  if (ended.length > 0) {
    await tx.query(`DELETE FROM ${schema}.messaging_links WHERE link_id = ANY($1::text[])`, [ended]);
  }
  if (kept.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.messaging_links (link_id, low_id, high_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT (link_id) DO NOTHING`,
      [kept.map((k) => k[0]), kept.map((k) => k[1]), kept.map((k) => k[2])],
    );
  }
}

/**
 * The messaging read model: conversations, their messages, each participant's own state of each
 * (unread count, last read, the other's "seen", when it last changed), and what it shows or judges of
 * other aggregates, kept here from their events: the other person's card (`people`), the links that let
 * two people write (`messaging_links`) and the blocks (`messaging_blocks`). It reads no other model.
 *
 * A conversation's events are applied by `applyConversationRun`, a run at once or one event as a run of
 * one. Every write sets absolute values or is keyed by the event's own ids, so a redelivered event
 * (which the runner skips anyway) leaves the same rows. A person's AccountDeleted erases the messages
 * they sent (text "", `erased`), takes their own conversation rows, links, blocks and card; the other
 * keeps the thread. A rebuild truncates the tables (`reset`) and replays the topics into them.
 */
export const messagingProjector = defineProjector({
  name: 'messaging',
  handles: eventsDecided(['conversation', 'user', 'connection', 'application'], {
    handles: [
      ...conversationEvents,
      ...personCardEvents,
      ...blockEvents,
      'AccountDeleted',
      'ConnectionAccepted',
      'ConnectionDeclined',
      'ConnectionRemoved',
      'ApplicationSubmitted',
    ],
    ignores: [
      ...otherUserEvents,
      'ConnectionRequested',
      'ConnectionWithdrawn',
      'ApplicationStatusChanged',
      'ApplicationWithdrawn',
    ],
  }),
  async apply(event, { tx, schema }) {
    switch (event.type) {
      case 'ConversationStarted':
      case 'MessageSent':
      case 'MessagesRead':
        return applyConversationRun([event], tx, schema);
      case 'UserRegistered':
      case 'ProfileUpdated':
      case 'ProfilePictureUploaded':
      case 'ProfilePictureRemoved':
        return people.apply([event], { tx, schema });
      case 'PersonBlocked': {
        const { userId, blockedUserId } = event.data;
        if ((await deletedAmong(tx, schema, [userId, blockedUserId])).size > 0) return;
        await tx.query(
          `INSERT INTO ${schema}.messaging_blocks (user_id, blocked_user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
          [userId, blockedUserId],
        );
        return;
      }
      case 'PersonUnblocked':
        await tx.query(`DELETE FROM ${schema}.messaging_blocks WHERE user_id = $1 AND blocked_user_id = $2`, [
          event.data.userId,
          event.data.blockedUserId,
        ]);
        return;
      // Written once, as a batch of one (applyBatch).
      case 'ConnectionAccepted':
      case 'ApplicationSubmitted':
      case 'ConnectionDeclined':
      case 'ConnectionRemoved':
        return applyLinks([event], tx, schema);
      case 'AccountDeleted': {
        const { userId } = event.data;
        await tx.query(`UPDATE ${schema}.messages SET text = '', erased = true WHERE sender_id = $1`, [
          userId,
        ]);
        await tx.query(`DELETE FROM ${schema}.conversation_members WHERE user_id = $1`, [userId]);
        await tx.query(`DELETE FROM ${schema}.messaging_links WHERE low_id = $1 OR high_id = $1`, [userId]);
        await tx.query(`DELETE FROM ${schema}.messaging_blocks WHERE user_id = $1 OR blocked_user_id = $1`, [
          userId,
        ]);
        return people.apply([event], { tx, schema });
      }
      default:
        return unhandled(event);
    }
  },
  // A conversation's events read and write this model's rows alone (and the erasure ledger); people's
  // cards and the links are read by this model's queries alone, the links written from connections' and
  // applications' events alone.
  batched: [...conversationEvents, 'UserRegistered', 'ProfileUpdated', ...linkEvents],
  // A run is of one stream type: conversations' events, people's, connections' or applications'.
  async applyBatch(events, { tx, schema }) {
    const stream = events[0]?.streamType;
    if (stream === 'user') return people.apply(events, { tx, schema });
    if (stream === 'connection' || stream === 'application') {
      return applyLinks(events as readonly LinkEvent[], tx, schema);
    }
    return applyConversationRun(events as readonly ConversationEvent[], tx, schema);
  },
  async reset({ tx, schema }) {
    await people.reset({ tx, schema });
    await tx.query(
      `TRUNCATE ${schema}.conversations, ${schema}.conversation_members, ${schema}.messages,
         ${schema}.messaging_links, ${schema}.messaging_blocks`,
    );
  },
});
