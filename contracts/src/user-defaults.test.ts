import { describe, expect, it } from 'vitest';
import { User } from './entities/user.ts';
import { userEvents } from './events/user-events.ts';
import { registeredUser } from './user-defaults.ts';

describe('registeredUser', () => {
  it('starts a valid user with the spec defaults: all notifications on but marketing, light/en/UTC', () => {
    const user = registeredUser(userEvents.UserRegistered.example);
    expect(User.parse(user)).toEqual(user);
    expect(user.notificationSettings).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      jobAlerts: true,
      connectionRequests: true,
      applicationUpdates: true,
      marketingEmails: false,
    });
    expect(user.appearanceSettings).toEqual({ theme: 'light', language: 'en', timezone: 'UTC' });
    expect(user).toMatchObject({ firstName: 'Ada', accountType: 'job_seeker', profilePicture: null });
  });

  it('never shares nested objects between users', () => {
    const a = registeredUser(userEvents.UserRegistered.example);
    const b = registeredUser(userEvents.UserRegistered.example);
    a.jobPreferences.roles.push('x');
    a.location.city = 'Paris';
    expect(b.jobPreferences.roles).toEqual([]);
    expect(b.location.city).toBe('');
  });
});
