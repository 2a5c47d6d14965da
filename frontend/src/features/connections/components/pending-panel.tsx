import type { Connection } from '@careers/contracts/entities/connection';
import {
  connectionMessages,
  fallbackMessages,
  connectionScreenMessages as texts,
} from '@careers/contracts/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { EmptyList, ListFailure } from './list-failure';
import { ReceivedRequestCard, SentRequestCard } from './request-card';
import type { ConnectionActions } from './use-connection-actions';

interface PendingPanelProps {
  received: UseQueryResult<Connection[]>;
  sent: UseQueryResult<Connection[]>;
  actions: ConnectionActions;
}

/**
 * The Pending Requests tab: the requests waiting for the reader's answer (spec), then, beyond the spec,
 * the reader's own requests still waiting for theirs.
 */
export function PendingPanel({ received, sent, actions }: PendingPanelProps) {
  const now = useNow();
  return (
    <>
      <RequestSection
        title={texts.received}
        query={received}
        fallback={fallbackMessages.fetchPendingRequests}
        empty={connectionMessages.noPendingRequests}
        render={(request) => (
          <ReceivedRequestCard key={request._id} request={request} actions={actions} now={now} />
        )}
      />
      <RequestSection
        title={connectionMessages.sentRequests}
        query={sent}
        fallback={connectionMessages.fetchSentRequestsFailed}
        empty={connectionMessages.noSentRequests}
        render={(request) => (
          <SentRequestCard key={request._id} request={request} actions={actions} now={now} />
        )}
      />
    </>
  );
}

/** One list of requests under its heading: loading, its error text alone, its empty state, or the cards. */
function RequestSection({
  title,
  query,
  fallback,
  empty,
  render,
}: {
  title: string;
  query: UseQueryResult<Connection[]>;
  fallback: string;
  empty: string;
  render(request: Connection): React.ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="connection-section" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {title}
      </h2>
      <RequestList query={query} fallback={fallback} empty={empty} render={render} />
    </section>
  );
}

function RequestList({
  query,
  fallback,
  empty,
  render,
}: {
  query: UseQueryResult<Connection[]>;
  fallback: string;
  empty: string;
  render(request: Connection): React.ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ListFailure
        message={errorMessageOf(query.error, fallback)}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <EmptyList title={empty} />;
  return <div className="connection-list">{query.data.map(render)}</div>;
}
