import type { JobListQuery } from '@careers/contracts/requests/job-list-query';
import type { Pool } from '@careers/service-kit';
import type { PoolClient } from 'pg';
import { refillFromTable, type SearchEngine, type SearchIndex } from '../../search-engine.ts';
import type { ProjectionContext } from '../projector.ts';
import { type Clause, searchClauses } from './search.ts';

/** The jobs model's index in the search engine, for the read schema `schema`. */
export const jobsIndex = (search: SearchEngine, schema: string): SearchIndex => search.index('jobs', schema);

/** A job as the engine indexes it (search-engine/src/jobs.rs `JobDocument`). */
export interface JobDocument {
  id: string;
  title: string;
  /** Its skills and company name: ranked below the title, above the rest (Postgres's weight B). */
  skillsCompany: string;
  /** Its description and requirements. */
  body: string;
  jobType: string;
  workLocation: string;
  experienceLevel: string;
  skillNames: string[];
  locationText: string;
  pay: number | null;
  postedAt: number;
}

/** The documents of the jobs `$1` (ids), read from the model's own rows in the batch's transaction. */
function documentsSql(schema: string): string {
  return `SELECT j.id, j.title,
            concat_ws(' ', (SELECT string_agg(s->>'name', ' ') FROM jsonb_array_elements(j.skills) s),
                      j.company->>'name') AS "skillsCompany",
            concat_ws(' ', j.description,
                      (SELECT string_agg(r, ' ') FROM jsonb_array_elements_text(j.requirements) r)) AS body,
            j.job_type AS "jobType", j.work_location AS "workLocation", j.experience_level AS "experienceLevel",
            j.skill_names AS "skillNames", j.location_text AS "locationText", j.pay,
            floor(extract(epoch FROM j.posted_at) * 1000)::float8 AS "postedAt"
       FROM ${schema}.jobs j WHERE j.id = ANY($1::text[]) ORDER BY j.id`;
}

export async function jobDocuments(
  tx: PoolClient,
  schema: string,
  ids: readonly string[],
): Promise<JobDocument[]> {
  const { rows } = await tx.query<JobDocument>(documentsSql(schema), [ids]);
  return rows;
}

/**
 * Writes the jobs `ids` as the batch leaves them to the engine, before the batch commits: a batch that
 * then fails is delivered again and writes the same documents again (a document replaces the one with
 * its id), so the engine never misses what a committed batch wrote, and a read that waited for the
 * batch's checkpoint finds it there.
 */
export async function indexJobs(ctx: ProjectionContext, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const upsert = await jobDocuments(ctx.tx, ctx.schema, [...new Set(ids)]);
  await jobsIndex(ctx.search, ctx.schema).write({ upsert });
}

/** What the engine answers for a search (search-engine/src/jobs.rs `SearchAnswer`). */
export interface SearchAnswer {
  ids: string[];
  total: number;
}

/** A list as the engine's request: the text's clauses (none without text), the filters, the order, the page. */
export function searchRequest(query: JobListQuery, now = Date.now()) {
  const clauses: Clause[] = searchClauses(query.search);
  const place =
    query.location === undefined || query.location === '' ? undefined : query.location.toLowerCase();
  return {
    clauses,
    filters: {
      jobType: query.jobType,
      workLocation: query.workLocation,
      experienceLevel: query.experienceLevel,
      skills: query.skills.map((skill) => skill.toLowerCase()),
      location: place,
      minPay: query.minSalary,
      // A day is 24 hours, whatever the time zone.
      postedFrom: query.postedWithin === undefined ? undefined : now - query.postedWithin * 24 * 3_600_000,
    },
    // Relevance is the search text's order; without text there is nothing to rank, and it is newest first.
    sort:
      query.sort === 'salary'
        ? 'salary'
        : query.sort === 'newest' || clauses.length === 0
          ? 'newest'
          : 'relevance',
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  };
}

/** Asks the engine for a page of a list; `titleOnly`: the text in the titles alone (the typeahead). */
export function searchJobs(
  search: SearchEngine,
  schema: string,
  query: JobListQuery,
  options: { titleOnly?: boolean } = {},
): Promise<SearchAnswer> {
  return jobsIndex(search, schema).search<SearchAnswer>({
    ...searchRequest(query),
    titleOnly: options.titleOnly === true,
  });
}

/**
 * Makes the engine's jobs index again from the jobs rows when it does not hold as many jobs as they
 * are (`refillIndex`); run by the projector before it consumes. Answers how many jobs it wrote.
 */
export function ensureJobsIndex(pool: Pool, schema: string, search: SearchEngine): Promise<number> {
  return refillFromTable(pool, jobsIndex(search, schema), `${schema}.jobs`, (client, ids) =>
    jobDocuments(client, schema, ids),
  );
}
