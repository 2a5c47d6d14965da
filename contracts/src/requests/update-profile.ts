import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  DEFAULT_CURRENCY,
  MAX_DESIRED_ROLES,
  PHONE_MAX_LENGTH,
  PROFILE_JOB_TITLE_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from '../constants.ts';
import { PreferredLocation } from '../entities/enums.ts';
import type { JobPreferences } from '../entities/job-preferences.ts';
import { profileMessages } from '../messages.ts';
import { EmailAddress, FirstName, LastName, textList } from './fields.ts';
import { OptionalSalaryInput } from './salary-input.ts';
import { UserSkillsInput } from './update-skills.ts';

/** Optional text: absent keeps the current value, null or '' clears it. */
function editableText(max: number, tooLongMessage: string) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage)
    .nullable()
    .transform((value) => value ?? '')
    .optional();
}

const PHONE_PATTERN = /^\+?[0-9\s().-]{5,}$/;

const Phone = editableText(PHONE_MAX_LENGTH, profileMessages.phoneInvalid).refine(
  (phone) => phone === undefined || phone === '' || PHONE_PATTERN.test(phone),
  profileMessages.phoneInvalid,
);

export const LocationInput = z.object({
  city: editableText(SHORT_TEXT_MAX_LENGTH, profileMessages.locationPartTooLong('City')).default(''),
  state: editableText(SHORT_TEXT_MAX_LENGTH, profileMessages.locationPartTooLong('State')).default(''),
  country: editableText(SHORT_TEXT_MAX_LENGTH, profileMessages.locationPartTooLong('Country')).default(''),
});

/**
 * Job preferences as the client sends them: `roles`, `remoteWork` (the preferred location) and
 * `salaryRange`. The output is the stored shape the screens read (`preferredLocation`,
 * `salaryExpectation`).
 */
export const JobPreferencesInput = z
  .object({
    roles: textList(
      { itemMax: SHORT_TEXT_MAX_LENGTH, maxItems: MAX_DESIRED_ROLES },
      { itemTooLong: profileMessages.roleTooLong, tooMany: profileMessages.tooManyRoles },
    ),
    remoteWork: z
      .union([PreferredLocation, z.literal(''), z.null()], {
        error: profileMessages.preferredLocationInvalid,
      })
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    salaryRange: OptionalSalaryInput.default({ min: null, max: null, currency: DEFAULT_CURRENCY }),
  })
  .transform(
    (input): JobPreferences => ({
      roles: input.roles,
      preferredLocation: input.remoteWork,
      salaryExpectation: input.salaryRange,
    }),
  );

/**
 * `PUT /users/profile`. Names and email are always sent by the profile form; any other field left out
 * keeps its current value.
 */
export const UpdateProfileRequest = z.object({
  firstName: FirstName,
  lastName: LastName,
  email: EmailAddress,
  phone: Phone,
  bio: editableText(BIO_MAX_LENGTH, profileMessages.bioTooLong),
  jobTitle: editableText(PROFILE_JOB_TITLE_MAX_LENGTH, profileMessages.jobTitleTooLong),
  location: LocationInput.optional(),
  jobPreferences: JobPreferencesInput.optional(),
  skills: UserSkillsInput.optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;
export type UpdateProfileRequestInput = z.input<typeof UpdateProfileRequest>;
