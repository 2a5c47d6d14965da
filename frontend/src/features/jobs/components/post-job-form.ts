import {
  companySizes,
  experienceLevels,
  jobCategories,
  jobFormDefaults,
  jobTypes,
  workLocations,
} from '@careers/contracts/constants';
import type { CompanySize } from '@careers/contracts/entities/enums';
import { jobScreenMessages } from '@careers/contracts/messages';
import type { SkillRow } from './skills-section';

/** The Post a Job form's choices and its empty state (post-job-screen.tsx). */

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

/** The empty form as text, to tell whether anything has been typed or chosen since. */
const emptyJobFormText = JSON.stringify(emptyJobForm());

export function isJobFormChanged(values: JobFormValues): boolean {
  return JSON.stringify(values) !== emptyJobFormText;
}
