import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { domainEvents } from '@careers/contracts/events/catalogue';
import { ConsistencyTokenSigner, consistencyTokenSecret, SESSION_COOKIE } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkVersion } from '../projectors/version-scopes.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * The messaging screens' response cache over the real projectors, Postgres and Redis: the list, the
 * unread badge and a thread are served from the cache while nothing they show has changed, and every
 * change that shows on them (a message either way, a read, a block, a lost link, the other's new name,
 * an account deleted) is a miss for the people it concerns, and for nobody else. Each test makes its
 * own people.
 */

let bed: Awaited<ReturnType<typeof queryAppTestbed>>;
let signer: ConsistencyTokenSigner;

beforeAll(async () => {
  bed = await queryAppTestbed('messaging-cache');
  signer = new ConsistencyTokenSigner(consistencyTokenSecret(bed.config));
  // The projector's start gives the network's whole version its value (an account deletion moves it).
  await bed.redis.set(networkVersion.key, randomUUID());
});
afterAll(async () => {
  await bed?.close();
});

let minute = 0;
const later = () => new Date(Date.UTC(2026, 3, 1, 9, minute++)).toISOString();

interface Person {
  id: string;
  sid: string;
  next: number;
}

const LIST = '/api/conversations';
const UNREAD = '/api/conversations/unread-count';
const threadOf = (id: string) => `/api/conversations/${id}/messages`;

interface Summary {
  other: { _id: string; firstName: string };
  lastMessage: { text: string; erased: boolean } | null;
  unreadCount: number;
  seenUpTo: string | null;
  canWrite: boolean;
  blockedByMe: boolean;
}

async function read(who: Person, url: string, headers: Record<string, string> = {}) {
  const response = await bed.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `${SESSION_COOKIE}=${who.sid}`, ...headers },
  });
  expect(response.statusCode, url).toBe(200);
  return { cache: response.headers['x-read-cache'], body: response.json() as Record<string, unknown> };
}

const listOf = async (who: Person) => (await read(who, LIST)).body.data as Summary[];

async function expectCache(who: Person, url: string, expected: 'hit' | 'miss') {
  expect((await read(who, url)).cache, url).toBe(expected);
}

/** Ann and Bob, connected, in a conversation with Bob's first message; Cy, connected to Ann only. */
async function scene() {
  const [ann, bob, cy] = await Promise.all(
    ['Ann', 'Bob', 'Cy'].map(async (name) => ({ ...(await bed.signedIn(name)), next: 2 })),
  );
  const links: Record<string, string> = {};
  const connect = async (a: Person, b: Person) => {
    const connectionId = randomUUID();
    links[b.id] = connectionId;
    const parties = { connectionId, requesterId: a.id, recipientId: b.id };
    await bed.project([
      bed.event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: later() }),
      bed.event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: later() }),
    ]);
  };
  await connect(ann as Person, bob as Person);
  await connect(ann as Person, cy as Person);
  const conversationId = randomUUID();
  const participantIds: [string, string] = [(ann as Person).id, (bob as Person).id];
  let version = 1;
  const conversation = {
    id: conversationId,
    sent: (from: Person, text: string) => {
      const messageId = randomUUID();
      return {
        messageId,
        event: bed.event('MessageSent', conversationId, ++version, {
          conversationId,
          participantIds,
          messageId,
          senderId: from.id,
          text,
          sentAt: later(),
        }),
      };
    },
    read: (reader: Person, upToMessageId: string) =>
      bed.event('MessagesRead', conversationId, ++version, {
        conversationId,
        participantIds,
        readerId: reader.id,
        upToMessageId,
        readAt: later(),
      }),
  };
  const first = conversation.sent(bob as Person, 'Hello Ann');
  await bed.project([
    bed.event('ConversationStarted', conversationId, 1, {
      conversationId,
      participantIds,
      startedBy: (bob as Person).id,
      job: null,
      startedAt: later(),
    }),
    first.event,
  ]);
  return { ann: ann as Person, bob: bob as Person, cy: cy as Person, conversation, first, links };
}

/** Reads each URL twice for each reader, so that each is cached (the second read a hit). */
async function primed(pairs: [Person, string][]): Promise<void> {
  for (const [who, url] of pairs) {
    await read(who, url);
    expect((await read(who, url)).cache, `${url} cached`).toBe('hit');
  }
}

