import { randomUUID } from 'node:crypto';
import { domainEvents } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { withTransaction } from '@careers/service-kit';
import { type NotificationPush, watchNotificationPushes } from '@careers/service-kit/notification-pushes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likersKeptIn } from './notifications/likes-comments.ts';
import { keptUnreadCounts } from './notifications/testing.ts';
import { readModelSnapshot } from './read-model-snapshot.ts';
import { projectors } from './registry.ts';
import type { ReplayMemory } from './replay-memory.ts';
import { projectorTestbed, testMessages } from './testing.ts';

/** A small seeded generator (mulberry32), so a failure can be run again as it was. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

/** The streams' events interleaved at random, each stream's in its own order. */
function interleaved(
  streams: readonly EventEnvelope[][],
  random: ReturnType<typeof seeded>,
): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  const open = streams.map((stream) => [...stream]);
  while (open.some((stream) => stream.length > 0)) {
    const stream = random.pick(open.filter((s) => s.length > 0));
    events.push(stream.shift() as EventEnvelope);
  }
  return events;
}

/**
 * Events as the write side makes them, in one order: people, connections, posts created all along,
 * likes and unlikes by few people on few posts (so one person likes, unlikes and likes one post again
 * within one batch), self-likes, comments, likes dated out of order, an account deletion with the
 * deleted person's likes still arriving after it (a lagging topic), and a removed post.
 */
function history(seed: number): EventEnvelope[] {
  const random = seeded(seed);
  const { event, registered } = testMessages();
  const events: EventEnvelope[] = [];
  const users = Array.from({ length: 9 }, () => randomUUID());
  const versions = new Map<string, number>();
  for (const [i, userId] of users.entries()) {
    events.push(registered(userId, `Person${i}`));
    versions.set(userId, 1);
  }
  const next = (streamId: string) => {
    const v = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, v);
    return v;
  };
  for (let i = 0; i < 6; i++) {
    const [requesterId, recipientId] = [users[i] as string, users[(i * 2 + 1) % users.length] as string];
    if (requesterId === recipientId) continue;
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId, recipientId };
    events.push(
      event('ConnectionRequested', connectionId, next(connectionId), {
        ...parties,
        requestedAt: '2026-01-01T09:00:00.000Z',
      }),
      event('ConnectionAccepted', connectionId, next(connectionId), {
        ...parties,
        respondedAt: '2026-01-01T09:05:00.000Z',
      }),
    );
  }
  const posts: { postId: string; likers: Set<string>; comments: number; removed: boolean }[] = [];
  const deleted = users[3] as string;
  let minute = 0;
  const at = (back = 0) => new Date(Date.UTC(2026, 0, 2, 0, minute - back)).toISOString();
  const create = () => {
    const postId = randomUUID();
    posts.push({ postId, likers: new Set(), comments: 0, removed: false });
    events.push(
      event('PostCreated', postId, next(postId), {
        postId,
        authorId: random.pick(users.filter((u) => u !== deleted)),
        content: `Post ${posts.length}`,
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: ['Kafka', 'tuning'],
        createdAt: at(),
      }),
    );
  };
  for (let i = 0; i < 4; i++) create();
  for (let step = 0; step < 900; step++) {
    minute++;
    if (step === 300) {
      events.push(event('AccountDeleted', deleted, next(deleted), { userId: deleted, deletedAt: at() }));
    }
    if (step % 60 === 0) create();
    const post = random.pick(posts.filter((p) => !p.removed));
    if (step === 700) {
      post.removed = true;
      events.push(
        event('PostRemoved', post.postId, next(post.postId), {
          postId: post.postId,
          authorId: users[0] as string,
          removedAt: at(),
        }),
      );
      continue;
    }
    const userId = random.pick(users.slice(0, 5));
    // Now and then a like dated before the last one, as concurrent commands may commit.
    const when = at(random.int(10) === 0 ? 30 : 0);
    if (random.int(8) === 0) {
      post.comments++;
      events.push(
        event('CommentAdded', post.postId, next(post.postId), {
          postId: post.postId,
          commentId: randomUUID(),
          authorId: userId,
          content: `  Comment ${step}  `,
          commentsCount: post.comments,
          createdAt: when,
        }),
      );
    } else if (post.likers.has(userId)) {
      post.likers.delete(userId);
      events.push(
        event('PostUnliked', post.postId, next(post.postId), {
          postId: post.postId,
          userId,
          likesCount: post.likers.size,
          unlikedAt: when,
        }),
      );
    } else {
      post.likers.add(userId);
      events.push(
        event('PostLiked', post.postId, next(post.postId), {
          postId: post.postId,
          userId,
          likesCount: post.likers.size,
          likedAt: when,
        }),
      );
    }
  }
  return events;
}

