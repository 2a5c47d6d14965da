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
  const receivedId = useId();
  const sentId = useId();
  return (
    <>
      <section className="connection-section" aria-labelledby={receivedId}>
        <h2 className="section-title" id={receivedId}>
          {texts.received}
        </h2>
        <RequestList
          query={received}
          fallback={fallbackMessages.fetchPendingRequests}
          empty={connectionMessages.noPendingRequests}
          render={(request) => (
            <ReceivedRequestCard key={request._id} request={request} actions={actions} now={now} />
          )}
        />
      </section>
      <section className="connection-section" aria-labelledby={sentId}>
        <h2 className="section-title" id={sentId}>
          {connectionMessages.sentRequests}
        </h2>
        <RequestList
          query={sent}
          fallback={connectionMessages.fetchSentRequestsFailed}
          empty={connectionMessages.noSentRequests}
          render={(request) => (
            <SentRequestCard key={request._id} request={request} actions={actions} now={now} />
          )}
        />
      </section>
    </>
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
