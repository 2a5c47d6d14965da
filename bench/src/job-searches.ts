import { apiPath, routes } from '@careers/contracts/routes';

/** What a search exercises, for latency per kind. */
export type JobSearchKind =
  | 'keywords'
  | 'phrase'
  | 'exclusion'
  | 'or'
  | 'prefix'
  | 'filters'
  | 'text + filters'
  | 'later page';

/** The query string of one GET /api/jobs, in the contracts' JobListQuery names. */
export interface JobSearchQuery {
  search?: string;
  skills?: string[];
  jobType?: string;
  workLocation?: string;
  experienceLevel?: string;
  location?: string;
  page?: number;
}

export interface JobSearch {
  kind: JobSearchKind;
  query: JobSearchQuery;
}

const s = (kind: JobSearchKind, query: JobSearchQuery): JobSearch => ({ kind, query });

/**
 * The searches the jobs phase sends in turn, as people use the Find Jobs screen: words of the job
 * board's vocabulary (job-vocabulary.ts), some matching a third of the board ("engineer") and some a
 * few hundred jobs, phrases, exclusions, OR, a last word still being typed, the filters alone and with
 * text, and a later page. Each kind is in proportion to how often it appears here.
 */
export const jobSearchMix: readonly JobSearch[] = [
  s('keywords', { search: 'engineer' }),
  s('keywords', { search: 'python developer' }),
  s('keywords', { search: 'nurse' }),
  s('keywords', { search: 'financial analyst' }),
  s('keywords', { search: 'kubernetes' }),
  s('keywords', { search: 'react typescript' }),
  s('keywords', { search: 'teacher' }),
  s('keywords', { search: 'sales manager' }),
  s('keywords', { search: 'data' }),
  s('keywords', { search: 'payments team' }),
  s('phrase', { search: '"machine learning"' }),
  s('phrase', { search: '"account executive"' }),
  s('phrase', { search: '"registered nurse"' }),
  s('phrase', { search: '"full stack" developer' }),
  s('phrase', { search: '"financial modeling" excel' }),
  s('exclusion', { search: 'engineer -senior' }),
  s('exclusion', { search: 'developer -java' }),
  s('exclusion', { search: 'nurse -practitioner' }),
  s('exclusion', { search: 'manager -sales -marketing' }),
  s('or', { search: 'react OR vue' }),
  s('or', { search: 'python OR go' }),
  s('or', { search: 'accountant OR auditor' }),
  s('or', { search: 'teacher OR tutor' }),
  s('or', { search: 'kafka OR spark' }),
  s('prefix', { search: 'kube' }),
  s('prefix', { search: 'pyth' }),
  s('prefix', { search: 'typescr' }),
  s('prefix', { search: 'nur' }),
  s('prefix', { search: 'devops eng' }),
  s('prefix', { search: 'data sci' }),
  s('prefix', { search: 'mark' }),
  s('filters', {}),
  s('filters', { jobType: 'Contract' }),
  s('filters', { workLocation: 'Remote' }),
  s('filters', { experienceLevel: 'Senior Level' }),
  s('filters', { location: 'Berlin' }),
  s('filters', { skills: ['Python'] }),
  s('filters', { skills: ['React', 'Vue'] }),
  s('filters', { jobType: 'Internship', location: 'London' }),
  s('filters', { workLocation: 'Remote', experienceLevel: 'Entry Level', jobType: 'Full-time' }),
  s('text + filters', { search: 'engineer', workLocation: 'Remote' }),
  s('text + filters', { search: 'python', experienceLevel: 'Senior Level', location: 'Germany' }),
  s('text + filters', { search: 'nurse', jobType: 'Part-time' }),
  s('text + filters', { search: '"product manager"', location: 'San Francisco' }),
  s('text + filters', { search: 'react OR angular -junior', skills: ['TypeScript'] }),
  s('text + filters', { search: 'sales', location: 'Toronto', workLocation: 'Hybrid' }),
  s('text + filters', { search: 'analy', workLocation: 'Hybrid', experienceLevel: 'Mid Level' }),
  s('later page', { search: 'developer', page: 2 }),
  s('later page', { page: 3 }),
  s('later page', { workLocation: 'Remote', page: 5 }),
];

/** The request path of a search, as the Find Jobs screen sends it (a repeated key per skill). */
export function jobSearchPath(query: JobSearchQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  const text = params.toString();
  return text === '' ? apiPath(routes.listJobs) : `${apiPath(routes.listJobs)}?${text}`;
}

/** A search path as a person reads it: `?search="machine learning"&workLocation=Remote` (or `(no filters)`). */
export function readableSearch(path: string): string {
  const query = path.slice(apiPath(routes.listJobs).length);
  return query === '' ? '(no filters)' : decodeURIComponent(query.replace(/\+/g, ' '));
}

/**
 * The product caches each search's reply by its URL until a job event, so the mix alone, repeated,
 * would be served almost entirely from memory. One search in `MISS_EVERY` of the load is therefore a
 * URL the product has not seen: a search of the mix with a `fresh` parameter numbered once per request.
 * The query schema drops parameters it does not know, so the product does everything a first search
 * costs (parsing, the SQL, the JSON) and answers exactly the body the baseline serves for the search
 * without it.
 */
export const MISS_EVERY = 5;

export function unseenPath(path: string, n: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}fresh=${n}`;
}
