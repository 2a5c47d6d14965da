import { routes } from '@careers/contracts/routes';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/** GET /api/people: people search (projectors/people). Not cached: each search is its own. */
export function registerPeopleQueries(deps: QueryRouteDeps): void {
  registerQuery(deps, routes.searchPeople, async ({ query }) => ({
    data: await deps.people.search(query.search ?? '', query.limit),
  }));
}
