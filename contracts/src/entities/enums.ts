import { z } from 'zod';
import {
  accountTypes,
  applicationStatuses,
  companySizes,
  connectionStatuses,
  employerApplicationStatuses,
  experienceLevels,
  jobCategories,
  jobStatuses,
  jobTypes,
  languages,
  postCategories,
  postTypes,
  postVisibilities,
  skillProficiencies,
  themes,
  timezones,
  workLocations,
} from '../constants.ts';
import {
  hiringMessages,
  jobFormMessages,
  postMessages,
  profileMessages,
  registerMessages,
  settingsMessages,
} from '../messages.ts';

/** The spec's enumerations as schemas, each with the message a person sees when a value is not allowed. */

export const AccountType = z.enum(accountTypes, { error: registerMessages.accountTypeRequired });
export type AccountType = z.infer<typeof AccountType>;

export const JobType = z.enum(jobTypes, { error: jobFormMessages.jobTypeInvalid });
export type JobType = z.infer<typeof JobType>;

export const WorkLocation = z.enum(workLocations, { error: jobFormMessages.workLocationInvalid });
export type WorkLocation = z.infer<typeof WorkLocation>;

export const ExperienceLevel = z.enum(experienceLevels, { error: jobFormMessages.experienceLevelInvalid });
export type ExperienceLevel = z.infer<typeof ExperienceLevel>;

export const JobCategory = z.enum(jobCategories, { error: jobFormMessages.categoryInvalid });
export type JobCategory = z.infer<typeof JobCategory>;

export const CompanySize = z.enum(companySizes, { error: jobFormMessages.companySizeInvalid });
export type CompanySize = z.infer<typeof CompanySize>;

export const SkillProficiency = z.enum(skillProficiencies, { error: jobFormMessages.proficiencyInvalid });
export type SkillProficiency = z.infer<typeof SkillProficiency>;

/** Any other value read from a server is shown grey, but the write side only produces these. */
export const ApplicationStatus = z.enum(applicationStatuses);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const EmployerApplicationStatus = z.enum(employerApplicationStatuses, {
  error: hiringMessages.statusInvalid,
});
export type EmployerApplicationStatus = z.infer<typeof EmployerApplicationStatus>;

export const JobStatus = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof JobStatus>;

export const PostType = z.enum(postTypes, { error: postMessages.typeInvalid });
export type PostType = z.infer<typeof PostType>;

export const PostCategory = z.enum(postCategories, { error: postMessages.categoryInvalid });
export type PostCategory = z.infer<typeof PostCategory>;

export const PostVisibility = z.enum(postVisibilities, { error: postMessages.visibilityInvalid });
export type PostVisibility = z.infer<typeof PostVisibility>;

export const ConnectionStatus = z.enum(connectionStatuses);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export const Theme = z.enum(themes, { error: settingsMessages.themeInvalid });
export type Theme = z.infer<typeof Theme>;

export const Language = z.enum(languages, { error: settingsMessages.languageInvalid });
export type Language = z.infer<typeof Language>;

export const Timezone = z.enum(timezones, { error: settingsMessages.timezoneInvalid });
export type Timezone = z.infer<typeof Timezone>;

/** A job seeker's preferred location uses the job work locations. */
export const PreferredLocation = z.enum(workLocations, { error: profileMessages.preferredLocationInvalid });
export type PreferredLocation = z.infer<typeof PreferredLocation>;
