import type { CompanyCard } from '@careers/contracts/entities/company';
import type { Job } from '@careers/contracts/entities/job';

/**
 * Companies, as the jobs model derives them from its rows (migration 028): a company is the jobs
 * posted under one slug of its name, its details those of its newest job, its count the open ones.
 */

export interface CompanyRow {
  slug: string;
  company: Job['company'];
  open_jobs: number;
}

export const toCompanyCard = (r: CompanyRow): CompanyCard => ({
  ...r.company,
  slug: r.slug,
  openJobs: r.open_jobs,
});

/** The columns of a company found by its slug `m.slug`: its newest job's details and its open jobs. */
function companyColumns(schema: string): string {
  return `m.slug,
    (SELECT j.company FROM ${schema}.jobs j WHERE j.company_slug = m.slug
      ORDER BY j.posted_at DESC, j.id DESC LIMIT 1) AS company,
    (SELECT count(*)::int FROM ${schema}.jobs j WHERE j.company_slug = m.slug AND j.status = 'open') AS open_jobs`;
}

/**
 * SQL for the companies whose name has every word of a search (`$1`, a `simple` tsquery with the last
 * word a prefix), at most `$2`: those with the most open jobs first, then by slug. Read through the
 * name words' GIN index. Jobs of one slug have the same name words, so the matching jobs of a company
 * are all its jobs: the grouping counts its open jobs, and only the companies shown read their
 * newest job.
 */
export function companySearchSql(schema: string): string {
  return `SELECT m.slug, m.open_jobs,
      (SELECT j.company FROM ${schema}.jobs j WHERE j.company_slug = m.slug
        ORDER BY j.posted_at DESC, j.id DESC LIMIT 1) AS company
    FROM (SELECT j.company_slug AS slug, count(*) FILTER (WHERE j.status = 'open')::int AS open_jobs
            FROM ${schema}.jobs j
           WHERE j.company_words @@ to_tsquery('simple', $1) AND j.company_slug <> ''
           GROUP BY j.company_slug
           ORDER BY open_jobs DESC, j.company_slug
           LIMIT $2) m
   ORDER BY m.open_jobs DESC, m.slug`;
}

/** SQL for one company by the slug of `$1` (a slug is its own slug, so a name finds it too). */
export function companyBySlugSql(schema: string): string {
  return `SELECT ${companyColumns(schema)}
    FROM (SELECT ${schema}.company_slug($1) AS slug) m
   WHERE EXISTS (SELECT 1 FROM ${schema}.jobs j WHERE j.company_slug = m.slug)`;
}

/** SQL for a company's open jobs (`$1` its slug), newest first, at most `$2`; `cols` as jobColumns. */
export function companyJobsSql(schema: string, cols: string): string {
  return `SELECT ${cols} FROM ${schema}.jobs j LEFT JOIN ${schema}.job_people u ON u.id = j.employer_id
    WHERE j.company_slug = $1 AND j.status = 'open'
    ORDER BY j.posted_at DESC, j.id DESC
    LIMIT $2`;
}
