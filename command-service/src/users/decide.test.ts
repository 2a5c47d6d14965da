import type { User } from '@careers/contracts/entities/user';
import { authMessages, passwordMessages } from '@careers/contracts/messages';
import { registeredUser } from '@careers/contracts/user-defaults';
import { describe, expect, it } from 'vitest';
import { given } from '../pipeline/testing.ts';
import {
  decideAppearanceSettings,
  decideChangePassword,
  decideLogin,
  decideLogout,
  decideNotificationSettings,
  decideRegister,
} from './decide.ts';
import { evolveUser, foldUser } from './evolve.ts';

const now = new Date('2026-03-01T10:00:00.000Z');
const userId = '6f1c2b8e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const request = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  password: 'cobol-1959',
  accountType: 'employer' as const,
};
const grace: User = registeredUser({ userId, ...request, registeredAt: now.toISOString() });

describe('register', () => {
  it('records UserRegistered with the names, email and account type, and never the password', () => {
    const events = given({ emailTaken: false })
      .when(({ emailTaken }) => decideRegister({ userId, request, emailTaken, now }))
      .thenRecords([
        {
          type: 'UserRegistered',
          data: {
            userId,
            firstName: 'Grace',
            lastName: 'Hopper',
            email: 'grace@example.com',
            accountType: 'employer',
            registeredAt: '2026-03-01T10:00:00.000Z',
          },
        },
      ]);
    expect(JSON.stringify(events)).not.toContain('cobol-1959');
  });

  it('refuses an email that is already registered as a conflict', () => {
    given({ emailTaken: true })
      .when(({ emailTaken }) => decideRegister({ userId, request, emailTaken, now }))
      .thenRefuses('conflict', authMessages.emailTaken);
  });
});

describe('login', () => {
  it('records UserLoggedIn for the right password', () => {
    given(grace)
      .when((user) => decideLogin({ user, passwordMatches: true, now }))
      .thenRecords([{ type: 'UserLoggedIn', data: { userId, at: now.toISOString() } }]);
  });

  it('answers an unknown email and a wrong password with the same refusal', () => {
    given(null)
      .when((user) => decideLogin({ user, passwordMatches: false, now }))
      .thenRefuses('invalid', authMessages.invalidCredentials);
    given(grace)
      .when((user) => decideLogin({ user, passwordMatches: false, now }))
      .thenRefuses('invalid', authMessages.invalidCredentials);
  });
});

describe('logout', () => {
  it('records UserLoggedOut for a known user and nothing otherwise', () => {
    given(grace)
      .when((user) => decideLogout({ user, now }))
      .thenRecords([{ type: 'UserLoggedOut', data: { userId, at: now.toISOString() } }]);
    given(null)
      .when((user) => decideLogout({ user, now }))
      .thenRecordsNothing();
  });
});

describe('change password', () => {
  it('records PasswordChanged when the current password matches', () => {
    given(grace)
      .when((user) => decideChangePassword({ user, currentPasswordMatches: true, now }))
      .thenRecords([{ type: 'PasswordChanged', data: { userId, changedAt: now.toISOString() } }]);
  });

  it('refuses a wrong current password as invalid, not unauthenticated (which would sign the client out)', () => {
    given(grace)
      .when((user) => decideChangePassword({ user, currentPasswordMatches: false, now }))
      .thenRefuses('invalid', passwordMessages.currentPasswordIncorrect);
  });
});

describe('settings', () => {
  const quiet = { ...grace.notificationSettings, pushNotifications: false };

  it('records the six toggles when one changed, and nothing when none did', () => {
    given(grace)
      .when((user) => decideNotificationSettings(user, quiet))
      .thenRecords([{ type: 'NotificationSettingsUpdated', data: { userId, settings: quiet } }]);
    given(grace)
      .when((user) => decideNotificationSettings(user, { ...grace.notificationSettings }))
      .thenRecordsNothing();
  });

  it('records theme, language and timezone when one changed, and nothing when none did', () => {
    const dark = { theme: 'dark', language: 'fr', timezone: 'PST' } as const;
    given(grace)
      .when((user) => decideAppearanceSettings(user, dark))
      .thenRecords([{ type: 'AppearanceSettingsUpdated', data: { userId, settings: dark } }]);
    given(grace)
      .when((user) => decideAppearanceSettings(user, { ...grace.appearanceSettings }))
      .thenRecordsNothing();
  });
});

describe('evolve', () => {
  it('builds the user a registration and later settings describe', () => {
    const dark = { theme: 'dark', language: 'de', timezone: 'CST' } as const;
    const registered = given(null).when(() => decideRegister({ userId, request, emailTaken: false, now }));
    const loggedIn = given(grace).when((user) => decideLogin({ user, passwordMatches: true, now }));
    const user = foldUser(null, [
      ...registered.thenRecords([expect.objectContaining({ type: 'UserRegistered' })]),
      ...loggedIn.thenRecords([expect.objectContaining({ type: 'UserLoggedIn' })]),
      ...decideAppearanceSettings(grace, dark),
    ]);
    expect(user).toEqual({ ...grace, appearanceSettings: dark });
  });

  it('refuses any other event before the registration', () => {
    expect(() => evolveUser(null, { type: 'UserLoggedIn', data: { userId, at: now.toISOString() } })).toThrow(
      /before UserRegistered/,
    );
  });
});
