import { connectionFilterStatuses, SEARCH_MAX_LENGTH } from '@careers/contracts/constants';
import type { Connection } from '@careers/contracts/entities/connection';
import {
  connectionMessages,
  fallbackMessages,
  screenMessages,
  connectionScreenMessages as texts,
} from '@careers/contracts/messages';
import { useEffect, useState } from 'react';
import { FilterBar } from '../../../components/filter-bar';
import { LoadingState } from '../../../components/loading-state';
import { SelectField } from '../../../components/select-field';
import { errorMessageOf } from '../../../lib/api-client';
import {
  type ConnectionFilters,
  type ConnectionSortBy,
  noConnectionFilters,
  type SortOrder,
  useConnectionList,
} from '../api/list-connections';
import { ConnectionCard, type RequestDirection } from './connection-card';
import { EmptyList, ListFailure } from './list-failure';
import type { ConnectionActions } from './use-connection-actions';

/** How long typing may pause before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

type Sort = `${ConnectionSortBy}-${SortOrder}`;

const sortOptions: Array<{ value: Sort; label: string }> = [
  { value: 'name-asc', label: texts.nameAscending },
  { value: 'name-desc', label: texts.nameDescending },
  { value: 'createdAt-desc', label: texts.newestFirst },
  { value: 'createdAt-asc', label: texts.oldestFirst },
];

const statusOptions = [
  { value: '' as const, label: texts.allStatuses },
  ...connectionFilterStatuses.map((value) => ({ value, label: value })),
];

function sortOf(filters: ConnectionFilters): Sort {
  return `${filters.sortBy}-${filters.sortOrder}`;
}

function sortFilters(sort: Sort | ''): Pick<ConnectionFilters, 'sortBy' | 'sortOrder'> {
  const [sortBy, sortOrder] = (sort || sortOf(noConnectionFilters)).split('-') as [
    ConnectionSortBy,
    SortOrder,
  ];
  return { sortBy, sortOrder };
}

const isFiltered = (filters: ConnectionFilters) => filters.search !== '' || filters.status !== '';

interface MyConnectionsPanelProps {
  filters: ConnectionFilters;
  onFilters(filters: ConnectionFilters): void;
  actions: ConnectionActions;
  /** The ids of the requests waiting for the reader's answer, and of the reader's own. */
  receivedIds: ReadonlySet<string>;
  sentIds: ReadonlySet<string>;
}

/**
 * The My Connections tab. Spec: the search (first or last name) and the status filter (accepted,
 * pending) apply to this list only; the sort is by name, ascending unless chosen otherwise, or by date.
 * The server filters, sorts and pages, so a long list is never loaded whole; "Load more" adds a page.
 */
export function MyConnectionsPanel({
  filters,
  onFilters,
  actions,
  receivedIds,
  sentIds,
}: MyConnectionsPanelProps) {
  const list = useConnectionList(filters);
  const [searchText, setSearchText] = useState(filters.search);

  // Typing settles before the list is asked for; a cleared filter puts its text back in the field.
  useEffect(() => setSearchText(filters.search), [filters.search]);
  useEffect(() => {
    const search = searchText.trim();
    if (search === filters.search) return;
    const timer = setTimeout(() => onFilters({ ...filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters, onFilters]);

  const connections: Connection[] = list.data?.pages.flatMap((page) => page.data) ?? [];
  const direction = (connection: Connection): RequestDirection =>
    receivedIds.has(connection._id) ? 'received' : sentIds.has(connection._id) ? 'sent' : 'unknown';

  return (
    <>
      <FilterBar
        label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        maxLength={SEARCH_MAX_LENGTH}
        search={searchText}
        onSearch={setSearchText}
        clearLabel={texts.clearFilters}
        onClear={() => {
          setSearchText('');
          onFilters(noConnectionFilters);
        }}
      >
        <SelectField
          name="status"
          label={texts.status}
          options={statusOptions}
          value={filters.status}
          onChange={(status) => onFilters({ ...filters, status })}
        />
        <SelectField<Sort>
          name="sort"
          label={texts.sort}
          options={sortOptions}
          value={sortOf(filters)}
          onChange={(sort) => onFilters({ ...filters, ...sortFilters(sort) })}
        />
      </FilterBar>
      {list.isPending ? <LoadingState /> : null}
      {list.isError && !list.isFetchNextPageError ? (
        <ListFailure
          message={errorMessageOf(list.error, fallbackMessages.fetchConnections)}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isSuccess && connections.length === 0 ? (
        isFiltered(filters) ? (
          <div className="card empty-state">
            <p>{texts.noMatches}</p>
          </div>
        ) : (
          <EmptyList title={connectionMessages.noConnections} />
        )
      ) : null}
      {connections.length > 0 ? (
        <div className="connection-list" aria-busy={list.isPlaceholderData || undefined}>
          {connections.map((connection) => (
            <ConnectionCard
              key={connection._id}
              connection={connection}
              actions={actions}
              direction={direction(connection)}
            />
          ))}
        </div>
      ) : null}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button-ghost load-more"
          aria-disabled={list.isFetchingNextPage || undefined}
          onClick={() => {
            if (!list.isFetchingNextPage) void list.fetchNextPage();
          }}
        >
          {list.isFetchingNextPage ? screenMessages.loading : texts.loadMore}
        </button>
      ) : null}
    </>
  );
}
