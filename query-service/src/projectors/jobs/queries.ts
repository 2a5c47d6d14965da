import type { ApplicationJob } from '@careers/contracts/entities/application';
import type { CompanyCard, CompanyPage } from '@careers/contracts/entities/company';
import type { Job } from '@careers/contracts/entities/job';
import type { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { type Pool, writeTogether } from '@careers/service-kit';
import type pg from 'pg';
import { statementName } from '../statement-name.ts';
import {
  type CompanyRow,
  companyBySlugSql,
  companyJobsSql,
  companySearchSql,
  toCompanyCard,
} from './companies.ts';
import { recommendedJobsSql } from './recommend.ts';
import { completionsSql, containsPattern, parseJobSearch, tsquerySql } from './search.ts';

export interface JobRow {
  id: string;
  employer_id: string;
  title: string;
  description: string;
  // Only values that passed the event schemas reach these columns.
  requirements: Job['requirements'];
  job_type: Job['jobType'];
  work_location: Job['workLocation'];
  experience_level: Job['experienceLevel'];
  category: Job['category'];
  skills: Job['skills'];
  location: Job['location'];
  salary: Job['salary'];
  company: Job['company'];
  benefits: Job['benefits'];
  application_deadline: string | null;
  status: Job['status'];
  closed_at: Date | null;
  posted_at: Date;
  first_name: string | null;
  last_name: string | null;
  application_count: number;
}

/**
 * SQL for the number of a job's standing applications (not withdrawn: a withdrawn one no longer counts
 * in its "{n} applied"), from the applications this model keeps (applications.ts).
 */
function applicationCountOf(schema: string, jobIdSql: string): string {
  return `(SELECT count(*)::int FROM ${schema}.job_applications a
            WHERE a.job_id = ${jobIdSql} AND a.status <> 'withdrawn')`;
}

/** Every column a Job is made of; `j` is the job, `u` its poster's card (job_people). */
export function jobColumns(schema: string): string {
  return `j.id, j.employer_id, j.title, j.description, j.requirements, j.job_type, j.work_location,
    j.experience_level, j.category, j.skills, j.location, j.salary, j.company, j.benefits,
    j.application_deadline::text AS application_deadline, j.status, j.closed_at, j.posted_at,
    u.first_name, u.last_name, ${applicationCountOf(schema, 'j.id')} AS application_count`;
}

const employerOf = (r: JobRow): Job['employer'] => ({
  _id: r.employer_id,
  // A poster not yet projected (another topic) shows the company name alone until they are, and so
  // does one who deleted their account: the job stays listed, closed, with no name of theirs.
  firstName: r.first_name ?? '',
  lastName: r.last_name ?? '',
});

export const toJob = (r: JobRow): Job => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  requirements: r.requirements,
  jobType: r.job_type,
  workLocation: r.work_location,
  experienceLevel: r.experience_level,
  category: r.category,
  skills: r.skills,
  location: r.location,
  salary: r.salary,
  company: r.company,
  benefits: r.benefits,
  applicationDeadline: r.application_deadline,
  createdAt: r.posted_at.toISOString(),
  employer: employerOf(r),
  // One entry per standing application and nothing of who: the list is the spec's shape, its length
  // the only fact it tells.
  applications: Array.from({ length: r.application_count }, () => ({})),
  status: r.status,
  closedAt: r.closed_at?.toISOString() ?? null,
});

/**
 * How many of a search's matches are ranked by relevance: the best candidates by title match, then
 * date. 500 covers the first 50 pages of 10 (10 of the largest pages), further than people page.
 */
export const RANKED_MATCHES = 500;

/**
 * SQL giving every listed job's count (closed ones stay listed): a sum of the counts the projector
 * keeps per job type, work location and experience level (migration 021, at most 60 rows), where a
 * count read an index entry per job (50,000 on the bench's board).
 */
export function listedJobsCount(schema: string): string {
  return `SELECT coalesce(sum(jobs), 0)::int FROM ${schema}.job_counts`;
}

/**
 * The settings a list runs under (see `inMemory`), set with its BEGIN. Besides the cost model: each
 * shape of list is a named prepared statement per connection (`statementName`), parsed once, but
 * planned for each search with its own values (a plan made for no values in particular evaluates
 * the search text's tsquery for every match instead of once, and took two to three times longer on
 * 50,000 jobs); and never compiled by JIT, which a board a few times larger would reach by its cost
 * estimates (a compile costs tens of milliseconds, more than any of these lists takes).
 */
