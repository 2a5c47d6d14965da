import { pageInfo } from '@careers/contracts/entities/pagination';
import type { ConnectionListQuery } from '@careers/contracts/requests/connection-list-query';
import { routes } from '@careers/contracts/routes';
import type { z } from 'zod';
import { ConnectionQueries } from '../projectors/connections/queries.ts';
import { suggestionsFor } from '../projectors/suggestions/lists.ts';
import { networkVersion, personVersionKeys } from '../projectors/version-scopes.ts';
import { ResponseCache } from '../response-cache.ts';
import type { QueryRouteDeps } from './deps.ts';
import {
  type CachedQueryInput,
  type CachedQueryOptions,
  registerCachedQuery,
} from './register-cached-query.ts';
import { registerQuery } from './register-query.ts';

/**
 * How long a reader's people you may know is served from the cache at most. Their own network, city
 * and skills and the people on the list move versions that retire it at once; what changes elsewhere
 * (someone else's connection changing a mutual count, skills or city, or who is most connected) is
 * not attributed to each reader, and shows within this long.
 */
export const SUGGESTIONS_MAX_AGE_MS = 60_000;

type ListBody = z.output<typeof routes.listConnections.response>;
type SuggestionsBody = z.output<typeof routes.listSuggestedConnections.response>;

/**
 * The connections list's cache: per reader, valid while the reader's own network version and the
 * profile version of each person the page depends on keep their values (see registerConnectionQueries).
 */
export function connectionListCacheOptions(cache: ResponseCache): CachedQueryOptions<ListBody> {
  return {
    cache,
    versionKey: networkVersion.key,
    perReader: true,
    parts: {
      of: (body) => body.data.map((c) => personVersionKeys.profile(c.user._id)),
      sequenceKey: personVersionKeys.sequence,
    },
  };
}

/** People you may know's cache: as the list's, and for SUGGESTIONS_MAX_AGE_MS at most. */
export function suggestionsCacheOptions(cache: ResponseCache): CachedQueryOptions<SuggestionsBody> {
  return {
    cache,
    versionKey: networkVersion.key,
    perReader: true,
    parts: {
      of: (body) => body.data.map((person) => personVersionKeys.profile(person._id)),
      sequenceKey: personVersionKeys.sequence,
    },
    maxAgeMs: SUGGESTIONS_MAX_AGE_MS,
  };
}

/** The connections list, and what it depends on beyond the people it shows. */
export function readConnectionList(connections: ConnectionQueries) {
  return async ({ viewerId, query, dependsOn }: CachedQueryInput<ConnectionListQuery>): Promise<ListBody> => {
    const { data, total, people } = await connections.list(viewerId, query);
    dependsOn([personVersionKeys.network(viewerId)]);
    // Sorted by date and not searched, only the relationships decide the page.
    if (query.sortBy !== 'createdAt' || query.search) dependsOn(people.map(personVersionKeys.profile));
    return {
      data,
      pagination: { ...pageInfo({ page: query.page, limit: query.limit, total }), totalConnections: total },
    };
  };
}

/**
 * People you may know, and the reader's own network version it depends on. `x-suggestions` says
 * whether the reader's stored list answered (`stored`) or the ranking ran for the read (`computed`).
 */
export function readSuggestions(deps: Pick<QueryRouteDeps, 'pool' | 'schema'>) {
  return async ({ viewerId, dependsOn, header }: CachedQueryInput<undefined>): Promise<SuggestionsBody> => {
    dependsOn([personVersionKeys.network(viewerId)]);
    const { data, source } = await suggestionsFor(deps.pool, deps.schema, viewerId);
    header('x-suggestions', source);
    return { data };
  };
}

/**
 * GET /api/users/connections, /pending, /sent and /api/users/suggested-connections.
 *
 * The connections list and people you may know are cached per reader (read on every visit of the
 * network screen, each a statement over several tables): an entry holds while the reader's network
 * version (their requests and answers either way, their city and skills) and the profile version of
 * each person shown keep their values. A list sorted or searched by name also depends on the names
 * of the reader's other connections, so it holds their profile versions too. A request carrying a
 * consistency token never reads the cache, so the reader's own change shows at once. The pending and
 * sent lists read the reader's few pending rows through an index, and are not cached.
 */
export function registerConnectionQueries(deps: QueryRouteDeps): void {
  const connections = new ConnectionQueries(deps.pool, deps.schema);
  const listCache = new ResponseCache(32 * 1024 * 1024);
  const suggestionsCache = new ResponseCache(32 * 1024 * 1024);

  registerCachedQuery(
    deps,
    routes.listConnections,
    connectionListCacheOptions(listCache),
    readConnectionList(connections),
  );

  registerQuery(deps, routes.listPendingConnections, async ({ viewerId }) => ({
    data: await connections.pendingFor(viewerId),
  }));

  registerQuery(deps, routes.listSentConnectionRequests, async ({ viewerId }) => ({
    data: await connections.sentBy(viewerId),
  }));

  registerCachedQuery(
    deps,
    routes.listSuggestedConnections,
    suggestionsCacheOptions(suggestionsCache),
    readSuggestions(deps),
  );
}
