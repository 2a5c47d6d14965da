import { z } from 'zod';
import { PreferredLocation } from './enums.ts';
import { SalaryRange } from './salary-range.ts';

/**
 * Job preferences as the profile screen reads them. They are sent to the server as
 * `roles`/`remoteWork`/`salaryRange` (see `requests/update-profile.ts`).
 */
export const JobPreferences = z.object({
  roles: z.array(z.string()),
  preferredLocation: PreferredLocation.nullable(),
  salaryExpectation: SalaryRange,
});
export type JobPreferences = z.infer<typeof JobPreferences>;
