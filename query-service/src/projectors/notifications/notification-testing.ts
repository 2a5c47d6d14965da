import { randomUUID } from 'node:crypto';
import { notificationDefaults } from '@careers/contracts/constants';
import { Notification } from '@careers/contracts/entities/notification';
import type { DomainEventType, EventDataInput } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { type NotificationPush, watchNotificationPushes } from '@careers/service-kit/notification-pushes';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { jobPostedData } from '../jobs/testing.ts';
import { projectorTestbed } from '../testing.ts';
import { profileUpdatedData } from '../users/testing.ts';
import { NotificationQueries } from './queries.ts';
import { keptUnreadCounts } from './testing.ts';

/**
 * What the notification centre's tests (`notifications/*.int.test.ts`) share: a testbed named `name`
 * whose pushes are heard, every event recorded in `log` for a rebuild, the events people make, and,
 * after every test, each bell count kept as known held to the person's count. Call it at the top of a
 * test file (it adds the hooks); `current()` gives the testbed and its queries once they are made.
 */

export type NotificationBed = Awaited<ReturnType<typeof projectorTestbed>>;

export function notificationTesting(name: string) {
  let bed: NotificationBed;
  let queries: NotificationQueries;
  let stopWatching: () => Promise<void>;
  const pushes: NotificationPush[] = [];
  const log: EventEnvelope[] = [];

  beforeAll(async () => {
    bed = await projectorTestbed(name);
    queries = new NotificationQueries(bed.pool, bed.schema);
    stopWatching = await watchNotificationPushes(bed.redis, (list) => pushes.push(...list));
  });
  afterAll(async () => {
    await stopWatching?.();
    await bed?.close();
  });

  /** The bell's counts kept as known, each beside the count of the person's rows the list would show. */
  async function keptCounts() {
    return (await keptUnreadCounts(bed.pool, bed.schema))
      .filter((r) => r.known)
      .map(({ user_id, kept, counted }) => ({ user_id, kept, counted }));
  }
  // Whatever a test did, every count kept as known is the person's count.
  afterEach(async () => {
    const kept = await keptCounts();
    expect(kept.filter((r) => r.kept !== r.counted)).toEqual([]);
  });

  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();
  const versions = new Map<string, number>();
  /** The next event of a stream (versions count up per stream), kept for the rebuild at the end. */
  function next<T extends DomainEventType>(type: T, streamId: string, data: EventDataInput<T>) {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    const envelope = bed.event(type, streamId, version, data);
    log.push(envelope);
    return envelope;
  }
  async function apply(...events: EventEnvelope[]) {
    await bed.runner.applyMessages(events.map((e) => bed.message(e)));
  }
  async function register(userId: string, firstName: string) {
    versions.set(userId, 1);
    const envelope = bed.registered(userId, firstName, 'Tester');
    log.push(envelope);
    await apply(envelope);
  }
  const settings = (userId: string, changes: Partial<Record<keyof typeof notificationDefaults, boolean>>) =>
    next('NotificationSettingsUpdated', userId, {
      userId,
      settings: { ...notificationDefaults, ...changes },
    });
  const profile = (
    userId: string,
    roles: string[],
    preferredLocation: 'Remote' | 'On-site' | 'Hybrid' | null,
  ) =>
    next(
      'ProfileUpdated',
      userId,
      profileUpdatedData(userId, { jobPreferences: { roles, preferredLocation } }),
    );
  const skills = (userId: string, names: string[]) =>
    next('SkillsUpdated', userId, {
      userId,
      skills: names.map((name) => ({ name, proficiency: 'Advanced' as const, experience: 3 })),
    });

  async function listOf(userId: string) {
    const page = await queries.list(userId, 1, 50);
    for (const n of page.data) Notification.parse(n);
    return page;
  }
  /** `poster` posts a job asking for `skill`; the unread count then pushed to `seeker`. */
  async function postJobAndHear(poster: string, seeker: string, skill: string): Promise<number | undefined> {
    const job = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: poster,
      skills: [{ name: skill, required: true, proficiency: 'Advanced' }],
    });
    const since = pushes.length;
    await apply(next('JobPosted', job.jobId, job));
    return (await waitForPush(seeker, since))?.unreadCount;
  }
  async function waitForPush(userId: string, since: number): Promise<NotificationPush | undefined> {
    // Up to 15 s: a push comes after the batch's commit, later on a busy machine (5 s was missed twice
    // in a full npm test beside everything else on two cores).
    for (let i = 0; i < 750; i++) {
      const found = pushes.slice(since).findLast((p) => p.userId === userId);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return undefined;
  }

  /**
   * For the tests that look at everything made so far (the counts of everyone, a rebuild): sixteen
   * people alerted to two jobs, requests answered, withdrawn and hidden (requests turned off), an
   * application moved on, comments (one edited) and grouped likes on posts of two people read and liked
   * again, one notification read on its own, all read by one person, a post removed and an account
   * deleted.
   */
  async function everyKind(): Promise<void> {
    const people = Array.from({ length: 16 }, () => randomUUID());
    const [ada, bob, cy, dee, eve, pia] = people as [string, string, string, string, string, string];
    const poster = randomUUID();
    await register(poster, 'Poe');
    for (const [i, id] of people.entries()) await register(id, `Kind${i}`);
    await apply(...people.map((id) => skills(id, ['Ocaml'])), settings(dee, { connectionRequests: false }));
    const request = (connectionId: string, requesterId: string, recipientId: string, requestedAt: string) =>
      next('ConnectionRequested', connectionId, { connectionId, requesterId, recipientId, requestedAt });
    const [accepted, withdrawn, hidden] = [randomUUID(), randomUUID(), randomUUID()];
    // Dee's made after she turned requests off, and kept hidden.
    await apply(
      request(accepted, ada, bob, at(1)),
      request(withdrawn, cy, bob, at(2)),
      request(hidden, ada, dee, new Date().toISOString()),
    );
    await apply(
      next('ConnectionAccepted', accepted, {
        connectionId: accepted,
        requesterId: ada,
        recipientId: bob,
        respondedAt: at(4),
      }),
      next('ConnectionWithdrawn', withdrawn, {
        connectionId: withdrawn,
        requesterId: cy,
        recipientId: bob,
        withdrawnAt: at(5),
      }),
    );
    const [job, second] = [1, 2].map(() =>
      jobPostedData({
        postedAt: new Date().toISOString(),
        employerId: poster,
        title: 'Ocaml Developer',
        skills: [{ name: 'Ocaml', required: true, proficiency: 'Advanced' }],
      }),
    ) as [ReturnType<typeof jobPostedData>, ReturnType<typeof jobPostedData>];
    await apply(next('JobPosted', job.jobId, job));
    await apply(next('JobPosted', second.jobId, second));
    const applicationId = randomUUID();
    const parties = { applicationId, jobId: job.jobId, applicantId: eve, employerId: poster };
    await apply(
      next('ApplicationSubmitted', applicationId, {
        ...parties,
        coverLetter: '',
        expectedSalary: null,
        appliedAt: at(10),
      }),
      next('ApplicationStatusChanged', applicationId, {
        ...parties,
        from: 'pending',
        to: 'interview',
        changedAt: at(11),
      }),
    );
    const [postId, removed, bobs] = [randomUUID(), randomUUID(), randomUUID()];
    const post = (id: string, authorId: string, minute: number) =>
      next('PostCreated', id, {
        postId: id,
        authorId,
        content: 'Every kind',
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: [],
        createdAt: at(minute),
      });
    await apply(post(postId, pia, 20), post(removed, pia, 21), post(bobs, bob, 21));
    const adaComment = randomUUID();
    await apply(
      next('CommentAdded', postId, {
        postId,
        commentId: adaComment,
        authorId: ada,
        content: 'Well put',
        commentsCount: 1,
        createdAt: at(22),
      }),
    );
    // Edited, the comment is quoted anew in Pia's notification; the post's edit changes none.
    await apply(
      next('CommentEdited', postId, {
        postId,
        commentId: adaComment,
        authorId: ada,
        content: 'Well put, indeed',
        editedAt: at(22),
      }),
      next('PostEdited', postId, { postId, authorId: pia, content: 'Every kind, edited', editedAt: at(22) }),
    );
    let likes = 0;
    for (const [i, userId] of [ada, bob, cy].entries()) {
      await apply(next('PostLiked', postId, { postId, userId, likesCount: ++likes, likedAt: at(23 + i) }));
    }
    await apply(next('PostLiked', removed, { postId: removed, userId: bob, likesCount: 1, likedAt: at(26) }));
    const grouped = (await listOf(pia)).data.find((n) => n.kind === 'post_likes');
    await apply(
      next('NotificationsRead', pia, {
        userId: pia,
        notificationIds: [grouped?._id as string],
        readAt: at(27),
      }),
    );
    await apply(next('PostLiked', postId, { postId, userId: dee, likesCount: ++likes, likedAt: at(28) }));
    const first = (await listOf(ada)).data.at(-1);
    await apply(
      next('NotificationsRead', ada, {
        userId: ada,
        notificationIds: [first?._id as string],
        readAt: at(29),
      }),
      next('AllNotificationsRead', cy, { userId: cy, upTo: new Date().toISOString() }),
      next('PostRemoved', removed, { postId: removed, authorId: pia, removedAt: at(30) }),
      next('AccountDeleted', people[15] as string, { userId: people[15] as string, deletedAt: at(31) }),
    );
  }

  return {
    current: () => ({ bed, queries }),
    pushes,
    log,
    versions,
    keptCounts,
    at,
    next,
    apply,
    register,
    settings,
    profile,
    skills,
    listOf,
    postJobAndHear,
    waitForPush,
    everyKind,
  };
}
