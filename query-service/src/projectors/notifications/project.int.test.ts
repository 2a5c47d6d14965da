import { randomUUID } from 'node:crypto';
import { notificationDefaults } from '@careers/contracts/constants';
import { Notification } from '@careers/contracts/entities/notification';
import type { DomainEventType, EventDataInput } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { notificationMessages, peopleText } from '@careers/contracts/messages';
import { type NotificationPush, watchNotificationPushes } from '@careers/service-kit/notification-pushes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobPostedData } from '../jobs/testing.ts';
import { projectorTestbed } from '../testing.ts';
import { profileUpdatedData } from '../users/testing.ts';
import { isReadSql, NotificationQueries, unreadCountSql } from './queries.ts';
import { keptUnreadCounts } from './testing.ts';

/**
 * The notification centre's read model: given events, then these notifications (and pushes); toggles
 * off, then none; a redelivery, then none twice; likes grouped; job alerts through the indexes; marking
 * read only one's own; and a rebuild that makes the same rows.
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let bed: Bed;
let queries: NotificationQueries;
let stopWatching: () => Promise<void>;
const pushes: NotificationPush[] = [];
const log: EventEnvelope[] = [];

beforeAll(async () => {
  bed = await projectorTestbed('notifications-projector');
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
  next('NotificationSettingsUpdated', userId, { userId, settings: { ...notificationDefaults, ...changes } });
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
  for (let i = 0; i < 50; i++) {
    const found = pushes.slice(since).findLast((p) => p.userId === userId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe('connection requests', () => {
  it('tells the person asked, takes the request away once answered, and tells the requester of an acceptance', async () => {
    const [ada, bob] = [randomUUID(), randomUUID()];
    await register(ada, 'Ada');
    await register(bob, 'Bob');
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId: ada, recipientId: bob };
    const since = pushes.length;
    await apply(next('ConnectionRequested', connectionId, { ...parties, requestedAt: at(1) }));

    const bobs = await listOf(bob);
    expect(bobs.unreadCount).toBe(1);
    expect(bobs.data).toHaveLength(1);
    expect(bobs.data[0]).toMatchObject({
      kind: 'connection_request',
      actors: [{ _id: ada, firstName: 'Ada', lastName: 'Tester', profilePicture: null }],
      actorCount: 1,
      target: { type: 'connections', tab: 'pending' },
      read: false,
      createdAt: at(1),
    });
    expect(await waitForPush(bob, since)).toEqual({
      userId: bob,
      unreadCount: 1,
      notificationId: bobs.data[0]?._id,
    });

    await apply(next('ConnectionAccepted', connectionId, { ...parties, respondedAt: at(2) }));
    expect((await listOf(bob)).data).toEqual([]);
    const adas = await listOf(ada);
    expect(adas.data).toHaveLength(1);
    expect(adas.data[0]).toMatchObject({
      kind: 'connection_accepted',
      actors: [{ _id: bob, firstName: 'Bob' }],
      target: { type: 'connections', tab: 'connections' },
    });
    expect(notificationMessages.text.connection_accepted(peopleText(adas.data[0]?.actors ?? [], 1))).toBe(
      'Bob Tester accepted your connection request',
    );
  });

  it('takes a withdrawn request away, and makes none for someone who turned connection requests off', async () => {
    const [ada, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [id, name] of [
      [ada, 'Ada'],
      [bob, 'Bob'],
      [cy, 'Cy'],
    ] as const)
      await register(id, name);
    const first = randomUUID();
    await apply(
      next('ConnectionRequested', first, {
        connectionId: first,
        requesterId: ada,
        recipientId: bob,
        requestedAt: at(3),
      }),
    );
    expect((await listOf(bob)).unreadCount).toBe(1);
    await apply(
      next('ConnectionWithdrawn', first, {
        connectionId: first,
        requesterId: ada,
        recipientId: bob,
        withdrawnAt: at(4),
      }),
    );
    expect(await listOf(bob)).toMatchObject({ data: [], unreadCount: 0, total: 0 });

    await apply(settings(cy, { connectionRequests: false }));
    const second = randomUUID();
    await apply(
      next('ConnectionRequested', second, {
        connectionId: second,
        requesterId: ada,
        recipientId: cy,
        requestedAt: new Date().toISOString(),
      }),
    );
    expect((await listOf(cy)).data).toEqual([]);
  });
});

describe('applications', () => {
  it('tells the poster of a new application and the applicant of each change, unless applicationUpdates is off', async () => {
    const [eve, ann, ben] = [randomUUID(), randomUUID(), randomUUID()];
    await register(eve, 'Eve');
    await register(ann, 'Ann');
    await register(ben, 'Ben');
    const job = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: eve,
      title: 'Data Engineer',
      company: { name: 'Acme', industry: '', size: null, website: '' },
    });
    await apply(next('JobPosted', job.jobId, job));
    const [annApp, benApp] = [randomUUID(), randomUUID()];
    const parties = (applicationId: string, applicantId: string) => ({
      applicationId,
      jobId: job.jobId,
      applicantId,
      employerId: eve,
    });
    await apply(
      next('ApplicationSubmitted', annApp, {
        ...parties(annApp, ann),
        coverLetter: '',
        expectedSalary: null,
        appliedAt: at(10),
      }),
      next('ApplicationStatusChanged', annApp, {
        ...parties(annApp, ann),
        from: 'pending',
        to: 'interview',
        changedAt: at(11),
      }),
    );
    const eves = await listOf(eve);
    expect(eves.data).toHaveLength(1);
    expect(eves.data[0]).toMatchObject({
      kind: 'new_application',
      actors: [{ _id: ann, firstName: 'Ann' }],
      target: { type: 'job_applicants', jobId: job.jobId },
      jobTitle: 'Data Engineer',
      company: 'Acme',
    });
    const anns = await listOf(ann);
    expect(anns.data[0]).toMatchObject({
      kind: 'application_status',
      status: 'interview',
      jobTitle: 'Data Engineer',
      target: { type: 'application', applicationId: annApp, jobId: job.jobId },
    });

    await apply(settings(ben, { applicationUpdates: false }), settings(eve, { applicationUpdates: false }));
    await apply(
      next('ApplicationSubmitted', benApp, {
        ...parties(benApp, ben),
        coverLetter: '',
        expectedSalary: null,
        appliedAt: new Date().toISOString(),
      }),
      next('ApplicationStatusChanged', benApp, {
        ...parties(benApp, ben),
        from: 'pending',
        to: 'rejected',
        changedAt: new Date().toISOString(),
      }),
    );
    expect((await listOf(eve)).data).toHaveLength(1);
    expect((await listOf(ben)).data).toEqual([]);
  });
});

describe('posts', () => {
  it('tells the author of a comment (not of their own) with its start, and groups likes into one', async () => {
    const author = randomUUID();
    await register(author, 'Pia');
    const likers: string[] = [];
    for (const name of ['Ada', 'Bob', 'Cy', 'Dee', 'Eli']) {
      const id = randomUUID();
      likers.push(id);
      await register(id, name);
    }
    const postId = randomUUID();
    await apply(
      next('PostCreated', postId, {
        postId,
        authorId: author,
        content: 'Hello',
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: [],
        createdAt: at(20),
      }),
    );
    const long = `${'a'.repeat(150)}`;
    const commentId = randomUUID();
    await apply(
      next('CommentAdded', postId, {
        postId,
        commentId,
        authorId: likers[0] as string,
        content: ` ${long} `,
        commentsCount: 1,
        createdAt: at(21),
      }),
      next('CommentAdded', postId, {
        postId,
        commentId: randomUUID(),
        authorId: author,
        content: 'thanks',
        commentsCount: 2,
        createdAt: at(22),
      }),
    );
    let page = await listOf(author);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      kind: 'post_comment',
      excerpt: 'a'.repeat(100),
      target: { type: 'post', postId },
    });

    // The author's own like makes nothing; five others make one notification naming the latest three.
    let likes = 0;
    await apply(next('PostLiked', postId, { postId, userId: author, likesCount: ++likes, likedAt: at(23) }));
    for (const [i, userId] of likers.entries()) {
      await apply(next('PostLiked', postId, { postId, userId, likesCount: ++likes, likedAt: at(24 + i) }));
    }
    page = await listOf(author);
    expect(page.data).toHaveLength(2);
    const grouped = page.data[0];
    expect(grouped).toMatchObject({ kind: 'post_likes', actorCount: 5, read: false, createdAt: at(28) });
    expect(grouped?.actors.map((a) => a.firstName)).toEqual(['Eli', 'Dee', 'Cy']);
    expect(
      notificationMessages.text.post_likes(peopleText(grouped?.actors ?? [], grouped?.actorCount ?? 0)),
    ).toBe('Eli Tester and 4 others liked your post');

    // Read, then one more like: it moves up and is unread again.
    await apply(
      next('NotificationsRead', author, {
        userId: author,
        notificationIds: [grouped?._id as string],
        readAt: at(29),
      }),
    );
    expect((await listOf(author)).data[0]?.read).toBe(true);
    const late = randomUUID();
    await register(late, 'Fay');
    await apply(next('PostLiked', postId, { postId, userId: late, likesCount: ++likes, likedAt: at(30) }));
    page = await listOf(author);
    expect(page.data[0]).toMatchObject({ _id: grouped?._id, actorCount: 6, read: false, createdAt: at(30) });

    // An unlike takes that person out; when nobody is left the notification goes.
    await apply(
      next('PostUnliked', postId, { postId, userId: late, likesCount: --likes, unlikedAt: at(31) }),
    );
    page = await listOf(author);
    expect(page.data[0]?.actorCount).toBe(5);
    expect(page.data[0]?.actors.map((a) => a.firstName)).toEqual(['Eli', 'Dee', 'Cy']);
    for (const userId of likers) {
      await apply(next('PostUnliked', postId, { postId, userId, likesCount: --likes, unlikedAt: at(32) }));
    }
    page = await listOf(author);
    expect(page.data.map((n) => n.kind)).toEqual(['post_comment']);
  });
});

describe('job alerts', () => {
  it('alerts whoever the job fits by skill (any case) or role, where the work location suits, with alerts on', async () => {
    const poster = randomUUID();
    const [bySkill, byRole, wrongPlace, anyPlace, alertsOff, noMatch, roleHalf] = Array.from(
      { length: 7 },
      () => randomUUID() as string,
    ) as [string, string, string, string, string, string, string];
    await register(poster, 'Poe');
    for (const id of [bySkill, byRole, wrongPlace, anyPlace, alertsOff, noMatch, roleHalf])
      await register(id, 'Sam');
    await apply(
      skills(poster, ['TypeScript']),
      skills(bySkill, [' typescript ', 'Go']),
      profile(byRole, ['Frontend Developer'], null),
      skills(wrongPlace, ['TYPESCRIPT']),
      profile(wrongPlace, [], 'On-site'),
      skills(anyPlace, ['Rust']),
      profile(anyPlace, ['Platform Engineer'], 'Remote'),
      skills(alertsOff, ['TypeScript']),
      settings(alertsOff, { jobAlerts: false }),
      skills(noMatch, ['Cobol']),
      profile(roleHalf, ['Backend Developer'], null),
    );
    const job = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: poster,
      title: 'Senior Frontend Developer',
      workLocation: 'Remote',
      skills: [{ name: 'TypeScript', required: true, proficiency: 'Advanced' }],
    });
    const since = pushes.length;
    await apply(next('JobPosted', job.jobId, job));
    const alerted = async (userId: string) =>
      (await listOf(userId)).data.filter((n) => n.kind === 'job_alert');
    expect(await alerted(bySkill)).toHaveLength(1);
    expect((await alerted(bySkill))[0]).toMatchObject({
      target: { type: 'job', jobId: job.jobId },
      jobTitle: 'Senior Frontend Developer',
      company: 'Acme',
    });
    expect(await alerted(byRole)).toHaveLength(1);
    for (const userId of [poster, wrongPlace, alertsOff, noMatch, roleHalf, anyPlace]) {
      expect(await alerted(userId)).toEqual([]);
    }
    expect((await waitForPush(bySkill, since))?.unreadCount).toBe(1);

    // A role whose words are all in the title, and a preferred location that is the job's.
    const second = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: poster,
      title: 'Platform engineer (Kafka)',
      workLocation: 'Remote',
    });
    await apply(next('JobPosted', second.jobId, second));
    expect(await alerted(anyPlace)).toHaveLength(1);

    // Skills replaced: the old ones no longer match.
    await apply(skills(bySkill, ['Go']));
    const third = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: poster,
      skills: [{ name: 'typescript', required: false, proficiency: 'Beginner' }],
    });
    await apply(next('JobPosted', third.jobId, third));
    expect(await alerted(bySkill)).toHaveLength(1);
    expect(await alerted(wrongPlace)).toEqual([]);
  });

  it('pushes every alert of one batch, each with the unread count after the whole batch', async () => {
    const [poster, seeker] = [randomUUID(), randomUUID()];
    await register(poster, 'Pia');
    await register(seeker, 'Sam');
    await apply(skills(seeker, ['Haskell']));
    const jobs = [1, 2].map(() =>
      jobPostedData({
        postedAt: new Date().toISOString(),
        employerId: poster,
        skills: [{ name: 'Haskell', required: true, proficiency: 'Advanced' }],
      }),
    );
    const since = pushes.length;
    await apply(...jobs.map((job) => next('JobPosted', job.jobId, job)));

    const alerts = (await listOf(seeker)).data.filter((n) => n.kind === 'job_alert');
    expect(alerts).toHaveLength(2);
    for (let i = 0; i < 50 && pushes.slice(since).filter((p) => p.userId === seeker).length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const heard = pushes.slice(since).filter((p) => p.userId === seeker);
    expect(heard.map((p) => p.notificationId).sort()).toEqual(alerts.map((n) => n._id).sort());
    expect(heard.map((p) => p.unreadCount)).toEqual([2, 2]);
  });

  it("keeps each person's count from batch to batch, and counts it again only after they read", async () => {
    const [poster, seeker] = [randomUUID(), randomUUID()];
    await register(poster, 'Pia');
    await register(seeker, 'Sam');
    await apply(skills(seeker, ['Erlang']));
    const post = () => postJobAndHear(poster, seeker, 'Erlang');
    const kept = async () =>
      (
        await bed.pool.query<{ unread: number; known: boolean }>(
          `SELECT unread, known FROM ${bed.schema}.notification_unread_counts WHERE user_id = $1`,
          [seeker],
        )
      ).rows[0];
    expect(await post()).toBe(1);
    expect(await kept()).toEqual({ unread: 1, known: true });
    // The next alert adds to the count kept, without counting the person's notifications: a kept
    // count set wrong on purpose shows it.
    await bed.pool.query(
      `UPDATE ${bed.schema}.notification_unread_counts SET unread = 40 WHERE user_id = $1`,
      [seeker],
    );
    expect(await post()).toBe(41);
    // Reading makes it unknown, and the push that follows counts it again.
    const [first] = (await listOf(seeker)).data;
    if (!first) throw new Error('no alert listed');
    const since = pushes.length;
    await apply(
      next('NotificationsRead', seeker, {
        userId: seeker,
        notificationIds: [first._id],
        readAt: new Date().toISOString(),
      }),
    );
    expect((await waitForPush(seeker, since))?.unreadCount).toBe(1);
    expect(await kept()).toEqual({ unread: 1, known: true });
    expect(await post()).toBe(2);
    // "All read", then one more.
    const sinceAll = pushes.length;
    await apply(next('AllNotificationsRead', seeker, { userId: seeker, upTo: new Date().toISOString() }));
    expect((await waitForPush(seeker, sinceAll))?.unreadCount).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await post()).toBe(1);
    expect((await listOf(seeker)).unreadCount).toBe(1);
  });

  it('lists but does not push for someone with push notifications off', async () => {
    const [poster, quiet] = [randomUUID(), randomUUID()];
    await register(poster, 'Poe');
    await register(quiet, 'Quinn');
    await apply(skills(quiet, ['Elixir']), settings(quiet, { pushNotifications: false }));
    const job = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: poster,
      skills: [{ name: 'Elixir', required: true, proficiency: 'Expert' }],
    });
    const since = pushes.length;
    await apply(next('JobPosted', job.jobId, job));
    expect((await listOf(quiet)).unreadCount).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pushes.slice(since).filter((p) => p.userId === quiet)).toEqual([]);
  });

  it("makes one alert and one push for each of a job's many matches, with each person's count, and a redelivery makes none", async () => {
    const skill = `Fortran ${randomUUID().slice(0, 8)}`;
    const poster = randomUUID();
    await register(poster, 'Pam');
    const people = Array.from({ length: 200 }, () => randomUUID());
    const [off, gone, ...matched] = people;
    const joined: EventEnvelope[] = [];
    for (const userId of people) {
      versions.set(userId, 1);
      const envelope = bed.registered(userId, 'Many');
      log.push(envelope);
      joined.push(envelope, skills(userId, [skill]));
    }
    joined.push(
      settings(off as string, { jobAlerts: false }),
      next('AccountDeleted', gone as string, { userId: gone as string, deletedAt: at(50) }),
    );
    await apply(...joined);
    // A third of them have an alert unread already, so counts differ from person to person.
    const before = matched.filter((_, i) => i % 3 === 0);
    await apply(...before.map((userId) => skills(userId, [skill, `${skill} 77`])));
    const earlier = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: poster,
      skills: [{ name: `${skill} 77`, required: true, proficiency: 'Advanced' }],
    });
    await apply(next('JobPosted', earlier.jobId, earlier));

    const job = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: poster,
      skills: [{ name: skill, required: true, proficiency: 'Advanced' }],
    });
    const posted = next('JobPosted', job.jobId, job);
    const since = pushes.length;
    await apply(posted);
    const alertsOf = async () =>
      (
        await bed.pool.query<{ user_id: string; id: string }>(
          `SELECT user_id, id::text FROM ${bed.schema}.notifications WHERE job_id = $1 ORDER BY user_id`,
          [job.jobId],
        )
      ).rows;
    const rows = await alertsOf();
    expect(rows.map((r) => r.user_id)).toEqual([...matched].sort());
    const ofJob = () => pushes.slice(since).filter((p) => rows.some((r) => r.id === p.notificationId));
    for (let i = 0; i < 100 && ofJob().length < matched.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const heard = ofJob();
    expect(heard).toHaveLength(matched.length);
    const idOf = new Map(rows.map((r) => [r.user_id, r.id]));
    const counts = new Map(heard.map((p) => [p.userId, p]));
    for (const userId of matched) {
      expect(counts.get(userId)).toEqual({
        userId,
        notificationId: idOf.get(userId),
        unreadCount: before.includes(userId) ? 2 : 1,
      });
    }
    expect((await listOf(matched[0] as string)).unreadCount).toBe(2);
    expect((await listOf(matched[1] as string)).unreadCount).toBe(1);
    for (const userId of [off, gone, poster]) {
      expect(pushes.slice(since).filter((p) => p.userId === userId)).toEqual([]);
    }

    // The same event again: no second alert, no push.
    const again = pushes.length;
    await apply(posted);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await alertsOf()).toEqual(rows);
    expect(pushes.slice(again)).toEqual([]);
  });
});

describe('topics read at different paces', () => {
  it('judges a job by the person as they were when it was posted, whichever arrives first', async () => {
    const [poster, late, turnedOff] = [randomUUID(), randomUUID(), randomUUID()];
    await register(poster, 'Poe');
    await register(late, 'Lu');
    await register(turnedOff, 'Tom');
    await apply(skills(turnedOff, ['Zig']));
    // Both made before the job is posted, applied only after it (as a rebuild may read the user topic last).
    const lateSkills = skills(late, ['Zig']);
    const alertsOff = settings(turnedOff, { jobAlerts: false });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const job = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: poster,
      skills: [{ name: 'zig', required: true, proficiency: 'Advanced' }],
    });
    await apply(next('JobPosted', job.jobId, job));
    expect((await listOf(late)).data).toEqual([]);
    expect((await listOf(turnedOff)).unreadCount).toBe(1);
    await apply(lateSkills, alertsOff);
    expect((await listOf(late)).data.map((n) => n.kind)).toEqual(['job_alert']);
    expect((await listOf(turnedOff)).data).toEqual([]);
    // A change made after the posting leaves it be.
    await apply(skills(late, ['Go']));
    expect((await listOf(late)).data.map((n) => n.kind)).toEqual(['job_alert']);
  });

  it('shows a request made while requests were off once a toggle made before it arrives, and honours an early mark read', async () => {
    const [ada, bob] = [randomUUID(), randomUUID()];
    await register(ada, 'Ada');
    await register(bob, 'Bob');
    await apply(settings(bob, { connectionRequests: false }));
    const backOn = settings(bob, { connectionRequests: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const connectionId = randomUUID();
    const parties = { connectionId, requesterId: ada, recipientId: bob };
    await apply(
      next('ConnectionRequested', connectionId, { ...parties, requestedAt: new Date().toISOString() }),
    );
    expect((await listOf(bob)).data).toEqual([]);
    await apply(backOn);
    const [request] = (await listOf(bob)).data;
    expect(request?.kind).toBe('connection_request');
    expect(request?.read).toBe(false);
  });
});

describe('redelivery and marking read', () => {
  it('never makes a second notification from a redelivered event, and marks only the reader’s own', async () => {
    const [ada, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
    await register(ada, 'Ada');
    await register(bob, 'Bob');
    await register(cy, 'Cy');
    const connectionId = randomUUID();
    const requested = next('ConnectionRequested', connectionId, {
      connectionId,
      requesterId: ada,
      recipientId: bob,
      requestedAt: at(40),
    });
    await apply(requested);
    await apply(requested);
    // Even past the checkpoint (a rebuilt checkpoint table, say), the derived id keeps it one.
    await bed.pool.query(`DELETE FROM ${bed.schema}.stream_checkpoints WHERE stream_id = $1`, [connectionId]);
    await apply(requested);
    const bobs = await listOf(bob);
    expect(bobs.total).toBe(1);

    const other = randomUUID();
    await apply(
      next('ConnectionRequested', other, {
        connectionId: other,
        requesterId: ada,
        recipientId: cy,
        requestedAt: at(41),
      }),
    );
    const cys = (await listOf(cy)).data[0]?._id as string;
    // Bob names Cy's notification and one that does not exist: neither changes.
    await apply(
      next('NotificationsRead', bob, { userId: bob, notificationIds: [cys, randomUUID()], readAt: at(42) }),
    );
    expect((await listOf(cy)).unreadCount).toBe(1);
    expect((await listOf(bob)).unreadCount).toBe(1);
    await apply(next('AllNotificationsRead', bob, { userId: bob, upTo: at(43) }));
    expect(await listOf(bob)).toMatchObject({ unreadCount: 0, total: 1 });
    expect(await queries.unreadCount(cy)).toBe(1);
  });

  it("counts each person's unread notifications as the list marks them read or not, for everyone so far", async () => {
    // The count reads "all read" once per person and starts after it; the list marks each row with
    // isReadSql. After the cases above (all read, a grouped like moved up after a read, hidden
    // requests) and one notification read on its own that stays read, both agree for everyone.
    const unread = await bed.pool.query<{ id: string; user_id: string; created_at: Date }>(
      `SELECT n.id::text, n.user_id, n.created_at FROM ${bed.schema}.notifications n
        WHERE NOT n.hidden AND NOT ${isReadSql(bed.schema, 'n')} ORDER BY n.id LIMIT 1`,
    );
    const reader = unread.rows[0];
    if (!reader) throw new Error('no unread notification left to read');
    const countBefore = await queries.unreadCount(reader.user_id);
    await apply(
      next('NotificationsRead', reader.user_id, {
        userId: reader.user_id,
        notificationIds: [reader.id],
        readAt: new Date(reader.created_at.getTime() + 60_000).toISOString(),
      }),
    );
    expect(await queries.unreadCount(reader.user_id)).toBe(countBefore - 1);
    const { rows } = await bed.pool.query<{ user_id: string; counted: number; listed: number }>(
      `SELECT p.user_id, ${unreadCountSql(bed.schema, 'p.user_id')} AS counted,
              (SELECT count(*)::int FROM ${bed.schema}.notifications n
                WHERE n.user_id = p.user_id AND NOT n.hidden AND NOT ${isReadSql(bed.schema, 'n')}) AS listed
         FROM (SELECT DISTINCT user_id FROM ${bed.schema}.notifications) p`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.some((r) => r.listed > 0)).toBe(true);
    expect(rows.filter((r) => r.counted !== r.listed)).toEqual([]);
    // The counts kept by the projector (held to these after every test) cover most of these people.
    expect((await keptCounts()).length).toBeGreaterThan(10);
  });
});

describe('a concurrent writer', () => {
  it("keeps a person's count exact while another transaction writes their notifications", async () => {
    const [poster, seeker] = [randomUUID(), randomUUID()];
    await register(poster, 'Pia');
    await register(seeker, 'Sam');
    await apply(skills(seeker, ['Fortran']));
    const post = () => postJobAndHear(poster, seeker, 'Fortran');
    expect(await post()).toBe(1);
    // Another writer (a second projector, say) makes the person a notification and has not committed:
    // the batch waits for it rather than counting without it, and counts it once it committed.
    const other = await bed.pool.connect();
    const made = randomUUID();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO ${bed.schema}.notifications (id, user_id, kind, actor_id, job_id, created_at)
         VALUES ($1, $2, 'job_alert', $3, $4, now())`,
        [made, seeker, poster, randomUUID()],
      );
      const applying = post();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      expect(await applying).toBe(3);
    } finally {
      other.release();
    }
    expect((await listOf(seeker)).unreadCount).toBe(3);
    // Not an event's notification: it goes, so the rebuild below compares what the events make.
    await bed.pool.query(`DELETE FROM ${bed.schema}.notifications WHERE id = $1`, [made]);
    expect((await keptCounts()).find((r) => r.user_id === seeker)).toEqual({
      user_id: seeker,
      kept: 2,
      counted: 2,
    });
  });
});

describe('what the notifications keep of posts and jobs', () => {
  const keptRows = async () => ({
    authors: (
      await bed.pool.query(
        `SELECT post_id, author_id FROM ${bed.schema}.notification_post_authors ORDER BY post_id`,
      )
    ).rows,
    jobs: (
      await bed.pool.query(
        `SELECT job_id, title, company_name FROM ${bed.schema}.notification_jobs ORDER BY job_id`,
      )
    ).rows,
  });
  const post = (postId: string, authorId: string, minute: number) =>
    next('PostCreated', postId, {
      postId,
      authorId,
      content: 'Kept',
      type: 'text',
      category: 'Career',
      visibility: 'public',
      tags: [],
      createdAt: at(minute),
    });

  it("keeps a post's author until the post or the author goes, and a job's title and company for good", async () => {
    const [pia, rex, liker] = [randomUUID(), randomUUID(), randomUUID()];
    await register(pia, 'Pia');
    await register(rex, 'Rex');
    await register(liker, 'Lou');
    const [removed, kept, rexs] = [randomUUID(), randomUUID(), randomUUID()];
    const job = jobPostedData({
      employerId: rex,
      title: 'Tide Analyst',
      company: { ...jobPostedData().company, name: 'Lumen' },
    });
    // In one batch, as a rebuild reads the topic: each post's likes find the author its PostCreated kept.
    const created = [post(removed, pia, 40), post(kept, pia, 41), post(rexs, rex, 42)];
    const liked = next('PostLiked', kept, { postId: kept, userId: liker, likesCount: 1, likedAt: at(43) });
    const posted = next('JobPosted', job.jobId, job);
    await apply(...created, liked, posted);
    let rows = await keptRows();
    expect(rows.authors).toEqual(
      expect.arrayContaining([
        { post_id: removed, author_id: pia },
        { post_id: kept, author_id: pia },
        { post_id: rexs, author_id: rex },
      ]),
    );
    expect(rows.jobs).toContainEqual({ job_id: job.jobId, title: 'Tide Analyst', company_name: 'Lumen' });
    expect((await listOf(pia)).data.map((n) => [n.kind, n.target])).toEqual([
      ['post_likes', { type: 'post', postId: kept }],
    ]);

    // Redelivered, alone and in a batch, nothing changes.
    const before = await keptRows();
    for (const e of [...created, liked, posted]) await apply(e);
    await apply(...created, liked, posted);
    expect(await keptRows()).toEqual(before);

    // A removed post's author goes, and so do a deleted account's posts' (their job stays, as listed).
    await apply(next('PostRemoved', removed, { postId: removed, authorId: pia, removedAt: at(44) }));
    await apply(next('AccountDeleted', rex, { userId: rex, deletedAt: at(45) }));
    rows = await keptRows();
    const authorsOf = (postIds: string[]) => rows.authors.filter((r) => postIds.includes(r.post_id));
    expect(authorsOf([removed, kept, rexs])).toEqual([{ post_id: kept, author_id: pia }]);
    expect(rows.jobs).toContainEqual({ job_id: job.jobId, title: 'Tide Analyst', company_name: 'Lumen' });
  });
});

describe('rebuild', () => {
  it('makes the same notifications from the same events', async () => {
    const before = await bed.pool.query(
      `SELECT id, user_id, kind, actor_id, actor_count, post_id, job_id, application_id, status, excerpt, hidden, created_at
         FROM ${bed.schema}.notifications ORDER BY id`,
    );
    expect(before.rows.length).toBeGreaterThan(5);
    await bed.rebuildFrom(log);
    const after = await bed.pool.query(
      `SELECT id, user_id, kind, actor_id, actor_count, post_id, job_id, application_id, status, excerpt, hidden, created_at
         FROM ${bed.schema}.notifications ORDER BY id`,
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('changes nothing when every event is redelivered, in order or reversed', async () => {
    const rows = async () =>
      (
        await bed.pool.query(
          `SELECT id, user_id, kind, actor_id, actor_count, post_id, job_id, application_id, status, excerpt,
                  hidden, created_at
             FROM ${bed.schema}.notifications ORDER BY id`,
        )
      ).rows;
    // The bell's numbers too: they also depend on what was marked read, one by one or all at once.
    const counts = async () =>
      (
        await bed.pool.query(
          `SELECT p.user_id, ${unreadCountSql(bed.schema, 'p.user_id')} AS unread
             FROM (SELECT DISTINCT user_id FROM ${bed.schema}.notifications) p ORDER BY p.user_id`,
        )
      ).rows;
    const before = await rows();
    const countsBefore = await counts();
    expect(countsBefore.some((c) => c.unread > 0)).toBe(true);
    const all = log.map((e) => bed.message(e));
    expect(await bed.runner.applyMessages(all)).toMatchObject({ applied: 0 });
    expect(await bed.runner.applyMessages([...all].reverse())).toMatchObject({ applied: 0 });
    expect(await rows()).toEqual(before);
    expect(await counts()).toEqual(countsBefore);
  });

  it('keeps the same post authors and job titles through a rebuild and a redelivery', async () => {
    const kept = async () => ({
      authors: (
        await bed.pool.query(`SELECT * FROM ${bed.schema}.notification_post_authors ORDER BY post_id`)
      ).rows,
      jobs: (await bed.pool.query(`SELECT * FROM ${bed.schema}.notification_jobs ORDER BY job_id`)).rows,
    });
    const before = await kept();
    expect(before.authors.length).toBeGreaterThan(1);
    expect(before.jobs.length).toBeGreaterThan(1);
    await bed.rebuildFrom(log);
    expect(await kept()).toEqual(before);
    const all = log.map((e) => bed.message(e));
    expect(await bed.runner.applyMessages([...all].reverse())).toMatchObject({ applied: 0 });
    expect(await kept()).toEqual(before);
  });

  it('pushes the right count to someone with notifications from before the rebuild, and keeps it', async () => {
    const { rows } = await bed.pool.query<{ user_id: string }>(
      `SELECT p.user_id FROM (SELECT DISTINCT user_id FROM ${bed.schema}.notifications) p
        WHERE ${unreadCountSql(bed.schema, 'p.user_id')} > 1 ORDER BY p.user_id LIMIT 1`,
    );
    const someone = rows[0]?.user_id;
    if (!someone) throw new Error('nobody with unread notifications');
    const before = (await listOf(someone)).unreadCount;
    const asker = randomUUID();
    await register(asker, 'Ava');
    const connectionId = randomUUID();
    const since = pushes.length;
    await apply(
      next('ConnectionRequested', connectionId, {
        connectionId,
        requesterId: asker,
        recipientId: someone,
        requestedAt: new Date().toISOString(),
      }),
    );
    expect((await waitForPush(someone, since))?.unreadCount).toBe(before + 1);
    expect((await keptCounts()).find((r) => r.user_id === someone)).toEqual({
      user_id: someone,
      kept: before + 1,
      counted: before + 1,
    });
  });
});
