import { randomUUID } from 'node:crypto';
import { User } from '@careers/contracts/entities/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed, testMessages } from '../testing.ts';
import { findUser } from './queries.ts';

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let pool: typeof bed.pool;
let runner: typeof bed.runner;
let s: string;
const { envelope, message } = testMessages();

beforeAll(async () => {
  bed = await projectorTestbed('users-projector');
  ({ pool, runner, schema: s } = bed);
});
afterAll(async () => {
  await bed?.close();
});

describe('users projector', () => {
  const userId = randomUUID();
  const at = '2026-02-01T08:00:00.000Z';
  const quiet = {
    emailNotifications: false,
    pushNotifications: false,
    jobAlerts: true,
    connectionRequests: true,
    applicationUpdates: false,
    marketingEmails: false,
  };
  const events = [
    envelope('user', userId, 1, 'UserRegistered', {
      userId,
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'katherine@example.com',
      accountType: 'employer',
      registeredAt: at,
    }),
    envelope('user', userId, 2, 'UserLoggedIn', { userId, at }),
    envelope('user', userId, 3, 'NotificationSettingsUpdated', { userId, settings: quiet }),
    envelope('user', userId, 4, 'AppearanceSettingsUpdated', {
      userId,
      settings: { theme: 'system', language: 'fr', timezone: 'EST' },
    }),
    envelope('user', userId, 5, 'PasswordChanged', { userId, changedAt: at }),
  ];

  it('given a registration, serves the user with the spec defaults', async () => {
    await runner.applyMessages([message(events[0])]);
    const user = await findUser(pool, s, userId);
    expect(User.parse(user)).toEqual(user);
    expect(user).toMatchObject({
      _id: userId,
      firstName: 'Katherine',
      email: 'katherine@example.com',
      accountType: 'employer',
      jobTitle: '',
      profilePicture: null,
      resume: null,
      notificationSettings: { emailNotifications: true, marketingEmails: false },
      appearanceSettings: { theme: 'light', language: 'en', timezone: 'UTC' },
      createdAt: at,
    });
  });

  it('given settings changes, serves the latest settings; a password change alters nothing shown', async () => {
    await runner.applyMessages(events.slice(1).map(message));
    expect(await findUser(pool, s, userId)).toMatchObject({
      notificationSettings: quiet,
      appearanceSettings: { theme: 'system', language: 'fr', timezone: 'EST' },
    });
    const { rows } = await pool.query(
      `SELECT stream_version FROM ${s}.stream_checkpoints WHERE stream_id = $1`,
      [userId],
    );
    expect(rows[0].stream_version).toBe(5);
  });

  it('changes nothing when the whole stream is redelivered, in order or reversed', async () => {
    const before = await pool.query(`SELECT * FROM ${s}.users WHERE id = $1`, [userId]);
    expect(await runner.applyMessages(events.map(message))).toEqual({ applied: 0, skipped: 5 });
    expect(await runner.applyMessages([...events].reverse().map(message))).toEqual({
      applied: 0,
      skipped: 5,
    });
    const after = await pool.query(`SELECT * FROM ${s}.users WHERE id = $1`, [userId]);
    expect(after.rows).toEqual(before.rows);
  });

  it('answers null for an unknown user', async () => {
    expect(await findUser(pool, s, randomUUID())).toBeNull();
  });
});
