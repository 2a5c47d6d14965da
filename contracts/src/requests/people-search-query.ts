import { z } from 'zod';
import { PEOPLE_SEARCH_MAX_RESULTS } from '../constants.ts';
import { limitParam, SearchParam } from './query-fields.ts';

/**
 * `GET /people`: who matches `search` (each word of it, the last as a prefix, as one types) by name,
 * job title, skills or place; at most `limit`, best first.
 */
export const PeopleSearchQuery = z.object({
  search: SearchParam,
  limit: limitParam(PEOPLE_SEARCH_MAX_RESULTS, 10),
});
export type PeopleSearchQuery = z.infer<typeof PeopleSearchQuery>;
