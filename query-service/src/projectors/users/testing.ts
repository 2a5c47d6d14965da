import type { EventDataInput } from '@careers/contracts/events/catalogue';

type ProfileUpdatedData = EventDataInput<'ProfileUpdated'>;

/**
 * A ProfileUpdated payload for `userId` with plain defaults; a test names only what it is about (in
 * the job preferences too). Not the catalogue's example (`domainEvents.ProfileUpdated.example`): its
 * city, job title and roles are real ones, which a job alert or a search would match.
 */
export function profileUpdatedData(
  userId: string,
  overrides: Partial<Omit<ProfileUpdatedData, 'userId' | 'jobPreferences'>> & {
    jobPreferences?: Partial<ProfileUpdatedData['jobPreferences']>;
  } = {},
): ProfileUpdatedData {
  const { jobPreferences, ...rest } = overrides;
  return {
    userId,
    firstName: 'Pat',
    lastName: 'Tester',
    email: `${userId}@example.com`,
    phone: '',
    bio: '',
    jobTitle: '',
    location: { city: '', state: '', country: '' },
    ...rest,
    jobPreferences: {
      roles: [],
      preferredLocation: null,
      salaryExpectation: { min: 0, max: 0, currency: 'USD' },
      ...jobPreferences,
    },
  };
}
