import type { SuggestedConnection } from '@careers/contracts/entities/suggested-connection';
import { connectionMessages, fallbackMessages } from '@careers/contracts/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { EmptyList, ListFailure } from './list-failure';
import { SuggestionCard } from './suggestion-card';
import type { ConnectionActions } from './use-connection-actions';

/** The Suggested tab: people the reader may know, best first as the server ranks them. */
export function SuggestionsPanel({
  suggestions,
  actions,
}: {
  suggestions: UseQueryResult<SuggestedConnection[]>;
  actions: ConnectionActions;
}) {
  if (suggestions.isPending) return <LoadingState />;
  if (suggestions.isError) {
    return (
      <ListFailure
        message={errorMessageOf(suggestions.error, fallbackMessages.fetchSuggestedConnections)}
        retrying={suggestions.isFetching}
        onRetry={() => void suggestions.refetch()}
      />
    );
  }
  if (suggestions.data.length === 0) return <EmptyList title={connectionMessages.noSuggestedConnections} />;
  return (
    <div className="connection-list">
      {suggestions.data.map((person) => (
        <SuggestionCard key={person._id} person={person} actions={actions} />
      ))}
    </div>
  );
}