const LIST_SETTINGS =
  'SET LOCAL random_page_cost = 1.1; SET LOCAL effective_io_concurrency = 0; ' +
  'SET LOCAL plan_cache_mode = force_custom_plan; SET LOCAL jit = off';

/** The only reader of the jobs read model's tables. */
export class JobQueries {
  private readonly pool: Pool;
  private readonly s: string;
  private readonly rankedMatches: number;

  /** `rankedMatches`: how many candidates a search ranks (tests lower it to see the rest ordered). */
  constructor(pool: Pool, schema: string, options: { rankedMatches?: number } = {}) {
    this.pool = pool;
    this.s = schema;
    this.rankedMatches = options.rankedMatches ?? RANKED_MATCHES;
  }

  /**
   * GET /jobs: the filters, and the search text ranked by relevance (newest first without one); closed
   * jobs stay listed. One statement answers the exact total and the page (after the prefix word's
   * completions, when the text has one: search.ts), in one of two shapes:
   *
   * - Without search text, the total is a sum of the counts kept per job type, work location and
   *   experience level (migration 021) when only those filters are given, or none; with a location,
   *   of those kept per place as well, the places that hold it found by their trigrams (migration
   *   022); with skills, a count of the rows the skills' GIN index finds (see the count below). The
   *   page walks `jobs_newest` newest first and stops after `limit` rows (every filter column is in
   *   it), or, for a location few jobs have, takes the jobs the places' trigram index finds.
   * - With search text the matches are found in `job_search` (the narrow rows that find, filter and
   *   order a job), read once into a small materialized set (id, date, whether the title matches),
   *   and both the count and the page are taken from it (a candidate's document is then read at its
   *   row's address, taken in the same statement, not through the primary key). Relevance (`ts_rank_cd`, which reads and
   *   weighs the whole document) is worked out for the `RANKED_MATCHES` best candidates only: title
   *   matches first, then the newest. Those come first, in relevance order; any further matches
   *   follow in the candidates' own order (title matches, newest first). A search matching no more
   *   than `RANKED_MATCHES` jobs, which is most of them, is ranked whole; one matching a third of the
   *   board (measured on 50,000 jobs: "engineer", 11,000 matches) costs a count instead of ranking
   *   every match, which took two thirds of its time.
   *
   * What remains of a search of a common word is mostly that count: the bitmap scan of the matches
   * reads each match's row (profiled on 50,000 jobs: about 1 µs of CPU a match, 11,000 matches for
   * "engineer"; Postgres 15 no longer skips the rows of a count on all-visible pages). A narrower row
   * would not change that much: with the document stripped of its positions, or alone in its row,
   * the count took 10 to 15% less.
   *
   * Only the page's rows are then read whole and joined to their posters. A page past the end still
   * carries the total: the count is the row the (empty) page is left-joined to.
   */
  async search(query: JobListQuery): Promise<{ jobs: Job[]; total: number }> {
    const prefixWord = parseJobSearch(query.search)?.prefixWord ?? null;
    type Row = { total: number } & ({ id: null } | JobRow);
    const rows = await this.inMemory<Row>(async (client, last) => {
      // The stems of the words the last word starts (search.ts), read first: the list's statement is
      // then planned for the tsquery it is given, as it is for the rest of the search text.
      let completions = '';
      if (prefixWord !== null) {
        const text = completionsSql(this.s);
        const { rows: found } = await client.query<{ stems: string }>({
          name: statementName('jobs_completions', text),
          text,
          values: [prefixWord],
        });
        completions = found[0]?.stems ?? '';
      }
      const { sql, params } = this.listStatement(query, completions);
      return last({ name: statementName('jobs_list', sql), text: sql, values: params });
    });
    return { jobs: rows.flatMap((row) => (row.id === null ? [] : [toJob(row)])), total: rows[0]?.total ?? 0 };
  }

