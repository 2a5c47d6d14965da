/**
 * Notifications and the dashboard through the whole architecture, against the real Postgres, Kafka and
 * Redis: commands -> event log -> Kafka -> projector -> GET /api/notifications and the bell's count;
 * the projector's announcement -> gateway -> notifications:changed on the person's socket (a job
 * alert within a second, none for someone with push notifications off); marking read; the dashboard's
 * four counts; and a rebuild from the topics that reproduces the notifications exactly.
 */

import { sendCommand, sessionCookieOf } from '@careers/command-service/testing';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { notificationDefaults } from '@careers/contracts/constants';
import { Notification } from '@careers/contracts/entities/notification';
import { notificationMessages } from '@careers/contracts/messages';
import { type NotificationsChangedPayload, serverEvents } from '@careers/contracts/sockets';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startInProcessServices } from './in-process.ts';

const services = await startInProcessServices('notifications');
const { ns, command } = services;

afterAll(() => services.close());

interface Person {
  id: string;
  sid: string;
  /** Tokens of this person's writes since their last read. */
  tokens: string[];
}

async function send(who: Person | undefined, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const response = await sendCommand(command.app, { method, url, body, sid: who?.sid });
  const token = response.headers[CONSISTENCY_HEADER];
  if (who && typeof token === 'string') who.tokens.push(token);
  return response;
}

/** Reads as `who` once every write of `writers` (and their own) is projected. */
async function get(who: Person, path: string, writers: Person[] = []) {
  const tokens = [who, ...writers].flatMap((p) => p.tokens.splice(0));
  return services.read(who.sid, path, tokens);
}

let seq = 0;
async function signUp(
  firstName: string,
  accountType: 'job_seeker' | 'employer' = 'job_seeker',
): Promise<Person> {
  const response = await sendCommand(command.app, {
    method: 'POST',
    url: '/api/auth/register',
    body: {
      firstName,
      lastName: 'Tester',
      email: `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`,
      password: 'bell-test-1',
      accountType,
    },
  });
  expect(response.statusCode).toBe(201);
  return {
    id: response.json().user._id,
    sid: sessionCookieOf(response)?.value as string,
    tokens: [response.headers[CONSISTENCY_HEADER] as string],
  };
}

