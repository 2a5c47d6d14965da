import type { User } from '@careers/contracts/entities/user';
import { authMessages, passwordMessages } from '@careers/contracts/messages';
import { registeredUser } from '@careers/contracts/user-defaults';
import { HttpError } from '@careers/service-kit';
import { describe, expect, it } from 'vitest';
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

function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected the decision to refuse');
}

describe('register', () => {
  it('records UserRegistered with the names, email and account type, and never the password', () => {
    const events = decideRegister({ userId, request, emailTaken: false, now });
    expect(events).toEqual([
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

  it('refuses an email that is already registered with 409', () => {
    expect(refusal(() => decideRegister({ userId, request, emailTaken: true, now }))).toEqual({
      status: 409,
      message: authMessages.emailTaken,
    });
  });
});

describe('login', () => {
  it('records UserLoggedIn for the right password', () => {
    expect(decideLogin({ user: grace, passwordMatches: true, now })).toEqual([
      { type: 'UserLoggedIn', data: { userId, at: now.toISOString() } },
    ]);
  });

  it('answers an unknown email and a wrong password with the same 400', () => {
    const unknown = refusal(() => decideLogin({ user: null, passwordMatches: false, now }));
    const wrong = refusal(() => decideLogin({ user: grace, passwordMatches: false, now }));
    expect(unknown).toEqual({ status: 400, message: authMessages.invalidCredentials });
    expect(wrong).toEqual(unknown);
  });
});

describe('logout', () => {
  it('records UserLoggedOut for a known user and nothing otherwise', () => {
    expect(decideLogout({ user: grace, now })).toEqual([
      { type: 'UserLoggedOut', data: { userId, at: now.toISOString() } },
    ]);
    expect(decideLogout({ user: null, now })).toEqual([]);
  });
});

describe('change password', () => {
  it('records PasswordChanged when the current password matches', () => {
    expect(decideChangePassword({ user: grace, currentPasswordMatches: true, now })).toEqual([
      { type: 'PasswordChanged', data: { userId, changedAt: now.toISOString() } },
    ]);
  });

  it('refuses a wrong current password with 400, not 401 (which would sign the client out)', () => {
    expect(refusal(() => decideChangePassword({ user: grace, currentPasswordMatches: false, now }))).toEqual({
      status: 400,
      message: passwordMessages.currentPasswordIncorrect,
    });
  });
});

describe('settings', () => {
  const quiet = { ...grace.notificationSettings, pushNotifications: false };

  it('records the six toggles when one changed, and nothing when none did', () => {
    expect(decideNotificationSettings(grace, quiet)).toEqual([
      { type: 'NotificationSettingsUpdated', data: { userId, settings: quiet } },
    ]);
    expect(decideNotificationSettings(grace, { ...grace.notificationSettings })).toEqual([]);
  });

  it('records theme, language and timezone when one changed, and nothing when none did', () => {
    const dark = { theme: 'dark', language: 'fr', timezone: 'PST' } as const;
    expect(decideAppearanceSettings(grace, dark)).toEqual([
      { type: 'AppearanceSettingsUpdated', data: { userId, settings: dark } },
    ]);
    expect(decideAppearanceSettings(grace, { ...grace.appearanceSettings })).toEqual([]);
  });
});

describe('evolve', () => {
  it('builds the user a registration and later settings describe', () => {
    const dark = { theme: 'dark', language: 'de', timezone: 'CST' } as const;
    const user = foldUser(null, [
      ...decideRegister({ userId, request, emailTaken: false, now }),
      ...decideLogin({ user: grace, passwordMatches: true, now }),
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
