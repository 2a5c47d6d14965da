import { z } from 'zod';
import { SITE_SEARCH_MAX_RESULTS, searchSectionSizes } from '../constants.ts';
import { companyMessages, queryMessages } from '../messages.ts';
import { isSafeText } from './fields.ts';
import { limitParam, SearchParam } from './query-fields.ts';

/**
 * `GET /search`: people, companies and jobs matching `q` (each word, the last as a prefix, as one
 * types), at most `limit` of each.
 */
export const SiteSearchQuery = z.object({
  q: SearchParam,
  limit: limitParam(SITE_SEARCH_MAX_RESULTS, searchSectionSizes.typeahead),
  /**
   * `typeahead`: the jobs are matched by title alone, newest first, and not counted (`totalJobs` is
   * null), so an answer comes as fast as one types; `page` (the default): the jobs list's own search.
   */
  kind: z.enum(['typeahead', 'page'], { error: queryMessages.searchKindInvalid }).default('page'),
});
export type SiteSearchQuery = z.infer<typeof SiteSearchQuery>;

/**
 * `/companies/:slug`: a slug as companySlug makes one (a company's name finds it too: the server
 * takes the slug of what it is given).
 */
export const CompanySlugParams = z.object({
  slug: z
    .string()
    .min(1, companyMessages.companyNotFound)
    .max(200, companyMessages.companyNotFound)
    .refine(isSafeText, companyMessages.companyNotFound),
});
export type CompanySlugParams = z.infer<typeof CompanySlugParams>;
