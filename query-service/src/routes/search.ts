import { COMPANY_JOBS_SHOWN } from '@careers/contracts/constants';
import { companyMessages } from '@careers/contracts/messages';
import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { routes } from '@careers/contracts/routes';
import { notFound } from '@careers/service-kit';
import { peopleQueryText } from '../projectors/people/queries.ts';
import { siteSearchVersion } from '../projectors/version-scopes.ts';
import { ResponseCache } from '../response-cache.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerCachedQuery } from './register-cached-query.ts';
import { registerQuery } from './register-query.ts';

/**
 * GET /api/search (the top bar's typeahead and the search page) and /api/companies/:slug. A search asks
 * the models that own each kind at once: the people directory, the jobs model's companies and its
 * job search (the same ranking as GET /api/jobs; a typeahead's, by title alone).
 */
export function registerSearchQueries(deps: QueryRouteDeps): void {
  // By text, the same for every reader, valid while the people and the jobs keep their version: a
  // typeahead's short texts ("gr", "grace") are typed again and again. 16 MB at most.
  const cache = new ResponseCache(16 * 1024 * 1024);
  registerCachedQuery(
    deps,
    routes.siteSearch,
    { cache, versionKey: siteSearchVersion.key, perReader: false },
    async ({ query }) => {
      const q = query.q ?? '';
      const words = peopleQueryText(q);
      if (words === null) return { data: { people: [], companies: [], jobs: [], totalJobs: 0 } };
      const [people, companies, jobs] = await Promise.all([
        deps.people.search(q, query.limit),
        deps.jobs.companies(words, query.limit),
        query.kind === 'typeahead'
          ? deps.jobs.titleMatches(q, query.limit).then((found) => ({ jobs: found, total: null }))
          : deps.jobs.search(JobListQuery.parse({ search: q, limit: query.limit })),
      ]);
      return { data: { people, companies, jobs: jobs.jobs, totalJobs: jobs.total } };
    },
  );

  registerQuery(deps, routes.getCompany, async ({ params }) => {
    const company = await deps.jobs.company(params.slug, COMPANY_JOBS_SHOWN);
    if (!company) throw notFound(companyMessages.companyNotFound);
    return { data: company };
  });
}