/**
 * A network as the write side makes it, its streams interleaved: people registering, requests accepted,
 * declined and withdrawn, connections removed, pairs connecting again after a removal (a second stream
 * for the pair, its request sometimes sent before the old one is removed, so the pair has two accepted
 * rows for a while), people logging in, and a few posts, so accepted connections bring posts into
 * timelines. Every stream's events keep their order; streams of one pair, as on the topic, may not.
 */
function networkHistory(seed: number): EventEnvelope[] {
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
  for (let i = 0; i < 70; i++) {
    const requesterId = random.pick(users);
    const recipientId = random.pick(users.filter((u) => u !== requesterId));
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId, recipientId };
    const stream = [event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: at(i) })];
    const answer = random.int(10);
    if (answer < 6) {
      stream.push(event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: at(i + 1) }));
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

/**
 * Applications as the write side makes them, their streams interleaved: submitted (some with a
 * resume), moved through statuses, withdrawn, and an applicant deleting their account partway (their
 * AccountDeleted on the user topic), so some of their applications come after it and are not written.
 */
function applicationHistory(seed: number): EventEnvelope[] {
  const random = seeded(seed);
  const { event, registered } = testMessages();
  const users = Array.from({ length: 8 }, () => randomUUID());
  const employer = users[0] as string;
  const leaving = users[1] as string;
  const streams: EventEnvelope[][] = users.map((userId, i) => [registered(userId, `Applicant${i}`)]);
  // One applicant turns application updates off from partway through: later changes are kept hidden.
  const turning = streams[2] as EventEnvelope[];
  turning[0] = { ...(turning[0] as EventEnvelope), occurredAt: '2026-01-02T00:00:00.000Z' };
  turning.push({
    ...event('NotificationSettingsUpdated', users[2] as string, 2, {
      userId: users[2] as string,
      settings: { ...domainEvents.NotificationSettingsUpdated.example.settings, applicationUpdates: false },
    }),
    occurredAt: '2026-01-03T00:20:00.000Z',
  });
  const jobs = Array.from({ length: 3 }, () => randomUUID());
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 3, 0, minute)).toISOString();
  for (let i = 0; i < 40; i++) {
    const applicationId = randomUUID();
    const parties = {
      applicationId,
      jobId: random.pick(jobs),
      applicantId: random.pick(users.slice(1)),
      employerId: employer,
    };
    const stream = [
      event('ApplicationSubmitted', applicationId, 1, {
        ...parties,
        coverLetter: `Letter ${i}`,
        expectedSalary: random.int(2) === 0 ? null : 50_000 + i,
        resume:
          random.int(2) === 0 ? null : { resumeId: randomUUID(), filename: `cv-${i}.pdf`, size: 1000 + i },
        appliedAt: at(i),
      }),
    ];
    let from: 'pending' | 'interview' = 'pending';
    for (const to of ['interview', 'rejected'] as const) {
      if (random.int(3) === 0) break;
      stream.push(
        event('ApplicationStatusChanged', applicationId, stream.length + 1, {
          ...parties,
          from,
          to,
          changedAt: at(i + stream.length),
        }),
      );
      if (to === 'rejected') break;
      from = to;
    }
    if (random.int(4) === 0 && stream.length < 3) {
      stream.push(
        event('ApplicationWithdrawn', applicationId, stream.length + 1, {
          ...parties,
          from,
          withdrawnAt: at(i + 5),
        }),
      );
    }
    streams.push(stream);
  }
  // Her deletion partway through the history.
  (streams[1] as EventEnvelope[]).push(
    event('AccountDeleted', leaving, 2, { userId: leaving, deletedAt: at(20) }),
  );
  return interleaved(streams, random);
}