describe('the messaging cache', () => {
  it("serves the list, the badge and a thread again until a message; then shows it, and Cy's stay cached", async () => {
    const { ann, bob, cy, conversation } = await scene();
    const thread = threadOf(conversation.id);
    await primed([
      [ann, LIST],
      [ann, UNREAD],
      [ann, thread],
      [bob, LIST],
      [cy, LIST],
      [cy, UNREAD],
    ]);
    expect((await read(ann, UNREAD)).body).toEqual({ count: 1 });

    await bed.project([conversation.sent(bob, 'Are you there?').event]);
    const [summary] = await listOf(ann);
    expect(summary?.lastMessage?.text).toBe('Are you there?');
    expect(summary?.unreadCount).toBe(2);
    await expectCache(ann, thread, 'miss');
    await expectCache(bob, LIST, 'miss');
    await expectCache(ann, UNREAD, 'miss');
    await expectCache(cy, LIST, 'hit');
    await expectCache(cy, UNREAD, 'hit');
  });

  it("shows Ann's read to Bob as Seen, and her badge clears", async () => {
    const { ann, bob, conversation, first } = await scene();
    const thread = threadOf(conversation.id);
    const reply = conversation.sent(ann, 'Hi Bob');
    await bed.project([reply.event]);
    await primed([
      [ann, UNREAD],
      [bob, thread],
    ]);
    // Seen under Bob's message; Bob's read of the reply is the other half of the same exchange.
    await bed.project([conversation.read(ann, first.messageId), conversation.read(bob, reply.messageId)]);
    expect((await read(ann, UNREAD)).body).toEqual({ count: 0 });
    const seen = await read(bob, thread);
    expect(seen.cache).toBe('miss');
    expect((seen.body.data as { conversation: Summary }).conversation.seenUpTo).toBe(first.messageId);
  });

  it("shows the other person's new name, and a block and a removed connection as no longer writable", async () => {
    const { ann, bob, cy, links } = await scene();
    await primed([
      [ann, LIST],
      [cy, LIST],
    ]);
    await bed.project([
      bed.event('ProfileUpdated', bob.id, bob.next++, {
        ...domainEvents.ProfileUpdated.example,
        userId: bob.id,
        firstName: 'Robert',
        lastName: 'Tester',
        email: `${bob.id}@example.com`,
      }),
    ]);
    expect((await listOf(ann))[0]?.other.firstName).toBe('Robert');
    // Bob's own profile moves his network version (what his suggestions are matched on), so his own
    // screens are read again; Cy's, which do not show Bob, stay cached.
    await expectCache(cy, LIST, 'hit');

    await primed([[ann, LIST]]);
    await bed.project([
      bed.event('PersonBlocked', bob.id, bob.next++, {
        userId: bob.id,
        blockedUserId: ann.id,
        blockedAt: later(),
      }),
    ]);
    expect((await listOf(ann))[0]?.canWrite).toBe(false);
    expect((await listOf(bob))[0]).toMatchObject({ canWrite: false, blockedByMe: true });
    await bed.project([
      bed.event('PersonUnblocked', bob.id, bob.next++, {
        userId: bob.id,
        blockedUserId: ann.id,
        unblockedAt: later(),
      }),
    ]);
    expect((await listOf(ann))[0]?.canWrite).toBe(true);

    await primed([
      [ann, LIST],
      [cy, LIST],
    ]);
    const connectionId = links[bob.id] as string;
    await bed.project([
      bed.event('ConnectionRemoved', connectionId, 3, {
        connectionId,
        requesterId: ann.id,
        recipientId: bob.id,
        removedBy: ann.id,
        removedAt: later(),
      }),
    ]);
    expect((await listOf(ann))[0]?.canWrite).toBe(false);
    await expectCache(cy, LIST, 'hit');
  });

  it("erases a deleted account's messages on the other's list at once", async () => {
    const { ann, bob } = await scene();
    await primed([[ann, LIST]]);
    await bed.project([
      bed.event('AccountDeleted', bob.id, bob.next++, {
        ...domainEvents.AccountDeleted.example,
        userId: bob.id,
      }),
    ]);
    const [summary] = await listOf(ann);
    expect(summary?.lastMessage).toMatchObject({ text: '', erased: true });
    expect(summary?.other.firstName).toBe('');
  });

  it('never serves a read that carries a consistency token from the cache', async () => {
    const { ann, conversation } = await scene();
    await primed([[ann, LIST]]);
    // The conversation's stream is at version 2 (started, Bob's first message), so it waits for nothing.
    const token = signer.issue({ streamId: conversation.id, streamVersion: 2 }, ann.id);
    expect((await read(ann, LIST, { [CONSISTENCY_HEADER]: token })).cache).toBe('miss');
    await expectCache(ann, LIST, 'hit');
  });
});
