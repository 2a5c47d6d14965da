import type { ApplicationJob } from '@careers/contracts/entities/application';
import type { CompanyCard, CompanyPage } from '@careers/contracts/entities/company';
import type { Job } from '@careers/contracts/entities/job';
import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { type Pool, writeTogether } from '@careers/service-kit';
import type pg from 'pg';
import { SearchEngine } from '../../search-engine.ts';
import { statementName } from '../statement-name.ts';
import {
  type CompanyRow,
  companyBySlugSql,
  companyJobsSql,
  companySearchSql,
  toCompanyCard,
} from './companies.ts';
import { employerOf, type JobRow, jobColumns, toJob } from './job-rows.ts';
import { recommendedJobsSql } from './recommend.ts';
import { parseJobSearch } from './search.ts';
import { searchJobs } from './search-index.ts';

/**
 * SQL giving every listed job's count (closed ones stay listed): a sum of the counts the projector
 * keeps per job type, work location and experience level (migration 021, at most 60 rows), where a
 * count read an index entry per job (50,000 on the bench's board).
 */
export function listedJobsCount(schema: string): string {
  return `SELECT coalesce(sum(jobs), 0)::int FROM ${schema}.job_counts`;
}

/** A job as an application card shows it now (JobQueries.summaries), and when it was last edited. */
export interface JobSummary {
  job: ApplicationJob;
  editedAt: string | null;
}

/** The only reader of the jobs read model's tables. */
export class JobQueries {
  private readonly pool: Pool;
  private readonly s: string;
  private readonly searchEngine: SearchEngine;

  /** `search`: the engine holding this schema's jobs index (SEARCH_ENGINE_URL's unless given). */
  constructor(pool: Pool, schema: string, options: { search?: SearchEngine } = {}) {
    this.pool = pool;
    this.s = schema;
    this.searchEngine = options.search ?? SearchEngine.fromEnv();
  }

  /**
   * GET /jobs: the filters, and the search text ranked by relevance (newest first without one), or in
   * the order `sort` asks for (newest first, or highest pay first); closed jobs stay listed. The page
   * comes with the exact total of the list.
   *
   * The search engine finds, counts, ranks and orders the matches (search-index.ts: BM25 over the
   * title, the skills and company, and the rest, weighted in that order, the newest first among
   * equals; every job when there is no text), and answers the page's ids and the total; their jobs are
   * then read here by id, in one prepared statement. A job the engine has and this schema has not yet
   * (written to the engine before its batch commits) is left out of the page. A page past the end is
   * empty, with the total.
   */
  async search(query: JobListQuery): Promise<{ jobs: Job[]; total: number }> {
    const { ids, total } = await searchJobs(this.searchEngine, this.s, query);
    const found = await this.byIds(ids);
    return { jobs: ids.flatMap((id) => found.get(id) ?? []), total };
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

  /** Jobs by id, each as the detail shows it (closed ones too); a job not projected (yet) is absent. */
  async byIds(jobIds: readonly string[]): Promise<Map<string, Job>> {
    if (jobIds.length === 0) return new Map();
    // Prepared once per connection: every page of a search with text reads its jobs so.
    const text = `SELECT ${jobColumns(this.s)} FROM ${this.s}.jobs j LEFT JOIN ${this.s}.job_people u ON u.id = j.employer_id
        WHERE j.id = ANY($1::text[])`;
    const { rows } = await this.pool.query<JobRow>({
      name: statementName('jobs_by_ids', text),
      text,
      values: [[...new Set(jobIds)]],
    });
    return new Map(rows.map((r) => [r.id, toJob(r)]));
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
   * prefix, as the list's search has it), newest first, not counted by the caller; found by the search
   * engine in the titles alone.
   */
  async titleMatches(search: string, limit: number): Promise<Job[]> {
    if (parseJobSearch(search) === null) return [];
    const { ids } = await searchJobs(
      this.searchEngine,
      this.s,
      JobListQuery.parse({ search, limit, sort: 'newest' }),
      {
        titleOnly: true,
      },
    );
    const found = await this.byIds(ids);
    return ids.flatMap((id) => found.get(id) ?? []);
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

  /**
   * The part of each job an application card shows, as it is now, and when its poster last edited it
   * (null if never), by job id; a job not projected yet is absent.
   */
  async summaries(jobIds: string[]): Promise<Map<string, JobSummary>> {
    if (jobIds.length === 0) return new Map();
    const { rows } = await this.pool.query<JobRow>(
      `SELECT j.id, j.employer_id, j.title, j.job_type, j.work_location, j.location, j.salary, j.company,
              j.edited_at, u.first_name, u.last_name
         FROM ${this.s}.jobs j LEFT JOIN ${this.s}.job_people u ON u.id = j.employer_id WHERE j.id = ANY($1)`,
      [jobIds],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          job: {
            _id: r.id,
            title: r.title,
            jobType: r.job_type,
            workLocation: r.work_location,
            location: r.location,
            salary: r.salary,
            company: r.company,
            employer: employerOf(r),
          },
          editedAt: r.edited_at?.toISOString() ?? null,
        },
      ]),
    );
  }
}