/**
 * Jobs as the write side makes them, with the people they alert: skills and roles saved (and saved
 * again, so a job matches someone as they stood at its time), alerts turned off or limited to a work
 * location, jobs posted with and without skills, some closed later, and a poster deleting their account
 * partway (their jobs stay listed, and those applied after it alert nobody). The people's topic and the
 * jobs' are each in order; the jobs' comes whole after the people's or interleaved with it.
 */
function jobHistory(seed: number): { people: EventEnvelope[]; jobs: EventEnvelope[] } {
  const random = seeded(seed);
  const { event, registered } = testMessages();
  const users = Array.from({ length: 10 }, () => randomUUID());
  const leaving = users[0] as string;
  const skills = ['TypeScript', 'Kafka', 'Postgres', 'Go'];
  const roles = ['Data Engineer', 'Backend Engineer', 'Designer'];
  const locations = ['Remote', 'Hybrid', 'On-site'] as const;
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 4, 0, minute)).toISOString();
  const people: EventEnvelope[] = [];
  for (const [i, userId] of users.entries()) {
    const stream: EventEnvelope[] = [{ ...registered(userId, `Seeker${i}`), occurredAt: at(0) }];
    const add = (
      type: 'SkillsUpdated' | 'ProfileUpdated' | 'NotificationSettingsUpdated',
      minute: number,
    ) => {
      const version = stream.length + 1;
      const data =
        type === 'SkillsUpdated'
          ? {
              userId,
              skills: skills
                .filter(() => random.int(2) === 0)
                .map((name) => ({ name, proficiency: 'Intermediate' as const, experience: 2 })),
            }
          : type === 'ProfileUpdated'
            ? {
                ...domainEvents.ProfileUpdated.example,
                userId,
                firstName: `Seeker${i}`,
                jobPreferences: {
                  ...domainEvents.ProfileUpdated.example.jobPreferences,
                  roles: [random.pick(roles)],
                  preferredLocation: random.int(3) === 0 ? random.pick(locations) : null,
                },
              }
            : {
                userId,
                settings: {
                  ...domainEvents.NotificationSettingsUpdated.example.settings,
                  jobAlerts: random.int(3) !== 0,
                },
              };
      stream.push({ ...event(type, userId, version, data as never), occurredAt: at(minute) });
    };
    add('SkillsUpdated', 1);
    add('ProfileUpdated', 2);
    if (i % 3 === 1) add('NotificationSettingsUpdated', 3 + random.int(60));
    add('SkillsUpdated', 30 + random.int(60));
    if (userId === leaving) {
      stream.push({
        ...event('AccountDeleted', userId, stream.length + 1, { userId, deletedAt: at(50) }),
        occurredAt: at(50),
      });
    }
    people.push(...stream);
  }
  const jobs: EventEnvelope[] = [];
  for (let i = 0; i < 60; i++) {
    const jobId = randomUUID();
    const employerId = i % 5 === 0 ? leaving : random.pick(users);
    const postedAt = at(5 + i * 1.5);
    jobs.push(
      event('JobPosted', jobId, 1, {
        ...domainEvents.JobPosted.example,
        jobId,
        employerId,
        title: `${random.pick(roles)} ${i}`,
        requirements: random.int(2) === 0 ? [] : [`Requirement ${i}`, 'Kafka in production'],
        workLocation: random.pick(locations),
        skills: skills
          .filter(() => random.int(3) === 0)
          .map((name) => ({ name, required: true, proficiency: 'Expert' as const })),
        location: {
          city: random.pick(['Berlin', 'Lisbon']),
          state: random.int(2) === 0 ? '' : 'BE',
          country: 'Germany',
        },
        applicationDeadline: random.int(2) === 0 ? null : '2026-03-31',
        postedAt,
      }),
    );
    if (random.int(3) === 0) {
      jobs.push(event('JobClosed', jobId, 2, { jobId, employerId, closedAt: at(6 + i * 1.5) }));
    }
  }
  return { people, jobs };
}

