import {
  ConnectionRequestedPayload,
  ConnectionUpdatedPayload,
  serverEvents,
} from '@careers/contracts/sockets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getSocket } from '../../../lib/socket';
import { dropRelationship, refreshConnections } from '../api/connection-cache';

/**
 * The connections screen's realtime wiring. The gateway sends the other person's moves to the reader's
 * own room: a request to them (connection:requested), and an answer, a withdrawal or a removal
 * (connection:updated). A push is a note, so the lists and the tab counts are read again through the
 * normal GETs, carrying its consistency token so they already show the change. A request that ended
 * leaves the lists at once, before that read.
 */
export function useLiveConnections(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onRequested = (raw: unknown) => {
      const parsed = ConnectionRequestedPayload.safeParse(raw);
      if (!parsed.success) return;
      apiClient.rememberConsistencyToken(parsed.data.consistencyToken);
      void refreshConnections(queryClient);
    };
    const onUpdated = (raw: unknown) => {
      const parsed = ConnectionUpdatedPayload.safeParse(raw);
      if (!parsed.success) return;
      const { connectionId, consistencyToken } = parsed.data;
      // Whatever the status, what the lists hold under this id has ended: a request that was answered
      // or withdrawn, or a connection removed. An accepted one comes back as a connection on the read.
      dropRelationship(queryClient, connectionId);
      apiClient.rememberConsistencyToken(consistencyToken);
      void refreshConnections(queryClient);
    };
    socket.on(serverEvents.connectionRequested, onRequested);
    socket.on(serverEvents.connectionUpdated, onUpdated);
    return () => {
      socket.off(serverEvents.connectionRequested, onRequested);
      socket.off(serverEvents.connectionUpdated, onUpdated);
    };
  }, [queryClient]);
}
