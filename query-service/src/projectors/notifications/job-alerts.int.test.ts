import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobPostedData } from '../jobs/testing.ts';
import { type NotificationBed, notificationTesting } from './notification-testing.ts';

/** Job alerts through the indexes: whom a job fits, the pushes of a batch, the counts kept, a job of many matches. */

const testing = notificationTesting('notifications-job-alerts');
const {
  pushes,
  log,
  versions,
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
} = testing;
let bed: NotificationBed;

beforeAll(async () => {
  ({ bed } = testing.current());
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
