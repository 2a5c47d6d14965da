import type { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { jobColumns } from './job-rows.ts';
import { containsPattern } from './search.ts';

/**
 * The settings a list runs under (see `JobQueries.inMemory`), set with its BEGIN. Besides the cost
 * model: each shape of list is a named prepared statement per connection (`statementName`), parsed once,
 * but planned for each search with its own values (a plan made for no values in particular evaluates the
 * search text's tsquery for every match instead of once, and took two to three times longer on 50,000
 * jobs); and never compiled by JIT, which a board a few times larger would reach by its cost estimates
 * (a compile costs tens of milliseconds, more than any of these lists takes).
 */
export const LIST_SETTINGS =
  'SET LOCAL random_page_cost = 1.1; SET LOCAL effective_io_concurrency = 0; ' +
  'SET LOCAL plan_cache_mode = force_custom_plan; SET LOCAL jit = off';

/** A list's statement, its values and the settings it runs under. */
export interface ListStatement {
  sql: string;
  params: unknown[];
  settings: string;
}

/**
 * A list's orders without search text (JOB_SORTS: `relevance` is `newest` without text to rank by), each
 * ending in the job's id so that pages never overlap; columns named as a page's rows and a job's row
 * both have them.
 */
const ORDERS = {
  newest: ['posted_at DESC', 'id DESC'],
  salary: ['pay DESC NULLS LAST', 'posted_at DESC', 'id DESC'],
} as const;
type ListOrder = keyof typeof ORDERS;

/** The ORDER BY list of `order`, each column prefixed by `alias` ('j.', or '' for a page's own). */
const orderBy = (order: ListOrder, alias = '') => ORDERS[order].map((key) => `${alias}${key}`).join(', ');

/**
 * The statement of a list of jobs without search text (`JobQueries.search` says what it answers, and
 * how; a list with text is the search engine's) for the read schema `schema`.
 */
export function jobListStatement(schema: string, query: JobListQuery): ListStatement {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  const sort: ListOrder = query.sort === 'salary' ? 'salary' : 'newest';
  if (query.skills.length > 0) {
    where.push(`j.skill_names && ${param(query.skills.map((skill) => skill.toLowerCase()))}::text[]`);
  }
  if (query.jobType !== undefined) where.push(`j.job_type = ${param(query.jobType)}`);
  if (query.workLocation !== undefined) where.push(`j.work_location = ${param(query.workLocation)}`);
  if (query.experienceLevel !== undefined) where.push(`j.experience_level = ${param(query.experienceLevel)}`);
  const place = query.location === undefined || query.location === '' ? null : query.location;
  if (place !== null) where.push(`j.location_text LIKE lower(${param(containsPattern(place))})`);
  // A job without a salary has no `pay`, so is not kept (the currency is ignored, see `payOf`). A day is
  // 24 hours, whatever the session's time zone; now() is one value for the whole statement (its
  // transaction's start), so the posted_at bound is a range of an index ordered by posted_at.
  if (query.minSalary !== undefined) where.push(`j.pay >= ${param(query.minSalary)}::int`);
  if (query.postedWithin !== undefined) {
    where.push(`j.posted_at >= now() - ${param(query.postedWithin)}::int * interval '24 hours'`);
  }
  const condition = where.length > 0 ? where.join(' AND ') : 'true';
  const jobs = `${schema}.jobs j`;
  const offset = (query.page - 1) * query.limit;
  const window = `LIMIT ${param(query.limit)} OFFSET ${param(offset)}`;
  // The columns a page orders its jobs by.
  const keys = sort === 'salary' ? ['pay', 'posted_at', 'id'] : ['posted_at', 'id'];
  const keysOf = (alias: string) => keys.map((key) => `${alias}${key}`).join(', ');
  // Without skills, a minimum salary or a date posted, the total is a sum of kept counts: with the
  // choice filters alone (or none), of those per job type, work location and experience level
  // (migration 021), at most 60 rows, where the count read an index's entry per job (all 50,000 for
  // the whole board, about 9 ms); with a location, of those per place as well (migration 022), the
  // places that hold it found by their trigrams, where the count tested every job's places (about
  // 12 ms for "Berlin"). Neither is kept per pay or per day, so with a minimum salary or a date
  // posted the jobs are counted.
  //
  // With skills the jobs are counted, as `j.ctid` (never null: the same count), a column no index
  // carries, so it cannot be an index-only scan. One would test every job's skills in an index
  // that carries them (`jobs_newest`; the choice filters' indexes did until migration 018), which
  // the planner prices as nearly free: it read all 50,000 entries of one to count the 3,829 Python
  // jobs of the bench's board (12.4 ms for the whole list, 0.3 µs a job's skills), where the
  // skills' GIN index finds them and the count reads just their rows (3.3 ms).
  //
  // Without skills, a minimum salary or a date posted is a range of an index that carries every
  // other filter column (`jobs_by_pay`, `jobs_newest`; migration 033), and `count(*)` counts that
  // range in the index alone. Measured on the bench's board: the 16,647 jobs of the last 30 days in
  // 3.7 ms (11 ms reading their rows, as `count(j.ctid)` does), the 35,700 paying 80,000 or more in
  // 6.9 ms (43 ms). Where another filter keeps few of a wide range, testing every entry of the range
  // costs more than finding those few and reading their rows (Berlin at 100,000 or more: 7.3 ms
  // against 2.8), but none of the lists measured took over 9 ms.
  const kept = place === null ? 'job_counts' : 'job_place_counts';
  const counted = query.minSalary !== undefined || query.postedWithin !== undefined;
  const total =
    query.skills.length > 0
      ? `SELECT count(j.ctid)::int AS n FROM ${jobs} WHERE ${condition}`
      : counted
        ? `SELECT count(*)::int AS n FROM ${jobs} WHERE ${condition}`
        : `SELECT coalesce(sum(j.jobs), 0)::int AS n FROM ${schema}.${kept} j WHERE ${condition}`;
  // Newest first the page walks `jobs_newest`, by pay `jobs_by_pay`, and stops after `limit` rows.
  const totalAndPage = `
     total AS (${total}),
     page AS (SELECT ${keysOf('j.')} FROM ${jobs} WHERE ${condition}
               ORDER BY ${orderBy(sort, 'j.')} ${window})`;
  // The page's jobs in its order, by their own columns (`j`, the job's row, has them).
  const pageColumns = sort === 'salary' ? ', j.pay' : '';
  const sql = `
    WITH ${totalAndPage}
    SELECT total.n AS total, found.* FROM total LEFT JOIN (
      SELECT ${jobColumns(schema)}${pageColumns}
        FROM page JOIN ${jobs} ON j.id = page.id LEFT JOIN ${schema}.job_people u ON u.id = j.employer_id
    ) found ON true
    ORDER BY ${orderBy(sort, 'found.')}`;
  return { sql, params, settings: LIST_SETTINGS };
}
