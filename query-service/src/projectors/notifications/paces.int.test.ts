import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jobPostedData } from '../jobs/testing.ts';
import { notificationTesting } from './notification-testing.ts';

/** Notifications when topics are read at different paces: a person as they were when the event was made. */

const testing = notificationTesting('notifications-paces');
const { next, apply, register, settings, skills, listOf } = testing;

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
