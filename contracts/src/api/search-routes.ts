import { z } from 'zod';
import { CompanyCard, CompanyPage } from '../entities/company.ts';
import { Job } from '../entities/job.ts';
import { PersonCard } from '../entities/person-card.ts';
import { CompanySlugParams, SiteSearchQuery } from '../requests/search-query.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse } from './responses.ts';

/** What GET /search answers: the best few of each kind, and how many jobs match in all. */
export const SiteSearchResults = z.object({
  people: z.array(PersonCard),
  companies: z.array(CompanyCard),
  jobs: z.array(Job),
  /** How many jobs match in all; null for a typeahead's answer, which does not count them. */
  totalJobs: z.number().int().nonnegative().nullable(),
});
export type SiteSearchResults = z.infer<typeof SiteSearchResults>;

// Beyond the spec: the top bar's typeahead and search page, and company pages (issue "People").
export const searchRoutes = {
  siteSearch: defineRoute({
    method: 'GET',
    path: '/search',
    service: 'query',
    auth: 'required',
    query: SiteSearchQuery,
    status: 200,
    response: dataResponse(SiteSearchResults),
    summary:
      'People, companies and jobs matching every word of q (the last as a prefix, as one types), at most limit of each, best first; kind=typeahead matches jobs by title, newest first, uncounted.',
  }),
  getCompany: defineRoute({
    method: 'GET',
    path: '/companies/:slug',
    service: 'query',
    auth: 'required',
    params: CompanySlugParams,
    status: 200,
    response: dataResponse(CompanyPage),
    summary:
      "A company as its jobs name it: its newest job's company details and its open jobs, newest first.",
  }),
} as const;