  /**
   * The statement `search` runs for a list (public for tests that read its plan); `completions`: what
   * `completionsSql` answered for the search's prefix word ('' for none).
   */
  listStatement(query: JobListQuery, completions = ''): { sql: string; params: unknown[]; settings: string } {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where: string[] = [];
    const text = parseJobSearch(query.search);
    let tsquery = '';
    if (text) {
      const word = text.prefixWord === null ? null : param(text.prefixWord);
      const stems = word !== null && completions !== '' ? param(completions) : null;
      tsquery = tsquerySql(text, param(text.text), word, stems);
      where.push(`j.search_document @@ ${tsquery}`);
    }
    if (query.skills.length > 0) {
      where.push(`j.skill_names && ${param(query.skills.map((skill) => skill.toLowerCase()))}::text[]`);
    }
    if (query.jobType !== undefined) where.push(`j.job_type = ${param(query.jobType)}`);
    if (query.workLocation !== undefined) where.push(`j.work_location = ${param(query.workLocation)}`);
    if (query.experienceLevel !== undefined)
      where.push(`j.experience_level = ${param(query.experienceLevel)}`);
    const place = query.location === undefined || query.location === '' ? null : query.location;
    if (place !== null) where.push(`j.location_text LIKE lower(${param(containsPattern(place))})`);
    const condition = where.length > 0 ? where.join(' AND ') : 'true';
    const jobs = `${this.s}.jobs j`;
    const offset = (query.page - 1) * query.limit;
    const window = `LIMIT ${param(query.limit)} OFFSET ${param(offset)}`;
    let totalAndPage: string;
    if (text) {
      const candidateOrder = 'ORDER BY in_title DESC, posted_at DESC, id DESC';
      // Matches past the ranked candidates are read only by a page that reaches them.
      const rest =
        offset + query.limit > this.rankedMatches
          ? `UNION ALL SELECT 0, in_title::int::real, posted_at, id FROM (
               SELECT * FROM matched ${candidateOrder} OFFSET ${param(this.rankedMatches)}) later`
          : '';
      totalAndPage = `
         matched AS MATERIALIZED (
           SELECT j.title_document @@ ${tsquery} AS in_title, j.posted_at, j.ctid AS row_at, j.id
             FROM ${this.s}.job_search j WHERE ${condition}
         ),
         total AS (SELECT count(*)::int AS n FROM matched),
         candidates AS (SELECT in_title, posted_at, row_at, id FROM matched ${candidateOrder} LIMIT ${param(this.rankedMatches)}),
         page AS (
           SELECT 1 AS tier, ts_rank_cd(j.search_document, ${tsquery}) AS rank, c.posted_at, c.id
             FROM candidates c JOIN ${this.s}.job_search j ON j.ctid = c.row_at
           ${rest}
           ORDER BY tier DESC, rank DESC, posted_at DESC, id DESC ${window}
         )`;
    } else {
      // Without skills, the total is a sum of kept counts: with the choice filters alone (or none),
      // of those per job type, work location and experience level (migration 021), at most 60 rows,
      // where the count read an index's entry per job (all 50,000 for the whole board, about 9 ms);
      // with a location, of those per place as well (migration 022), the places that hold it found
      // by their trigrams, where the count tested every job's places (about 12 ms for "Berlin").
      //
      // With skills the jobs are counted, as `j.ctid` (never null: the same count), a column no index
      // carries, so it cannot be an index-only scan. One would test every job's skills in an index
      // that carries them (`jobs_newest`; the choice filters' indexes did until migration 018), which
      // the planner prices as nearly free: it read all 50,000 entries of one to count the 3,829 Python
      // jobs of the bench's board (12.4 ms for the whole list, 0.3 µs a job's skills), where the
      // skills' GIN index finds them and the count reads just their rows (3.3 ms).
      const kept = place === null ? 'job_counts' : 'job_place_counts';
      const total =
        query.skills.length === 0
          ? `SELECT coalesce(sum(j.jobs), 0)::int AS n FROM ${this.s}.${kept} j WHERE ${condition}`
          : `SELECT count(j.ctid)::int AS n FROM ${jobs} WHERE ${condition}`;
      totalAndPage = `
         total AS (${total}),
         page AS (SELECT 1 AS tier, 0::real AS rank, j.posted_at, j.id FROM ${jobs} WHERE ${condition}
                   ORDER BY j.posted_at DESC, j.id DESC ${window})`;
    }
    const sql = `
      WITH ${totalAndPage}
      SELECT total.n AS total, found.* FROM total LEFT JOIN (
        SELECT ${jobColumns(this.s)}, page.tier, page.rank
          FROM page JOIN ${jobs} ON j.id = page.id LEFT JOIN ${this.s}.job_people u ON u.id = j.employer_id
      ) found ON true
      ORDER BY found.tier DESC, found.rank DESC, found.posted_at DESC, found.id DESC`;
    return { sql, params, settings: LIST_SETTINGS };
  }