/** Cuts `events` into batches of 1 to `largest` events. */
function batches<T>(events: readonly T[], seed: number, largest: number): T[][] {
  const random = seeded(seed);
  const out: T[][] = [];
  for (let i = 0; i < events.length; ) {
    const size = 1 + random.int(largest);
    out.push(events.slice(i, i + size));
    i += size;
  }
  return out;
}

let oneByOne: Awaited<ReturnType<typeof projectorTestbed>>;
let batched: Awaited<ReturnType<typeof projectorTestbed>>;

beforeAll(async () => {
  oneByOne = await projectorTestbed('batch-one-by-one', { eventByEvent: true });
  batched = await projectorTestbed('batch');
});
afterAll(async () => {
  await oneByOne?.close();
  await batched?.close();
});

const snapshotOf = (bed: typeof batched) => readModelSnapshot(bed.pool, bed.config.DB_SCHEMA, bed.redis);
/** Every stream's checkpoint (the snapshot leaves the bookkeeping out). */
const checkpointsOf = async (bed: typeof batched) =>
  (
    await bed.pool.query(
      `SELECT stream_id, stream_type, stream_version, position FROM ${bed.schema}.stream_checkpoints
        ORDER BY stream_id`,
    )
  ).rows;

describe('projector batches', () => {
  for (const seed of [1, 2, 3]) {
    it(`given one history (seed ${seed}), batches of up to 150 events leave the read models as applying each event alone does, and redelivering them, in order or reversed, changes nothing`, async () => {
      const events = history(seed);
      await oneByOne.rebuildFrom(events);
      await batched.rebuildFrom([]);
      let applied = 0;
      const cut = batches(events, seed * 7, 150);
      for (const batch of cut) {
        applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      expect(applied).toBe(events.length);
      const expected = await snapshotOf(oneByOne);
      // The history reaches every batched path: grouped likes going down to none, comments, timelines.
      expect(expected.tables.notifications?.length).toBeGreaterThan(0);
      expect(expected.tables.notification_likers?.length).toBeGreaterThan(0);
      expect(Object.keys(expected.keys).some((k) => k.startsWith('timelines:'))).toBe(true);
      expect(await snapshotOf(batched)).toEqual(expected);

      let again = 0;
      for (const batch of batches(events, seed * 11, 300)) {
        const result = await batched.runner.applyMessages(batch.map((e) => batched.message(e)));
        again += result.applied;
      }
      expect(again).toBe(0);
      expect(await snapshotOf(batched)).toEqual(expected);

      // And in reverse: the newest of each stream first, so every older one is behind its checkpoint.
      const reversed = [...events].reverse();
      const backwards = await batched.runner.applyMessages(reversed.map((e) => batched.message(e)));
      expect(backwards.applied).toBe(0);
      expect(await snapshotOf(batched)).toEqual(expected);
    });
  }

  for (const seed of [5, 6, 7]) {
    it(`given a network (seed ${seed}) of requests accepted, declined, withdrawn and removed and pairs connecting again, batches leave the connections, the network counts and the timelines as applying each event alone does, and redelivering them changes nothing`, async () => {
      const events = networkHistory(seed);
      await oneByOne.rebuildFrom(events);
      await batched.rebuildFrom([]);
      // The network's topic alone, as the projector reads it: long runs of connection events.
      const network = events.filter((e) => e.streamType === 'connection');
      const others = events.filter((e) => e.streamType !== 'connection');
      let applied = 0;
      for (const batch of [...batches(others, seed, 40), ...batches(network, seed * 3, 120)]) {
        applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      expect(applied).toBe(events.length);
      const expected = await snapshotOf(oneByOne);
      // The history reaches every part: counts of mutual connections going up and down, removed rows.
      expect(expected.tables.connection_mutuals?.length).toBeGreaterThan(0);
      expect(expected.tables.connections?.some((r) => r.includes('"removed"'))).toBe(true);
      expect(expected.tables.connections?.some((r) => r.includes('"withdrawn"'))).toBe(true);
      expect(expected.tables.connections?.some((r) => r.includes('"rejected"'))).toBe(true);
      // Requests still open and acceptances, shown and kept hidden.
      const notifications = expected.tables.notifications ?? [];
      expect(
        notifications.some(
          (r) =>
            (r.includes('"kind": "connection_request"') || r.includes('"kind": "connection_accepted"')) &&
            r.includes('"hidden": true'),
        ),
      ).toBe(true);
      for (const kind of ['connection_request', 'connection_accepted']) {
        expect(
          notifications.some((r) => r.includes(`"kind": "${kind}"`) && r.includes('"hidden": false')),
        ).toBe(true);
      }
      expect(expected.tables.suggestion_skills?.length).toBeGreaterThan(0);
      expect(expected.tables.suggestion_people?.some((r) => r.includes('"lisbon"'))).toBe(true);
      expect(Object.keys(expected.keys).some((k) => k.startsWith('timelines:'))).toBe(true);
      expect(await snapshotOf(batched)).toEqual(expected);

      // And the whole history in one batch, the people and posts after the network (a topic lagging
      // behind), as one by one in that order.
      const lagging = [...network, ...others];
      await oneByOne.rebuildFrom(lagging);
      await batched.rebuildFrom([]);
      await batched.runner.applyMessages(lagging.map((e) => batched.message(e)));
      expect(await snapshotOf(batched)).toEqual(await snapshotOf(oneByOne));

      let again = 0;
      for (const batch of batches(events, seed * 11, 300)) {
        again += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      expect(again).toBe(0);
      const reversed = [...events].reverse();
      expect((await batched.runner.applyMessages(reversed.map((e) => batched.message(e)))).applied).toBe(0);
      expect(await snapshotOf(batched)).toEqual(await snapshotOf(oneByOne));
    });
  }

  for (const seed of [9, 10]) {
    it(`given applications (seed ${seed}) submitted, moved, withdrawn and of an applicant who left, batches leave the applications and their history as applying each event alone does, and redelivering them changes nothing`, async () => {
      const events = applicationHistory(seed);
      await oneByOne.rebuildFrom(events);
      const expected = await snapshotOf(oneByOne);
      expect(expected.tables.application_status_history?.some((r) => r.includes('"withdrawn"'))).toBe(true);
      expect(expected.tables.application_status_history?.some((r) => r.includes('"interview"'))).toBe(true);
      const notifications = expected.tables.notifications ?? [];
      expect(notifications.some((r) => r.includes('"kind": "new_application"'))).toBe(true);
      expect(
        notifications.some((r) => r.includes('"kind": "application_status"') && r.includes('"hidden": true')),
      ).toBe(true);
      expect(
        notifications.some(
          (r) => r.includes('"kind": "application_status"') && r.includes('"hidden": false'),
        ),
      ).toBe(true);
      await batched.rebuildFrom([]);
      let applied = 0;
      for (const batch of batches(events, seed, 60)) {
        applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      expect(applied).toBe(events.length);
      expect(await snapshotOf(batched)).toEqual(expected);
      let again = 0;
      for (const batch of batches(events, seed * 11, 300)) {
        again += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      const reversed = [...events].reverse();
      again += (await batched.runner.applyMessages(reversed.map((e) => batched.message(e)))).applied;
      expect(again).toBe(0);
      expect(await snapshotOf(batched)).toEqual(expected);
    });
  }

  for (const seed of [12, 13]) {
    it(`given jobs (seed ${seed}) posted and closed, with the people they alert, batches leave the jobs, their search rows and the alerts as applying each event alone does, and redelivering them changes nothing`, async () => {
      const { people, jobs } = jobHistory(seed);
      for (const [order, events] of [
        ['people first', [...people, ...jobs]],
        ['interleaved', interleaved([people, jobs], seeded(seed))],
      ] as const) {
        await oneByOne.rebuildFrom(events);
        const expected = await snapshotOf(oneByOne);
        const alerts = (expected.tables.notifications ?? []).filter((r) => r.includes('"kind": "job_alert"'));
        expect(alerts.length, order).toBeGreaterThan(5);
        expect(
          expected.tables.jobs?.some((r) => r.includes('"closed"')),
          order,
        ).toBe(true);
        expect(expected.tables.job_search?.length, order).toBe(60);
        // The counts kept per choice and per place are compared with the rest: each adds up to the
        // 60 jobs, the places' over more than one place.
        const keptJobs = (table: string) =>
          (expected.tables[table] ?? []).reduce(
            (sum, row) => sum + (JSON.parse(row) as { jobs: number }).jobs,
            0,
          );
        expect(keptJobs('job_counts'), order).toBe(60);
        expect(keptJobs('job_place_counts'), order).toBe(60);
        expect(
          new Set(
            (expected.tables.job_place_counts ?? []).map(
              (row) => (JSON.parse(row) as { location_text: string }).location_text,
            ),
          ).size,
          order,
        ).toBeGreaterThan(1);
        await batched.rebuildFrom([]);
        let applied = 0;
        for (const batch of batches(events, seed, 45)) {
          applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
        }
        expect(applied, order).toBe(events.length);
        expect(await snapshotOf(batched), order).toEqual(expected);
        let again = 0;
        for (const batch of batches(events, seed * 11, 300)) {
          again += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
        }
        const reversed = [...events].reverse();
        again += (await batched.runner.applyMessages(reversed.map((e) => batched.message(e)))).applied;
        expect(again, order).toBe(0);
        expect(await snapshotOf(batched), order).toEqual(expected);
      }
    });
  }

  it('tells nobody of what a rebuild replays, and leaves the same read models as a runner that does', async () => {
    const events = history(8);
    const replayed = await projectorTestbed('batch-replay');
    replayed.runner.replay();
    const heard: { live: NotificationPush[]; replayed: NotificationPush[] } = { live: [], replayed: [] };
    const stops = [
      await watchNotificationPushes(batched.redis, (pushes) => heard.live.push(...pushes)),
      await watchNotificationPushes(replayed.redis, (pushes) => heard.replayed.push(...pushes)),
    ];
    try {
      await batched.rebuildFrom([]);
      for (const [bed, seed] of [
        [batched, 3],
        [replayed, 5],
      ] as const) {
        for (const batch of batches(events, seed, 150)) {
          await bed.runner.applyMessages(batch.map((e) => bed.message(e)));
        }
      }
      await expect.poll(() => heard.live.length).toBeGreaterThan(0);
      // Published after each commit, so by now those of the replayed batches would have arrived too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard.replayed).toEqual([]);
      expect(await snapshotOf(replayed)).toEqual(await snapshotOf(batched));
      // Redelivered, in other batches: skipped by the checkpoints the replaying runner keeps, which
      // reach the table only when written at the end, as the live runner's.
      let again = 0;
      for (const batch of batches(events, 7, 200)) {
        again += (await replayed.runner.applyMessages(batch.map((e) => replayed.message(e)))).applied;
      }
      expect(again).toBe(0);
      expect(await snapshotOf(replayed)).toEqual(await snapshotOf(batched));
      expect(await checkpointsOf(replayed)).toEqual([]);
      await withTransaction(replayed.pool, (tx) => replayed.runner.writeReplayedCheckpoints(tx));
      const written = await checkpointsOf(replayed);
      expect(written.length).toBeGreaterThan(0);
      expect(written).toEqual(await checkpointsOf(batched));
      // The bell's counts are kept live, exact, and not by a rebuild: each is counted when next needed.
      const live = (await keptUnreadCounts(batched.pool, batched.schema)).filter((r) => r.known);
      expect(live.length).toBeGreaterThan(0);
      expect(live.filter((r) => r.kept !== r.counted)).toEqual([]);
      expect(await keptUnreadCounts(replayed.pool, replayed.schema)).toEqual([]);
    } finally {
      for (const stop of stops) await stop();
      await replayed.close();
    }
  });

  it('keeps, in a rebuild, a copy of the likers that equals their table, in batches and event by event, and forgets it once a transaction fails', async () => {
    const events = history(9);
    const likersOf = async (bed: Awaited<ReturnType<typeof projectorTestbed>>) =>
      (
        await bed.pool.query<{ pair: string }>(
          `SELECT post_id || ' ' || user_id AS pair FROM ${bed.schema}.notification_likers`,
        )
      ).rows
        .map((r) => r.pair)
        .sort();
    for (const eventByEvent of [false, true]) {
      const bed = await projectorTestbed('batch-kept', { eventByEvent });
      try {
        bed.runner.replay();
        const memory = bed.runner.replayMemory as ReplayMemory;
        for (const batch of batches(events, 9, 90)) {
          await bed.runner.applyMessages(batch.map((e) => bed.message(e)));
        }
        const table = await likersOf(bed);
        expect(table.length, `eventByEvent ${eventByEvent}`).toBeGreaterThan(10);
        expect(likersKeptIn(memory), `eventByEvent ${eventByEvent}`).toEqual(table);
        // A transaction that fails may have changed the copy for rows it never wrote: it is dropped.
        await bed.pool.query(
          `ALTER TABLE ${bed.schema}.notification_likers ADD CONSTRAINT no_likers CHECK (false) NOT VALID`,
        );
        // Someone new likes a post that has likers (not removed, its author not deleted).
        const postId = table[0]?.split(' ')[0];
        const like = events.find((e) => e.type === 'PostLiked' && e.streamId === postId) as EventEnvelope;
        const data = { ...(like.data as Record<string, unknown>), userId: randomUUID() };
        const stranger = { ...like, data, streamVersion: 1_000_000 };
        await expect(bed.runner.applyMessages([bed.message(stranger)])).rejects.toThrow(/no_likers/);
        expect(memory.trusted).toBe(false);
        expect(likersKeptIn(memory)).toBeUndefined();
      } finally {
        await bed.close();
      }
    }
  });

  it('leaves the same read models when, in a rebuild, the projectors behind apply every batch after the others applied them all', async () => {
    const behind = projectors.filter((p) => p.replaysBehind);
    expect(behind.map((p) => p.name)).toEqual(['notifications']);
    for (const seed of [4, 6]) {
      const events = history(seed);
      await batched.rebuildFrom(events);
      const expected = await snapshotOf(batched);
      expect(expected.tables.notifications?.length).toBeGreaterThan(0);
      const replayed = await projectorTestbed('batch-behind');
      try {
        // The furthest behind a rebuild could be: every other read model complete first, so each
        // notification reads posts removed and accounts deleted by events after its own.
        const others = replayed.runnerOf(projectors.filter((p) => !p.replaysBehind));
        const late = replayed.runnerOf(behind);
        for (const runner of [others, late]) {
          runner.replay();
          for (const batch of batches(events, seed * 13, 120)) {
            await runner.applyMessages(batch.map((e) => replayed.message(e)));
          }
        }
        expect(await snapshotOf(replayed)).toEqual(expected);
      } finally {
        await replayed.close();
      }
    }
  });

  it('dead-letters a poison message in the middle of a batch and applies the rest of it as one by one does', async () => {
    const events = history(4);
    await oneByOne.rebuildFrom(events);
    await batched.rebuildFrom([]);
    const poison = [
      batched.message('{not json'),
      batched.message({ ...events[events.length - 1], data: { postId: 'x', likesCount: -1 } }),
    ];
    for (const [i, batch] of batches(events, 5, 200).entries()) {
      const messages = batch.map((e) => batched.message(e));
      if (i === 1) messages.splice(Math.floor(messages.length / 2), 0, ...poison);
      await batched.runner.applyMessages(messages);
    }
    const { rows } = await batched.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${batched.schema}.dead_letters`,
    );
    expect(rows[0]?.n).toBe(2);
    expect(await snapshotOf(batched)).toEqual(await snapshotOf(oneByOne));
  });
});
