import { z } from 'zod';
import {
  COMPANY_TEXT_MAX_LENGTH,
  JOB_DESCRIPTION_MAX_LENGTH,
  JOB_LIST_ITEM_MAX_LENGTH,
  JOB_LIST_MAX_ITEMS,
  JOB_MAX_SKILLS,
  JOB_TITLE_MAX_LENGTH,
  jobFormDefaults,
  SHORT_TEXT_MAX_LENGTH,
  skillDefaults,
  WEBSITE_MAX_LENGTH,
} from '../constants.ts';
import {
  CompanySize,
  ExperienceLevel,
  JobCategory,
  JobType,
  SkillProficiency,
  WorkLocation,
} from '../entities/enums.ts';
import { jobFormMessages, tooLong } from '../messages.ts';
import { optionalText, requiredText, textList } from './fields.ts';
import { RequiredSalaryInput } from './salary-input.ts';

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

const Website = optionalText(WEBSITE_MAX_LENGTH, jobFormMessages.websiteInvalid).refine(
  (website) => website === '' || isHttpUrl(website),
  jobFormMessages.websiteInvalid,
);

const CompanyInput = z.object(
  {
    name: requiredText(COMPANY_TEXT_MAX_LENGTH, {
      required: jobFormMessages.companyNameRequired,
      tooLong: tooLong('Company name', COMPANY_TEXT_MAX_LENGTH),
    }),
    industry: optionalText(COMPANY_TEXT_MAX_LENGTH, tooLong('Industry', COMPANY_TEXT_MAX_LENGTH)),
    size: z
      .union([CompanySize, z.literal(''), z.null()], { error: jobFormMessages.companySizeInvalid })
      .optional()
      .transform((size) => (size === '' || size === undefined ? null : size)),
    website: Website,
  },
  { error: jobFormMessages.companyNameRequired },
);

const JobLocationInput = z.object(
  {
    city: requiredText(SHORT_TEXT_MAX_LENGTH, {
      required: jobFormMessages.cityRequired,
      tooLong: tooLong('City', SHORT_TEXT_MAX_LENGTH),
    }),
    state: optionalText(SHORT_TEXT_MAX_LENGTH, tooLong('State', SHORT_TEXT_MAX_LENGTH)),
    country: optionalText(SHORT_TEXT_MAX_LENGTH, tooLong('Country', SHORT_TEXT_MAX_LENGTH)),
  },
  { error: jobFormMessages.cityRequired },
);

const JobSkillInput = z.object({
  name: z.string().trim().max(SHORT_TEXT_MAX_LENGTH, jobFormMessages.skillNameTooLong),
  required: z.boolean({ error: jobFormMessages.skillRequiredFlagInvalid }).default(false),
  proficiency: SkillProficiency.default(skillDefaults.proficiency),
});

/** Skills whose name is blank are dropped, as the form only adds a skill with a name. */
const JobSkillsInput = z
  .array(JobSkillInput)
  .default([])
  .transform((skills) => skills.filter((skill) => skill.name !== ''))
  .refine((skills) => skills.length <= JOB_MAX_SKILLS, jobFormMessages.tooManySkills);

/** Absent, null or '' mean no deadline. */
const Deadline = z
  .union([z.iso.date({ error: jobFormMessages.deadlineInvalid }), z.literal(''), z.null()], {
    error: jobFormMessages.deadlineInvalid,
  })
  .optional()
  .transform((deadline) => (deadline === '' || deadline === undefined ? null : deadline));

/**
 * `POST /jobs`: the whole Post-a-Job form. Blank requirements, benefits and skills are dropped.
 * This schema does not know the date: parse with `createJobRequestSchema(today)` to also refuse a
 * deadline before today.
 */
export const CreateJobRequest = z.object({
  title: requiredText(JOB_TITLE_MAX_LENGTH, {
    required: jobFormMessages.titleRequired,
    tooLong: jobFormMessages.titleTooLong,
  }),
  description: requiredText(JOB_DESCRIPTION_MAX_LENGTH, {
    required: jobFormMessages.descriptionRequired,
    tooLong: jobFormMessages.descriptionTooLong,
  }),
  requirements: textList(
    { itemMax: JOB_LIST_ITEM_MAX_LENGTH, maxItems: JOB_LIST_MAX_ITEMS },
    { itemTooLong: jobFormMessages.requirementTooLong, tooMany: jobFormMessages.tooManyRequirements },
  ),
  jobType: JobType.default(jobFormDefaults.jobType),
  workLocation: WorkLocation.default(jobFormDefaults.workLocation),
  experienceLevel: ExperienceLevel.default(jobFormDefaults.experienceLevel),
  category: JobCategory.default(jobFormDefaults.category),
  skills: JobSkillsInput,
  benefits: textList(
    { itemMax: JOB_LIST_ITEM_MAX_LENGTH, maxItems: JOB_LIST_MAX_ITEMS },
    { itemTooLong: jobFormMessages.benefitTooLong, tooMany: jobFormMessages.tooManyBenefits },
  ),
  company: CompanyInput,
  location: JobLocationInput,
  salary: RequiredSalaryInput,
  applicationDeadline: Deadline,
});
export type CreateJobRequest = z.infer<typeof CreateJobRequest>;
export type CreateJobRequestInput = z.input<typeof CreateJobRequest>;

/**
 * `CreateJobRequest` plus the rule "the deadline cannot be earlier than today". `today` is a
 * `YYYY-MM-DD` date: the client passes its local date; the server passes `earliestCurrentDate(now)` so a
 * person whose day has not yet ended is never refused.
 */
export function createJobRequestSchema(today: string) {
  return CreateJobRequest.refine(
    (job) => job.applicationDeadline === null || job.applicationDeadline >= today,
    { path: ['applicationDeadline'], error: jobFormMessages.deadlineInPast },
  );
}

/** The calendar date at UTC-12, the last time zone to leave a day: the earliest "today" on Earth. */
export function earliestCurrentDate(now: Date): string {
  const twelveHoursMs = 12 * 60 * 60 * 1000;
  return new Date(now.getTime() - twelveHoursMs).toISOString().slice(0, 10);
}

/** The calendar date of `now` in the runtime's local time zone (what a browser calls today). */
export function localDate(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
