import { z } from 'zod';
import { AppearanceSettings } from '../entities/appearance-settings.ts';
import { Company } from '../entities/job.ts';
import { JobPreferences } from '../entities/job-preferences.ts';
import { JobSkill } from '../entities/job-skill.ts';
import { Location } from '../entities/location.ts';
import { NotificationSettings } from '../entities/notification-settings.ts';
import { SalaryRange } from '../entities/salary-range.ts';
import { UserSkill } from '../entities/user-skill.ts';

/** Strict twins of the entity parts events carry: an event may hold nothing the contract does not name. */

export const EventLocation = z.strictObject(Location.shape);
export const EventSalaryRange = z.strictObject(SalaryRange.shape);
export const EventJobPreferences = z.strictObject({
  ...JobPreferences.shape,
  salaryExpectation: EventSalaryRange,
});
export const EventUserSkill = z.strictObject(UserSkill.shape);
export const EventJobSkill = z.strictObject(JobSkill.shape);
export const EventCompany = z.strictObject(Company.shape);
export const EventNotificationSettings = z.strictObject(NotificationSettings.shape);
export const EventAppearanceSettings = z.strictObject(AppearanceSettings.shape);
