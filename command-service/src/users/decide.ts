import type { AppearanceSettings } from '@careers/contracts/entities/appearance-settings';
import type { NotificationSettings } from '@careers/contracts/entities/notification-settings';
import type { User } from '@careers/contracts/entities/user';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { authMessages, passwordMessages } from '@careers/contracts/messages';
import type { RegisterRequest } from '@careers/contracts/requests/register';
import { type Decision, refuse } from '../pipeline/domain-error.ts';

/**
 * The user aggregate's decisions: pure functions from a command and the current state to the events
 * that record it, or a refusal in the product's words. Hashing and lookups happen in routes.ts; the
 * decisions get their results as plain facts (`passwordMatches`, `emailTaken`).
 */

export function decideRegister(input: {
  userId: string;
  request: RegisterRequest;
  emailTaken: boolean;
  now: Date;
}): Decision {
  if (input.emailTaken) return refuse.conflict(authMessages.emailTaken);
  const { firstName, lastName, email, accountType } = input.request;
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: input.userId,
        firstName,
        lastName,
        email,
        accountType,
        registeredAt: input.now.toISOString(),
      },
    },
  ];
}

/** An unknown email and a wrong password get the same answer, so neither can be told apart. */
export const invalidCredentials = () => refuse.invalid(authMessages.invalidCredentials);

export function decideLogin(input: { user: User | null; passwordMatches: boolean; now: Date }): Decision {
  if (!input.user || !input.passwordMatches) return invalidCredentials();
  return [{ type: 'UserLoggedIn', data: { userId: input.user._id, at: input.now.toISOString() } }];
}

export function decideLogout(input: { user: User | null; now: Date }): NewDomainEvent[] {
  if (!input.user) return [];
  return [{ type: 'UserLoggedOut', data: { userId: input.user._id, at: input.now.toISOString() } }];
}

export function decideChangePassword(input: {
  user: User;
  currentPasswordMatches: boolean;
  now: Date;
}): Decision {
  // Invalid (400), not unauthenticated (401): a wrong current password must not look like an ended
  // session to the client, which signs out on a 401.
  if (!input.currentPasswordMatches) return refuse.invalid(passwordMessages.currentPasswordIncorrect);
  return [{ type: 'PasswordChanged', data: { userId: input.user._id, changedAt: input.now.toISOString() } }];
}

function sameSettings<T extends object>(a: T, b: T): boolean {
  return (Object.keys(b) as (keyof T)[]).every((key) => a[key] === b[key]);
}

/** Saving the toggles as they already are records nothing. */
export function decideNotificationSettings(user: User, settings: NotificationSettings): NewDomainEvent[] {
  if (sameSettings(user.notificationSettings, settings)) return [];
  return [{ type: 'NotificationSettingsUpdated', data: { userId: user._id, settings: { ...settings } } }];
}

export function decideAppearanceSettings(user: User, settings: AppearanceSettings): NewDomainEvent[] {
  if (sameSettings(user.appearanceSettings, settings)) return [];
  return [{ type: 'AppearanceSettingsUpdated', data: { userId: user._id, settings: { ...settings } } }];
}