async function ok(who: Person, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const response = await send(who, method, url, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

/** Every notifications:changed a socket hears, with when it arrived. */
function listen(socket: Socket) {
  const heard: { at: number; payload: NotificationsChangedPayload }[] = [];
  socket.on(serverEvents.notificationsChanged, (payload: NotificationsChangedPayload) =>
    heard.push({ at: performance.now(), payload }),
  );
  return {
    heard,
    async next(count: number, timeoutMs = 5000) {
      const until = performance.now() + timeoutMs;
      while (heard.length < count && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
      return heard[count - 1];
    },
  };
}

const typescript = [{ name: 'TypeScript', proficiency: 'Advanced', experience: 4 }];
const jobForm = {
  title: 'Frontend Engineer',
  description: 'Screens people use every day.',
  company: { name: 'Acme', industry: 'Software' },
  location: { city: 'Berlin', country: 'Germany' },
  salary: { min: 70000, max: 90000 },
  workLocation: 'Remote',
  skills: [{ name: 'typescript', required: true }],
};

describe('notifications through the services', () => {
  let poster: Person;
  let seeker: Person;
  let quiet: Person;
  let jobId: string;

  it('alerts a matching person within a second, lists it, and pushes nothing to someone with pushes off', async () => {
    poster = await signUp('Ada', 'employer');
    seeker = await signUp('Bob');
    quiet = await signUp('Cy');
    await ok(seeker, 'PUT', '/api/users/skills', { skills: typescript });
    await ok(quiet, 'PUT', '/api/users/skills', { skills: typescript });
    await ok(quiet, 'PUT', '/api/users/notifications', { ...notificationDefaults, pushNotifications: false });
    // Both settings projected before the job is posted.
    await get(seeker, '/api/notifications/unread-count');
    await get(quiet, '/api/notifications/unread-count');

    const seekerBell = listen(await services.openSocket(seeker.sid));
    const quietBell = listen(await services.openSocket(quiet.sid));
    const started = performance.now();
    const job = await ok(poster, 'POST', '/api/jobs', jobForm);
    const replied = performance.now();
    jobId = job.data._id;

    const pushed = await seekerBell.next(1);
    expect(pushed?.payload.unreadCount).toBe(1);
    expect((pushed?.at ?? Number.POSITIVE_INFINITY) - replied).toBeLessThan(1000);
    console.log(
      `job alert: ${Math.round((pushed?.at ?? 0) - replied)} ms from the reply (${Math.round(replied - started)} ms to reply)`,
    );

    const list = await get(seeker, '/api/notifications?page=1&limit=10', [poster]);
    expect(list.status).toBe(200);
    const [alert] = list.body.data as Notification[];
    expect(Notification.parse(alert)).toMatchObject({
      _id: pushed?.payload.notificationId,
      kind: 'job_alert',
      jobTitle: 'Frontend Engineer',
      company: 'Acme',
      target: { type: 'job', jobId },
      actors: [{ _id: poster.id, firstName: 'Ada' }],
      read: false,
    });
    expect(list.body.unreadCount).toBe(1);
    expect(list.body.pagination).toMatchObject({ currentPage: 1, totalNotifications: 1, hasNext: false });

    // Listed for Cy, but not pushed.
    expect((await get(quiet, '/api/notifications/unread-count')).body).toEqual({ data: { unreadCount: 1 } });
    await new Promise((r) => setTimeout(r, 300));
    expect(quietBell.heard).toEqual([]);
    // The poster is never alerted of their own job.
    expect((await get(poster, '/api/notifications')).body.data).toEqual([]);
  });

  it('rings for a connection request, and marking read brings the count down for every tab', async () => {
    const bell = listen(await services.openSocket(seeker.sid));
    const started = performance.now();
    await ok(poster, 'POST', `/api/users/${seeker.id}/connect`);
    const heard = await bell.next(1);
    expect(heard?.payload.unreadCount).toBe(2);
    console.log(`connection request: ${Math.round((heard?.at ?? 0) - started)} ms to the bell`);

    const list = await get(seeker, '/api/notifications', [poster]);
    const [request, alert] = list.body.data as Notification[];
    expect(request).toMatchObject({
      kind: 'connection_request',
      target: { type: 'connections', tab: 'pending' },
    });

    // Someone else's id and an unknown one change nothing; the seeker's own does.
    const theirs = (await get(quiet, '/api/notifications')).body.data as Notification[];
    const marked = await send(seeker, 'PUT', '/api/notifications/read', {
      notificationIds: [alert?._id, theirs[0]?._id, '0195a0a0-0000-7000-8000-000000000000'],
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ message: notificationMessages.marked });
    expect((await get(seeker, '/api/notifications/unread-count')).body).toEqual({ data: { unreadCount: 1 } });
    expect((await get(quiet, '/api/notifications/unread-count')).body).toEqual({ data: { unreadCount: 1 } });
    expect((await bell.next(2))?.payload).toEqual({ unreadCount: 1, notificationId: null });

    const bad = await send(seeker, 'PUT', '/api/notifications/read', { notificationIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: notificationMessages.nothingToMark });

    await ok(seeker, 'PUT', '/api/notifications/read', { all: true });
    expect((await get(seeker, '/api/notifications/unread-count')).body).toEqual({ data: { unreadCount: 0 } });
  });

  it('answers the dashboard counts in one request', async () => {
    const requestId = (
      (await get(seeker, '/api/users/connections/pending', [poster])).body.data as { _id: string }[]
    )[0]?._id;
    await ok(seeker, 'PUT', `/api/users/connections/${requestId}`, { status: 'accepted' });
    await ok(poster, 'POST', '/api/posts', { content: 'Hiring!', visibility: 'public' });
    const stats = await get(seeker, '/api/dashboard/stats', [poster]);
    expect(stats.status).toBe(200);
    // First and last name and a skill: 3 of the 6 things that count.
    expect(stats.body).toEqual({
      data: { totalJobs: 1, totalConnections: 1, totalPosts: 1, profileCompletion: 50 },
    });
    const jobs = await get(seeker, '/api/jobs?page=1&limit=5');
    const connections = await get(seeker, '/api/users/connections');
    const feed = await get(seeker, '/api/posts/feed?page=1&limit=3&following=true');
    // The same numbers the dashboard's lists report.
    expect((jobs.body.pagination as { totalJobs: number }).totalJobs).toBe(1);
    expect((connections.body.pagination as { totalConnections: number }).totalConnections).toBe(1);
    expect((feed.body.pagination as { totalPosts: number }).totalPosts).toBe(1);
  });

  it('rebuilds the notifications from the topics into exactly the same rows', async () => {
    const tables = [
      ['notifications', 'id'],
      ['notification_likers', 'post_id, user_id'],
      ['alert_skills', 'skill_key, user_id, valid_from'],
      ['alert_roles', 'word, user_id, role_key, valid_from'],
      ['alert_settings', 'user_id, stream_version'],
      ['alert_jobs', 'job_id'],
      ['notification_reads', 'user_id, notification_id'],
      ['notification_read_marks', 'user_id'],
    ] as const;
    await get(seeker, '/api/notifications', [poster, quiet]);
    const before = await services.rows(tables);
    // Two job alerts and Ada's acceptance (Bob's request went when he accepted it).
    expect(before.notifications?.length).toBe(3);
    await services.rebuildFromTopics();
    expect(await services.rows(tables)).toEqual(before);
  });
});
