import { randomUUID } from 'node:crypto';
import { domainEvents } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { interleaved, seeded } from './batch-history.ts';
import { pairKey, Thread } from './batch-messaging-history.ts';
import { testMessages } from './testing.ts';

/**
 * A network as the write side makes it, its streams interleaved: people registering, requests accepted,
 * declined and withdrawn, connections removed, pairs connecting again after a removal (a second stream
 * for the pair, its request sometimes sent before the old one is removed, so the pair has two accepted
 * rows for a while), people logging in, and a few posts, so accepted connections bring posts into
 * timelines. Some connected pairs write to each other (one conversation per pair, whatever its
 * connections: its messages may be applied before the connection's acceptance or after its removal, as
 * topics read at their own paces may), and some people block others, some lifting it again. Every
 * stream's events keep their order; streams of one pair, as on the topic, may not.
 */
export function networkHistory(seed: number): EventEnvelope[] {
  const random = seeded(seed);
  const { event, registered } = testMessages();
  const users = Array.from({ length: 14 }, () => randomUUID());
  const cities = ['Lisbon', ' lisbon ', 'Porto', ''];
  const skills = ['Kafka', 'kafka ', 'Postgres', 'TypeScript', ' '];
  const streams: EventEnvelope[][] = users.map((userId, i) => {
    const stream = [registered(userId, `Member${i}`)];
    // Some turn connection requests off, from before any request (each stream's times in order):
    // theirs are kept hidden. Put in after the streams are interleaved (below), so the interleaving
    // draws as it would without them.
    if (i % 4 === 1) {
      stream[0] = { ...(stream[0] as EventEnvelope), occurredAt: '2025-12-31T00:00:00.000Z' };
      stream.push({
        ...event('NotificationSettingsUpdated', userId, 2, {
          userId,
          settings: {
            ...domainEvents.NotificationSettingsUpdated.example.settings,
            connectionRequests: false,
          },
        }),
        occurredAt: '2026-01-01T00:00:00.000Z',
      });
    }
    // Logins, profiles and skills saved more than once, so a batch holds several of one person's.
    for (let n = 0; n < 2 + random.int(4); n++) {
      const version = stream.length + 1;
      const kind = random.int(3);
      if (kind === 0) {
        stream.push(
          event('UserLoggedIn', userId, version, {
            userId,
            at: new Date(Date.UTC(2026, 0, 1, 9, n)).toISOString(),
          }),
        );
      } else if (kind === 1) {
        stream.push(
          event('ProfileUpdated', userId, version, {
            ...domainEvents.ProfileUpdated.example,
            userId,
            firstName: `Member${i}`,
            jobTitle: `Engineer ${n}`,
            location: { ...domainEvents.ProfileUpdated.example.location, city: random.pick(cities) },
          }),
        );
      } else {
        stream.push(
          event('SkillsUpdated', userId, version, {
            userId,
            skills: skills
              .filter(() => random.int(2) === 0)
              .map((name) => ({ name, proficiency: 'Intermediate' as const, experience: n })),
          }),
        );
      }
    }
    return stream;
  });
  for (let i = 0; i < 8; i++) {
    const postId = randomUUID();
    streams.push([
      event('PostCreated', postId, 1, {
        postId,
        authorId: random.pick(users),
        content: `Post ${i}`,
        type: 'text',
        category: 'Career',
        visibility: 'connections',
        tags: [],
        createdAt: new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString(),
      }),
    ]);
  }
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 0, minute)).toISOString();
  /** Pairs accepted, by the minute of their acceptance: the conversations' (below). */
  const linked: { pair: [string, string]; minute: number }[] = [];
  for (let i = 0; i < 70; i++) {
    const requesterId = random.pick(users);
    const recipientId = random.pick(users.filter((u) => u !== requesterId));
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId, recipientId };
    const stream = [event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: at(i) })];
    const answer = random.int(10);
    if (answer < 6) {
      stream.push(event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: at(i + 1) }));
      linked.push({ pair: [requesterId, recipientId], minute: i + 1 });
      if (random.int(3) === 0) {
        stream.push(
          event('ConnectionRemoved', connectionId, 3, {
            ...parties,
            removedBy: requesterId,
            removedAt: at(i + 2),
          }),
        );
        // Connecting again: a new stream for the same pair.
        if (random.int(2) === 0) {
          const again = randomUUID();
          const pair = { connectionId: again, requesterId: recipientId, recipientId: requesterId };
          streams.push([
            event('ConnectionRequested', again, 1, { ...pair, requestedAt: at(i + 3) }),
            event('ConnectionAccepted', again, 2, { ...pair, respondedAt: at(i + 4) }),
          ]);
        }
      }
    } else if (answer < 8) {
      stream.push(event('ConnectionDeclined', connectionId, 2, { ...parties, respondedAt: at(i + 1) }));
    } else if (answer < 9) {
      stream.push(event('ConnectionWithdrawn', connectionId, 2, { ...parties, withdrawnAt: at(i + 1) }));
    }
    streams.push(stream);
  }
  // Conversations of some of the pairs accepted, and blocks, drawn from a generator of their own (the
  // rest of the history is as it was without them).
  const chat = seeded(seed * 7919 + 23);
  const talking = new Set<string>();
  for (let n = 0; n < 10; n++) {
    const { pair, minute } = chat.pick(linked);
    if (talking.has(pairKey(...pair))) continue;
    talking.add(pairKey(...pair));
    streams.push(new Thread(...pair).steps(chat, event, 2 + chat.int(5), (k) => at(minute + 1 + k)));
  }
  const held = new Set<string>();
  for (let n = 0; n < 4; n++) {
    const i = chat.int(users.length);
    const [userId, stream] = [users[i] as string, streams[i] as EventEnvelope[]];
    const blockedUserId = chat.pick(users.filter((u) => u !== userId));
    // Blocking twice records nothing.
    if (held.has(`${userId} ${blockedUserId}`)) continue;
    held.add(`${userId} ${blockedUserId}`);
    const when = new Date(Date.UTC(2026, 0, 2, 1, n)).toISOString();
    stream.push(
      event('PersonBlocked', userId, stream.length + 1, { userId, blockedUserId, blockedAt: when }),
    );
    if (n % 2 === 1) {
      held.delete(`${userId} ${blockedUserId}`);
      stream.push(
        event('PersonUnblocked', userId, stream.length + 1, { userId, blockedUserId, unblockedAt: when }),
      );
    }
  }
  // Interleaved at random, each stream in its own order; the settings right after their registrations.
  const settingsAfter = new Map<string, EventEnvelope>();
  for (const stream of streams) {
    if (stream[1]?.type === 'NotificationSettingsUpdated') {
      settingsAfter.set((stream[0] as EventEnvelope).id, stream.splice(1, 1)[0] as EventEnvelope);
    }
  }
  return interleaved(streams, random).flatMap((e) => {
    const settings = settingsAfter.get(e.id);
    return settings ? [e, settings] : [e];
  });
}
