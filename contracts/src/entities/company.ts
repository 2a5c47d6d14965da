import { z } from 'zod';
import { Company, Job } from './job.ts';

/**
 * Beyond the spec: a company as the jobs name it. There is no company account: a company is the
 * company fields of the jobs posted under its name, found by `slug` (the name in lower case, every run
 * of other characters than letters and digits one hyphen: "Acme Corp." is `acme-corp`), its details
 * from its newest job.
 */
export const CompanyCard = Company.extend({
  slug: z.string(),
  openJobs: z.number().int().nonnegative(),
});
export type CompanyCard = z.infer<typeof CompanyCard>;

/** A company page: the card and its open jobs, newest first (at most COMPANY_JOBS_SHOWN). */
export const CompanyPage = CompanyCard.extend({ jobs: z.array(Job) });
export type CompanyPage = z.infer<typeof CompanyPage>;

/** The slug of a company name (see CompanyCard); the SQL of migration 028 computes the same. */
export function companySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
