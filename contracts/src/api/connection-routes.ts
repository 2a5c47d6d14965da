import { z } from 'zod';
import { Connection, ConnectionState } from '../entities/connection.ts';
import { ConnectionsPagination } from '../entities/pagination.ts';
import { SuggestedConnection } from '../entities/suggested-connection.ts';
import { ConnectionListQuery } from '../requests/connection-list-query.ts';
import { RespondToConnectionRequest } from '../requests/respond-to-connection.ts';
import { ConnectionIdParams, ConnectionRequestParams, UserIdParams } from '../requests/route-params.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse, MessageResponse, pageResponse } from './responses.ts';

const ConnectionStateResponse = z.object({ message: z.string(), data: ConnectionState });

export const connectionRoutes = {
  listConnections: defineRoute({
    method: 'GET',
    path: '/users/connections',
    service: 'query',
    auth: 'required',
    query: ConnectionListQuery,
    status: 200,
    response: pageResponse(Connection, ConnectionsPagination),
    summary: "The user's connections (accepted, and pending when filtered).",
  }),
  listPendingConnections: defineRoute({
    method: 'GET',
    path: '/users/connections/pending',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(Connection)),
    summary: 'Requests waiting for the user to answer, newest first.',
  }),
  listSentConnectionRequests: defineRoute({
    method: 'GET',
    path: '/users/connections/sent',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(Connection)),
    summary:
      'Beyond the spec: requests the user sent that are still pending, newest first (`user` is who was asked).',
  }),
  listSuggestedConnections: defineRoute({
    method: 'GET',
    path: '/users/suggested-connections',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(SuggestedConnection)),
    summary: 'People the user is not connected with and has no pending request with.',
  }),
  connect: defineRoute({
    method: 'POST',
    path: '/users/:id/connect',
    service: 'command',
    auth: 'required',
    params: UserIdParams,
    body: null,
    status: 201,
    response: ConnectionStateResponse,
    summary: 'Sends a connection request to the user :id.',
  }),
  respondToConnection: defineRoute({
    method: 'PUT',
    path: '/users/connections/:requestId',
    service: 'command',
    auth: 'required',
    params: ConnectionRequestParams,
    body: RespondToConnectionRequest,
    status: 200,
    response: ConnectionStateResponse,
    summary: 'Accepts or declines a pending request addressed to the user.',
  }),
  withdrawConnectionRequest: defineRoute({
    method: 'DELETE',
    path: '/users/connections/sent/:requestId',
    service: 'command',
    auth: 'required',
    params: ConnectionRequestParams,
    body: null,
    status: 200,
    response: MessageResponse,
    summary: 'Beyond the spec: the requester takes back a request that is still pending.',
  }),
  removeConnection: defineRoute({
    method: 'DELETE',
    path: '/users/connections/:connectionId',
    service: 'command',
    auth: 'required',
    params: ConnectionIdParams,
    body: null,
    status: 200,
    response: MessageResponse,
    summary: 'Removes an accepted connection (either side may).',
  }),
} as const;