  /**
   * Runs a list's statements (`fn`) under the settings of a read model served from memory, in a
   * transaction whose BEGIN carries its settings. `fn` reads what it needs and hands its last
   * statement to `last`, which answers its rows. On a pipelining pool (the service's) nothing waits
   * for BEGIN or COMMIT: BEGIN leaves in one write with the first statement, and COMMIT in one with
   * the last, so a list is one round trip (two with the prefix word's completions), where waiting for
   * each took three (four). Each round trip on a busy machine is a wait for a core at each end.
   *
   * Why the settings. Reading a page at random costs about what reading the next
   * one does: with the default cost model (4 to 1) Postgres reads every job instead of using the GIN
   * index once a word is in about 15% of them (measured on 50,000 jobs, "java" took three times longer
   * that way), and a list filtered by location alone read every job's whole row instead of an index
   * that carries the location (measured on the bench's board: 49 ms against 24, before its count was
   * kept per place). And the bitmap scan of the matches need not ask for the pages it is about to
   * read ahead of time: they are in memory already, and asking is a lookup in the buffer table
   * per page (5% of the CPU of a search of "engineer", profiled on 50,000 jobs).
   */
  private async inMemory<R extends pg.QueryResultRow>(
    fn: (client: pg.PoolClient, last: (statement: pg.QueryConfig) => Promise<R[]>) => Promise<R[]>,
  ): Promise<R[]> {
    const client = await this.pool.connect();
    const pipelined = client.pipeline === true;
    // Ended: committed or rolled back by the COMMIT sent behind the last statement.
    let ended = false;
    try {
      if (pipelined) writeTogether(client);
      const begun = client.query(`BEGIN; ${LIST_SETTINGS}`);
      begun.catch(() => {});
      if (!pipelined) await begun;
      const last = async (statement: pg.QueryConfig): Promise<R[]> => {
        if (!pipelined) return (await client.query<R>(statement)).rows;
        writeTogether(client);
        const listing = client.query<R>(statement);
        listing.catch(() => {});
        // Sent behind the list without waiting for it: after a failed list it rolls the transaction back.
        const committing = client.query('COMMIT');
        committing.catch(() => {});
        await begun;
        const outcome = await listing.then(
          ({ rows }) => ({ rows }),
          (error: unknown) => ({ error }),
        );
        await committing;
        ended = true;
        if ('error' in outcome) throw outcome.error;
        return outcome.rows;
      };
      const rows = await fn(client, last);
      await begun;
      if (!ended) await client.query('COMMIT');
      return rows;
    } catch (error) {
      if (!ended) await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** One job, or null when there is none with that id. */
  async findJob(jobId: string): Promise<Job | null> {
    const { rows } = await this.pool.query<JobRow>(
      `SELECT ${jobColumns(this.s)} FROM ${this.s}.jobs j LEFT JOIN ${this.s}.job_people u ON u.id = j.employer_id
        WHERE j.id = $1`,
      [jobId],
    );
    return rows[0] ? toJob(rows[0]) : null;
  }

  /** Who posted a job, or null when there is no such job (yet). */
  async posterOf(jobId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ employer_id: string }>(
      `SELECT employer_id FROM ${this.s}.jobs WHERE id = $1`,
      [jobId],
    );
    return rows[0]?.employer_id ?? null;
  }

  /** The jobs a user posted, newest first. */
  async postedBy(employerId: string): Promise<Job[]> {
    const { rows } = await this.pool.query<JobRow>(
      `SELECT ${jobColumns(this.s)} FROM ${this.s}.jobs j LEFT JOIN ${this.s}.job_people u ON u.id = j.employer_id
        WHERE j.employer_id = $1 ORDER BY j.posted_at DESC, j.id DESC`,
      [employerId],
    );
    return rows.map(toJob);
  }

  /**
   * Companies whose name has every word of `wordsQuery` (a `simple` tsquery, the last word a prefix:
   * peopleQueryText makes one), at most `limit`, most open jobs first (companies.ts).
   */
  async companies(wordsQuery: string, limit: number): Promise<CompanyCard[]> {
    const text = companySearchSql(this.s);
    const { rows } = await this.pool.query<CompanyRow>({
      name: statementName('companies_search', text),
      text,
      values: [wordsQuery, limit],
    });
    return rows.map(toCompanyCard);
  }

  /** A company by its slug (or its name) with its newest open jobs, or null when no job names it. */
  async company(slugOrName: string, jobsShown: number): Promise<CompanyPage | null> {
    const { rows } = await this.pool.query<CompanyRow>(companyBySlugSql(this.s), [slugOrName]);
    const row = rows[0];
    if (!row) return null;
    const jobs = await this.pool.query<JobRow>(companyJobsSql(this.s, jobColumns(this.s)), [
      row.slug,
      jobsShown,
    ]);
    return { ...toCompanyCard(row), jobs: jobs.rows.map(toJob) };
  }

  /**
   * The top bar's typeahead: up to `limit` jobs whose title has every word of `search` (the last as a
   * prefix, with its completions as the list's search has them), newest first, not counted. Read
   * through the titles' own index (migration 030): a few letters typed match thousands of jobs, and
   * the list's search would rank and count them all.
   */
  async titleMatches(search: string, limit: number): Promise<Job[]> {
    const text = parseJobSearch(search);
    if (text === null) return [];
    const client = await this.pool.connect();
    try {
      let completions = '';
      if (text.prefixWord !== null) {
        const sql = completionsSql(this.s);
        const { rows } = await client.query<{ stems: string }>({
          name: statementName('jobs_completions', sql),
          text: sql,
          values: [text.prefixWord],
        });
        completions = rows[0]?.stems ?? '';
      }
      const values: unknown[] = [text.text];
      const word = text.prefixWord === null ? null : `$${values.push(text.prefixWord)}`;
      const stems = word !== null && completions !== '' ? `$${values.push(completions)}` : null;
      const tsquery = tsquerySql(text, '$1', word, stems);
      const sql = `SELECT ${jobColumns(this.s)}
          FROM (SELECT s.id, s.posted_at FROM ${this.s}.job_search s
                 WHERE s.title_document @@ ${tsquery}
                 ORDER BY s.posted_at DESC, s.id DESC LIMIT $${values.push(limit)}) m
          JOIN ${this.s}.jobs j ON j.id = m.id
          LEFT JOIN ${this.s}.job_people u ON u.id = j.employer_id
         ORDER BY m.posted_at DESC, m.id DESC`;
      const { rows } = await client.query<JobRow>({
        name: statementName('jobs_titles', sql),
        text: sql,
        values,
      });
      return rows.map(toJob);
    } finally {
      client.release();
    }
  }

  /** Up to `limit` open jobs for a reader, best first (recommend.ts). */
  async recommendedFor(readerId: string, limit: number): Promise<Job[]> {
    const text = recommendedJobsSql(this.s, jobColumns(this.s));
    const { rows } = await this.pool.query<JobRow>({
      name: statementName('jobs_recommended', text),
      text,
      values: [readerId, limit],
    });
    return rows.map(toJob);
  }

  /** The part of each job an application card shows, by job id; a job not projected yet is absent. */
  async summaries(jobIds: string[]): Promise<Map<string, ApplicationJob>> {
    if (jobIds.length === 0) return new Map();
    const { rows } = await this.pool.query<JobRow>(
      `SELECT j.id, j.employer_id, j.title, j.job_type, j.work_location, j.location, j.salary, j.company,
              u.first_name, u.last_name
         FROM ${this.s}.jobs j LEFT JOIN ${this.s}.job_people u ON u.id = j.employer_id WHERE j.id = ANY($1)`,
      [jobIds],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          _id: r.id,
          title: r.title,
          jobType: r.job_type,
          workLocation: r.work_location,
          location: r.location,
          salary: r.salary,
          company: r.company,
          employer: employerOf(r),
        },
      ]),
    );
  }
}
