import { DEFAULT_CURRENCY } from '@careers/contracts/constants';
import type { PreferredLocation } from '@careers/contracts/entities/enums';
import { profileTextOf, type User } from '@careers/contracts/entities/user';
import type { UserSkill } from '@careers/contracts/entities/user-skill';
import type { UpdateProfileRequestInput } from '@careers/contracts/requests/update-profile';

/** The Profile form while it is edited: text as typed, amounts as strings, skills as added. */
export interface ProfileDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  bio: string;
  jobTitle: string;
  location: { city: string; state: string; country: string };
  skills: UserSkill[];
  roles: string[];
  preferredLocation: PreferredLocation | '';
  salary: { min: string; max: string };
}

const amountText = (amount: number | null) => (amount === null ? '' : String(amount));

/** Edit Profile starts from the profile as saved; Cancel throws the draft away. */
export function draftOf(user: User): ProfileDraft {
  const preferences = user.jobPreferences;
  return {
    ...profileTextOf(user),
    location: { ...user.location },
    skills: user.skills.map((skill) => ({ ...skill })),
    roles: [...preferences.roles],
    preferredLocation: preferences.preferredLocation ?? '',
    salary: {
      min: amountText(preferences.salaryExpectation.min),
      max: amountText(preferences.salaryExpectation.max),
    },
  };
}

/** Whether the draft differs from the profile as saved: something typed would be lost on leaving. */
export function isDraftChanged(draft: ProfileDraft, user: User): boolean {
  return JSON.stringify(draft) !== JSON.stringify(draftOf(user));
}

/**
 * Spec section 7: PUT /users/profile sends the job preferences as `roles`, `remoteWork` and
 * `salaryRange`. The salary keeps the currency already saved (the screen shows dollars only).
 */
export function profileRequestOf(draft: ProfileDraft, user: User): UpdateProfileRequestInput {
  return {
    ...profileTextOf(draft),
    location: draft.location,
    skills: draft.skills,
    jobPreferences: {
      roles: draft.roles,
      remoteWork: draft.preferredLocation,
      salaryRange: {
        min: draft.salary.min,
        max: draft.salary.max,
        currency: user.jobPreferences.salaryExpectation.currency || DEFAULT_CURRENCY,
      },
    },
  };
}
