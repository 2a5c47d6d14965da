import type { Connection } from '@careers/contracts/entities/connection';
import type { SuggestedConnection } from '@careers/contracts/entities/suggested-connection';
import type { QueryClient } from '@tanstack/react-query';
import { peopleKey } from '../../people/api/get-person';
import {
  connectionListsKey,
  connectionsKey,
  pendingRequestsKey,
  sentRequestsKey,
  suggestionsKey,
} from './connection-keys';
import type { ConnectionsData } from './list-connections';

/**
 * The only place cached connections change. Each change is the spec's (section 4, "Connections
 * state"): it takes the person or the request out of the lists at once, so the screen answers the click
 * without waiting; `refreshConnections` then reads the lists and counts again behind it.
 */

/** Spec: sending a request removes that person from the suggestions. */
export function dropSuggestion(queryClient: QueryClient, userId: string): void {
  queryClient.setQueryData<SuggestedConnection[]>(suggestionsKey, (people) =>
    people?.filter((person) => person._id !== userId),
  );
}

/**
 * Takes one relationship out of every list that shows it: spec, responding removes the request from the
 * pending list and removing a connection drops it from the list (the tab's total follows); beyond the
 * spec, a withdrawn or answered request leaves the sent list.
 */
export function dropRelationship(queryClient: QueryClient, connectionId: string): void {
  const without = (requests: Connection[] | undefined) =>
    requests?.filter((request) => request._id !== connectionId);
  queryClient.setQueryData<Connection[]>(pendingRequestsKey, without);
  queryClient.setQueryData<Connection[]>(sentRequestsKey, without);
  dropFromLists(queryClient, connectionId);
}

function dropFromLists(queryClient: QueryClient, connectionId: string): void {
  queryClient.setQueriesData<ConnectionsData>({ queryKey: connectionListsKey }, (data) => {
    if (!data?.pages.some((page) => page.data.some((one) => one._id === connectionId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        data: page.data.filter((one) => one._id !== connectionId),
        pagination: {
          ...page.pagination,
          totalConnections: Math.max(0, page.pagination.totalConnections - 1),
        },
      })),
    };
  });
}

/**
 * Reads every connections list again. A change to one relationship moves several at once (an answer
 * moves a request into the connections, a request takes a suggestion away), and the command's or the
 * push's consistency token, already remembered, makes these reads wait until the change is readable.
 * It reaches beyond this screen too: a connection made or ended shows or hides the other person's
 * posts in the feed and on the dashboard. Whatever is cached but not on screen is therefore marked
 * stale (not fetched now), so those screens read again when next opened. A profile on screen is read
 * again at once: it shows how the reader stands with the person, and who they share.
 */
export async function refreshConnections(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: connectionsKey }),
    queryClient.invalidateQueries({ queryKey: peopleKey }),
    queryClient.invalidateQueries({ type: 'inactive', refetchType: 'none' }),
  ]);
}
