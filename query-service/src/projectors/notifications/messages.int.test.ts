import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { NotificationQueries } from './queries.ts';

/** Messages notify their recipient: one notification per conversation, moved up by each new message. */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let notifications: NotificationQueries;

beforeAll(async () => {
  bed = await projectorTestbed('notifications-messages');
  notifications = new NotificationQueries(bed.pool, bed.schema);
});
afterAll(async () => {
  await bed?.close();
});

const at = (minute: number) => new Date(Date.UTC(2026, 3, 2, 9, minute)).toISOString();

describe('message notifications', () => {
  it('groups a burst into one unread notification, read with the conversation and unread again with the next message', async () => {
    const [ann, bob] = [randomUUID(), randomUUID()];
    const conversationId = randomUUID();
    const participantIds: [string, string] = [ann, bob];
    let version = 0;
    const sent = (minute: number) =>
      bed.event('MessageSent', conversationId, ++version, {
        conversationId,
        participantIds,
        messageId: randomUUID(),
        senderId: ann,
        text: `Hello ${minute}`,
        sentAt: at(minute),
      });
    const started = bed.event('ConversationStarted', conversationId, ++version, {
      conversationId,
      participantIds,
      startedBy: ann,
      job: null,
      startedAt: at(0),
    });
    const burst = [sent(1), sent(2), sent(3)];
    await bed.runner.applyMessages(
      [bed.registered(ann, 'Ann'), bed.registered(bob, 'Bob'), started, ...burst].map(bed.message),
    );
    const list = await notifications.list(bob, 1, 20);
    expect(list.data).toMatchObject([
      {
        kind: 'new_message',
        actors: [{ _id: ann, firstName: 'Ann' }],
        target: { type: 'conversation', conversationId },
        read: false,
        createdAt: at(3),
      },
    ]);
    expect(list.unreadCount).toBe(1);
    expect((await notifications.list(ann, 1, 20)).data).toEqual([]);
    const last = burst.at(-1)?.data as { messageId: string };
    await bed.runner.applyMessages(
      [
        bed.event('MessagesRead', conversationId, ++version, {
          conversationId,
          participantIds,
          readerId: bob,
          upToMessageId: last.messageId,
          readAt: at(4),
        }),
      ].map(bed.message),
    );
    expect(await notifications.unreadCount(bob)).toBe(0);
    await bed.runner.applyMessages([sent(5)].map(bed.message));
    const after = await notifications.list(bob, 1, 20);
    expect(after.data).toMatchObject([{ kind: 'new_message', read: false, createdAt: at(5) }]);
    expect(after.unreadCount).toBe(1);
  });
});
