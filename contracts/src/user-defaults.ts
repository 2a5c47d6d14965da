import { appearanceDefaults, DEFAULT_CURRENCY, notificationDefaults } from './constants.ts';
import type { JobPreferences } from './entities/job-preferences.ts';
import { emptyLocation } from './entities/location.ts';
import type { User } from './entities/user.ts';
import type { EventData } from './events/catalogue.ts';

export const emptyJobPreferences: JobPreferences = {
  roles: [],
  preferredLocation: null,
  salaryExpectation: { min: null, max: null, currency: DEFAULT_CURRENCY },
};

/**
 * The user a registration creates: the given names, email and account type; everything else empty, and
 * the settings at the spec's defaults (section 9). Write and read side both start a user from this.
 */
export function registeredUser(data: EventData<'UserRegistered'>): User {
  return {
    _id: data.userId,
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: '',
    bio: '',
    accountType: data.accountType,
    jobTitle: '',
    profilePicture: null,
    resume: null,
    location: { ...emptyLocation },
    skills: [],
    jobPreferences: structuredClone(emptyJobPreferences),
    notificationSettings: { ...notificationDefaults },
    appearanceSettings: { ...appearanceDefaults },
    createdAt: data.registeredAt,
  };
}
