import { pageInfo } from '@careers/contracts/entities/pagination';
import { routes } from '@careers/contracts/routes';
import { ConnectionQueries } from '../projectors/connections/queries.ts';
import { suggestionsFor } from '../projectors/suggestions/queries.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/**
 * GET /api/users/connections, /pending, /sent and /api/users/suggested-connections: each reads only
 * the reader's own rows through an index, so none is cached.
 */
export function registerConnectionQueries(deps: QueryRouteDeps): void {
  const connections = new ConnectionQueries(deps.pool, deps.schema);

  registerQuery(deps, routes.listConnections, async ({ viewerId, query }) => {
    const { data, total } = await connections.list(viewerId, query);
    return {
      data,
      pagination: { ...pageInfo({ page: query.page, limit: query.limit, total }), totalConnections: total },
    };
  });

  registerQuery(deps, routes.listPendingConnections, async ({ viewerId }) => ({
    data: await connections.pendingFor(viewerId),
  }));

  registerQuery(deps, routes.listSentConnectionRequests, async ({ viewerId }) => ({
    data: await connections.sentBy(viewerId),
  }));

  registerQuery(deps, routes.listSuggestedConnections, async ({ viewerId }) => ({
    data: await suggestionsFor(deps.pool, deps.schema, viewerId),
  }));
}
