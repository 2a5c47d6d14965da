import { z } from 'zod';
import { AppearanceSettings } from './appearance-settings.ts';
import { AccountType } from './enums.ts';
import { JobPreferences } from './job-preferences.ts';
import { Location } from './location.ts';
import { NotificationSettings } from './notification-settings.ts';
import { Id, IsoDateTime } from './scalars.ts';
import { ProfilePicture, ResumeFile } from './uploaded-files.ts';
import { UserSkill } from './user-skill.ts';

/** The signed-in user, as `GET /auth/me`, login, register and the profile calls return it. */
export const User = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Empty string when not set, like bio and jobTitle. */
  phone: z.string(),
  bio: z.string(),
  accountType: AccountType,
  jobTitle: z.string(),
  profilePicture: ProfilePicture.nullable(),
  resume: ResumeFile.nullable(),
  location: Location,
  skills: z.array(UserSkill),
  jobPreferences: JobPreferences,
  notificationSettings: NotificationSettings,
  appearanceSettings: AppearanceSettings,
  createdAt: IsoDateTime,
});
export type User = z.infer<typeof User>;

/** The profile's own text fields: what the Profile form edits as typed and ProfileUpdated records. */
export type ProfileText = Pick<User, 'firstName' | 'lastName' | 'email' | 'phone' | 'bio' | 'jobTitle'>;

/**
 * A copy holding those fields and nothing else, whatever else `source` carries: the write side's
 * strict event schema and the form's request both refuse a field they do not name.
 */
export function profileTextOf(source: ProfileText): ProfileText {
  return {
    firstName: source.firstName,
    lastName: source.lastName,
    email: source.email,
    phone: source.phone,
    bio: source.bio,
    jobTitle: source.jobTitle,
  };
}
