import { endpoints } from '@careers/contracts/api/endpoints';
import {
  type connectionFilterStatuses,
  connectionSortDefaults,
  type connectionSortFields,
  DEFAULT_PAGE,
  type sortOrders,
} from '@careers/contracts/constants';
import { fallbackMessages } from '@careers/contracts/messages';
import type { RouteResponse } from '@careers/contracts/routes';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { connectionListsKey } from './connection-keys';

export type ConnectionFilterStatus = (typeof connectionFilterStatuses)[number];
export type ConnectionSortBy = (typeof connectionSortFields)[number];
export type SortOrder = (typeof sortOrders)[number];

/** Spec, section 3: search, status, sortBy (default name), sortOrder (default asc). */
export interface ConnectionFilters {
  search: string;
  status: ConnectionFilterStatus | '';
  sortBy: ConnectionSortBy;
  sortOrder: SortOrder;
}

export const noConnectionFilters: ConnectionFilters = {
  search: '',
  status: '',
  sortBy: connectionSortDefaults.sortBy,
  sortOrder: connectionSortDefaults.sortOrder,
};

export type ConnectionsPage = RouteResponse<'listConnections'>;
/** A connections list's cache entry: the pages loaded so far, each as the server answered it. */
export type ConnectionsData = InfiniteData<ConnectionsPage, number>;

export function listConnections(
  filters: ConnectionFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ConnectionsPage> {
  const defaults = noConnectionFilters;
  return callApi(
    endpoints.listConnections,
    {
      // The server's defaults stay out of the URL, so the unfiltered list is the dashboard's call too.
      query: {
        search: filters.search,
        status: filters.status,
        sortBy: filters.sortBy === defaults.sortBy ? undefined : filters.sortBy,
        sortOrder: filters.sortOrder === defaults.sortOrder ? undefined : filters.sortOrder,
        page: page === DEFAULT_PAGE ? undefined : page,
      },
    },
    { signal, fallbackMessage: fallbackMessages.fetchConnections },
  );
}

/**
 * One entry per set of filters; "Load more" adds the next page to it, and while another search loads
 * the previous list stays on screen. Asked again on opening: a request can be accepted elsewhere.
 */
export const connectionListQueryOptions = (filters: ConnectionFilters) =>
  infiniteQueryOptions({
    queryKey: [...connectionListsKey, filters] as const,
    queryFn: ({ pageParam, signal }) => listConnections(filters, pageParam, signal),
    initialPageParam: DEFAULT_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPage.pagination.hasNext ? lastPageParam + 1 : undefined,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

export function useConnectionList(filters: ConnectionFilters) {
  return useInfiniteQuery(connectionListQueryOptions(filters));
}
