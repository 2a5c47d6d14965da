import type { JobListQuery } from '@careers/contracts/requests/job-list-query';
import type { Pool } from '@careers/service-kit';
import type { PoolClient } from 'pg';
import { indexName, type SearchEngine } from '../../search-engine.ts';
import type { ProjectionContext } from '../projector.ts';
import { type Clause, searchClauses } from './search.ts';

/** The jobs model's index in the search engine, for the read schema `schema`. */
export const jobsIndex = (schema: string) => indexName(schema, 'jobs');

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
       FROM ${schema}.jobs j WHERE j.id = ANY($1::text[])`;
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
  await ctx.search.write(jobsIndex(ctx.schema), { upsert });
}

/** What the engine answers for a search (search-engine/src/jobs.rs `SearchAnswer`). */
export interface SearchAnswer {
  ids: string[];
  total: number;
}

/** A list with search text as the engine's request: the text's clauses, the filters, the order, the page. */
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
      // A day is 24 hours, as in the lists without text.
      postedFrom: query.postedWithin === undefined ? undefined : now - query.postedWithin * 24 * 3_600_000,
    },
    sort: query.sort === 'salary' ? 'salary' : query.sort === 'newest' ? 'newest' : 'relevance',
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  };
}

/** Asks the engine for a page of a list with search text; `titleOnly`: in the titles alone (the typeahead). */
export function searchJobs(
  search: SearchEngine,
  schema: string,
  query: JobListQuery,
  options: { titleOnly?: boolean } = {},
): Promise<SearchAnswer> {
  return search.search<SearchAnswer>(jobsIndex(schema), {
    ...searchRequest(query),
    titleOnly: options.titleOnly === true,
  });
}

/** How many jobs one write of a refill carries. */
const REFILL_PAGE = 2_000;

/**
 * Makes the engine's jobs index again from the jobs rows when it does not hold as many jobs as they
 * are: a new deployment of the engine, a new version of its index (`indexName`), or an index lost with
 * its disk. Run by the projector before it consumes, so no batch writes the index meanwhile (searches
 * find fewer jobs until it ends); one cut short leaves a count that differs, so the next start does it
 * again. Answers how many jobs it wrote.
 */
export async function ensureJobsIndex(pool: Pool, schema: string, search: SearchEngine): Promise<number> {
  const index = jobsIndex(schema);
  const [held, { rows }] = await Promise.all([
    search.documents(index),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.jobs`),
  ]);
  if (held !== null && held === rows[0]?.n) return 0;
  if (held !== null) await search.remove(index);
  let written = 0;
  let after = '';
  const client = await pool.connect();
  try {
    for (;;) {
      const { rows: page } = await client.query<{ id: string }>(
        `SELECT id FROM ${schema}.jobs WHERE id > $1 ORDER BY id LIMIT ${REFILL_PAGE}`,
        [after],
      );
      const ids = page.map((row) => row.id);
      const upsert = ids.length === 0 ? [] : await jobDocuments(client, schema, ids);
      // An empty write still makes the index, so an empty board is not refilled at every start.
      await search.write(index, { upsert });
      written += upsert.length;
      if (ids.length < REFILL_PAGE) return written;
      after = ids[ids.length - 1] ?? '';
    }
  } finally {
    client.release();
  }
}
