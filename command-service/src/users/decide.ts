import { isDeepStrictEqual } from 'node:util';
import type { AppearanceSettings } from '@careers/contracts/entities/appearance-settings';
import type { JobPreferences } from '@careers/contracts/entities/job-preferences';
import type { Location } from '@careers/contracts/entities/location';
import type { NotificationSettings } from '@careers/contracts/entities/notification-settings';
import { profileTextOf, type User } from '@careers/contracts/entities/user';
import type { UserSkill } from '@careers/contracts/entities/user-skill';
import type { NewDomainEvent, NewEventOf } from '@careers/contracts/events/catalogue';
import { authMessages, passwordMessages, profileMessages } from '@careers/contracts/messages';
import type { RegisterRequest } from '@careers/contracts/requests/register';
import type { UpdateProfileRequest } from '@careers/contracts/requests/update-profile';
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

// ---- Profile and skills -------------------------------------------------------------------------------

/** Copies holding exactly the fields the events' strict schemas name. */
const locationOf = ({ city, state, country }: Location): Location => ({ city, state, country });
const preferencesOf = ({ roles, preferredLocation, salaryExpectation }: JobPreferences): JobPreferences => ({
  roles: [...roles],
  preferredLocation,
  salaryExpectation: {
    min: salaryExpectation.min,
    max: salaryExpectation.max,
    currency: salaryExpectation.currency,
  },
});
const skillsOf = (skills: readonly UserSkill[]): UserSkill[] =>
  skills.map(({ name, proficiency, experience }) => ({ name, proficiency, experience }));

function profileOf(user: User): Omit<NewEventOf<'ProfileUpdated'>['data'], 'userId'> {
  return {
    ...profileTextOf(user),
    location: locationOf(user.location),
    jobPreferences: preferencesOf(user.jobPreferences),
  };
}

/** Saving a skill list as it already is records nothing. */
export function decideUpdateSkills(user: User, skills: readonly UserSkill[]): NewDomainEvent[] {
  const next = skillsOf(skills);
  if (isDeepStrictEqual(skillsOf(user.skills), next)) return [];
  return [{ type: 'SkillsUpdated', data: { userId: user._id, skills: next } }];
}

/**
 * Saving the profile form: names and email always, every other field only when sent. The email may
 * change to one no other account uses, in any letter case (the request lowercases it; the store's
 * unique index settles two accounts claiming it at once). Skills sent with the form are recorded as
 * their own event, so consumers of skills need not read profiles. Nothing changed records nothing.
 */
export function decideUpdateProfile(input: {
  user: User;
  request: UpdateProfileRequest;
  emailTakenByAnother: boolean;
}): Decision {
  const { user, request } = input;
  if (request.email !== user.email && input.emailTakenByAnother) {
    return refuse.conflict(authMessages.emailTaken);
  }
  const before = profileOf(user);
  const after = {
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    phone: request.phone ?? before.phone,
    bio: request.bio ?? before.bio,
    jobTitle: request.jobTitle ?? before.jobTitle,
    location: request.location ? locationOf(request.location) : before.location,
    jobPreferences: request.jobPreferences ? preferencesOf(request.jobPreferences) : before.jobPreferences,
  };
  const events: NewDomainEvent[] = [];
  if (!isDeepStrictEqual(before, after)) {
    events.push({ type: 'ProfileUpdated', data: { userId: user._id, ...after } });
  }
  if (request.skills) events.push(...decideUpdateSkills(user, request.skills));
  return events;
}

// ---- Picture and resume -------------------------------------------------------------------------------

/** A stored picture becomes the user's, replacing any previous one. */
export function decideUploadPicture(input: {
  user: User;
  pictureId: string;
  size: number;
  now: Date;
}): NewDomainEvent[] {
  const { user, pictureId, size, now } = input;
  return [
    {
      type: 'ProfilePictureUploaded',
      data: { userId: user._id, pictureId, size, uploadedAt: now.toISOString() },
    },
  ];
}

/** A stored PDF becomes the user's resume, replacing any previous one. */
export function decideUploadResume(input: {
  user: User;
  resumeId: string;
  filename: string;
  size: number;
  now: Date;
}): NewDomainEvent[] {
  const { user, resumeId, filename, size, now } = input;
  return [
    {
      type: 'ResumeUploaded',
      data: { userId: user._id, resumeId, filename, size, uploadedAt: now.toISOString() },
    },
  ];
}

/** Removing what is not there is refused (404), so a second click is told there is nothing left. */
export function decideRemovePicture(user: User): Decision {
  if (!user.profilePicture) return refuse.notFound(profileMessages.nothingToRemove('profilePicture'));
  return [{ type: 'ProfilePictureRemoved', data: { userId: user._id } }];
}

export function decideRemoveResume(user: User): Decision {
  if (!user.resume) return refuse.notFound(profileMessages.nothingToRemove('resume'));
  return [{ type: 'ResumeRemoved', data: { userId: user._id } }];
}
