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

const pair = (a: string, b: string) => (a < b ? [a, b] : [b, a]);

/**
 * A link that lets two people write to each other: an accepted connection (gone when removed, or
 * declined after all) or an application between a job's poster and an applicant (for as long as the
 * application is there: its status does not end it). Not written when either person is gone (an event
 * of another topic applied after their AccountDeleted).
 */
async function linked(
  event: EventOfType<'ConnectionAccepted' | 'ApplicationSubmitted'>,
  tx: Tx,
  schema: string,
): Promise<void> {
  const [linkId, a, b] =
    event.type === 'ConnectionAccepted'
      ? [event.data.connectionId, event.data.requesterId, event.data.recipientId]
      : [event.data.applicationId, event.data.applicantId, event.data.employerId];
  if (a === b || (await deletedAmong(tx, schema, [a, b])).size > 0) return;
  const [low, high] = pair(a, b);
  await tx.query(
    `INSERT INTO ${schema}.messaging_links (link_id, low_id, high_id) VALUES ($1, $2, $3)
     ON CONFLICT (link_id) DO NOTHING`,
    [linkId, low, high],
  );
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
      case 'ConnectionAccepted':
      case 'ApplicationSubmitted':
        return linked(event, tx, schema);
      case 'ConnectionDeclined':
      case 'ConnectionRemoved':
        await tx.query(`DELETE FROM ${schema}.messaging_links WHERE link_id = $1`, [event.data.connectionId]);
        return;
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
  // cards are read by this model's queries alone.
  batched: [...conversationEvents, 'UserRegistered', 'ProfileUpdated'],
  // A run is of one stream type: conversations' events, or people's.
  async applyBatch(events, { tx, schema }) {
    if (events[0]?.streamType === 'user') return people.apply(events, { tx, schema });
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
