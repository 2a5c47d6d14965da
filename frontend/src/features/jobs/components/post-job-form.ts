import {
  companySizes,
  experienceLevels,
  jobCategories,
  jobFormDefaults,
  jobTypes,
  workLocations,
} from '@careers/contracts/constants';
import type { CompanySize } from '@careers/contracts/entities/enums';
import type { Job } from '@careers/contracts/entities/job';
import { jobScreenMessages } from '@careers/contracts/messages';
import type { SkillRow } from './skills-section';

/** The job form's choices, its empty state (Post a Job) and a job as its values (Edit Job): job-form.tsx. */

const asOptions = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: value }));
export const sizeOptions = [
  { value: '' as const, label: jobScreenMessages.selectCompanySize },
  ...asOptions<CompanySize>(companySizes),
];

export type ListName = 'requirements' | 'benefits';

/** Basic Information's four choices, each starting at the spec's default. */
export const basicChoices = [
  { name: 'jobType', label: jobScreenMessages.jobType, options: asOptions(jobTypes) },
  { name: 'workLocation', label: jobScreenMessages.workLocation, options: asOptions(workLocations) },
  { name: 'experienceLevel', label: jobScreenMessages.experienceLevel, options: asOptions(experienceLevels) },
  { name: 'category', label: jobScreenMessages.category, options: asOptions(jobCategories) },
] as const;

/** Spec section 9: Full-time, Remote, Mid Level, Technology, one empty requirement and one empty benefit. */
export function emptyJobForm() {
  return {
    title: '',
    description: '',
    jobType: jobFormDefaults.jobType as string,
    workLocation: jobFormDefaults.workLocation as string,
    experienceLevel: jobFormDefaults.experienceLevel as string,
    category: jobFormDefaults.category as string,
    requirements: [...jobFormDefaults.requirements] as string[],
    skills: [] as SkillRow[],
    benefits: [...jobFormDefaults.benefits] as string[],
    company: { name: '', industry: '', size: '' as CompanySize | '', website: '' },
    location: { city: '', state: '', country: '' },
    salary: { min: '', max: '' },
    applicationDeadline: '',
  };
}

export type JobFormValues = ReturnType<typeof emptyJobForm>;

/**
 * `job` as the form's values, for its poster to edit: every field as the job reads, a salary end it
 * lacks left empty, and one empty requirement or benefit when it has none (the form always shows one).
 */
export function jobFormValuesOf(job: Job): JobFormValues {
  const amount = (value: number | null) => (value === null ? '' : String(value));
  return {
    title: job.title,
    description: job.description,
    jobType: job.jobType,
    workLocation: job.workLocation,
    experienceLevel: job.experienceLevel,
    category: job.category,
    requirements: job.requirements.length > 0 ? [...job.requirements] : [''],
    skills: job.skills.map((skill) => ({ ...skill })),
    benefits: job.benefits.length > 0 ? [...job.benefits] : [''],
    company: {
      name: job.company.name,
      industry: job.company.industry,
      size: job.company.size ?? '',
      website: job.company.website,
    },
    location: { city: job.location.city, state: job.location.state, country: job.location.country },
    salary: { min: amount(job.salary.min), max: amount(job.salary.max) },
    applicationDeadline: job.applicationDeadline ?? '',
  };
}

/** The form's values as text, to tell whether anything has been typed or chosen since they were these. */
export function jobFormText(values: JobFormValues): string {
  return JSON.stringify(values);
}
