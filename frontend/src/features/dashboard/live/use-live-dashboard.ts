import {
  ConnectionUpdatedPayload,
  FeedPostCreatedPayload,
  NotificationsChangedPayload,
  serverEvents,
} from '@careers/contracts/sockets';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getSocket } from '../../../lib/socket';
import { connectionListsKey } from '../../connections/api/connection-keys';
import { dashboardFeedKey } from '../api/dashboard-feed';
import { dashboardJobsKey } from '../api/dashboard-jobs';
import { recommendedJobsKey } from '../api/recommended-jobs';

function readNetworkAgain(queryClient: QueryClient): void {
  // A connection made or ended changes the count and whose posts Recent Activity shows.
  void queryClient.invalidateQueries({ queryKey: connectionListsKey });
  void queryClient.invalidateQueries({ queryKey: dashboardFeedKey });
}

/**
 * Keeps the dashboard's cards current while it is open, from the pushes that can change them:
 * - connection:updated (someone accepted the user's request, or removed them): the Connections count;
 * - feed:post-created: Recent Activity and the Recent Posts count;
 * - notifications:changed with a new notification: a job alert means a new job that fits (Available
 *   Jobs, Recommended Jobs), an accepted request a new connection. The payload does not say which, so
 *   both are read again; a push about marks (no new notification) changes nothing here.
 * Each read carries the push's consistency token when it has one, so it already shows the change.
 */
export function useLiveDashboard(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onConnectionUpdated = (raw: unknown) => {
      const parsed = ConnectionUpdatedPayload.safeParse(raw);
      if (!parsed.success) return;
      apiClient.rememberConsistencyToken(parsed.data.consistencyToken);
      readNetworkAgain(queryClient);
    };
    const onPostCreated = (raw: unknown) => {
      const parsed = FeedPostCreatedPayload.safeParse(raw);
      if (!parsed.success) return;
      apiClient.rememberConsistencyToken(parsed.data.consistencyToken);
      void queryClient.invalidateQueries({ queryKey: dashboardFeedKey });
    };
    const onNotificationsChanged = (raw: unknown) => {
      const parsed = NotificationsChangedPayload.safeParse(raw);
      if (!parsed.success || parsed.data.notificationId === null) return;
      void queryClient.invalidateQueries({ queryKey: dashboardJobsKey });
      void queryClient.invalidateQueries({ queryKey: recommendedJobsKey });
      readNetworkAgain(queryClient);
    };
    socket.on(serverEvents.connectionUpdated, onConnectionUpdated);
    socket.on(serverEvents.feedPostCreated, onPostCreated);
    socket.on(serverEvents.notificationsChanged, onNotificationsChanged);
    return () => {
      socket.off(serverEvents.connectionUpdated, onConnectionUpdated);
      socket.off(serverEvents.feedPostCreated, onPostCreated);
      socket.off(serverEvents.notificationsChanged, onNotificationsChanged);
    };
  }, [queryClient]);
}
