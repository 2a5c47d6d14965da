import { randomUUID } from 'node:crypto';
import { connectionMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import type { UserStore } from '../users/store.ts';
import {
  type ConnectionState,
  decideConnect,
  decideRemove,
  decideRespond,
  decideWithdraw,
  foldConnection,
  unrequestedConnection,
} from './decide.ts';
import type { ConnectionStore } from './store.ts';

export interface ConnectionRouteDeps extends PipelineDeps {
  connections: ConnectionStore;
  users: UserStore;
}

/** A connect: the pair's live relationship if any, else the request it would start. */
interface ConnectState {
  targetExists: boolean;
  existing: ConnectionState | null;
  /** The relationship the command records on: `existing`, or a new request. */
  connection: ConnectionState;
}

const connectionStream = (connection: ConnectionState) => ({
  type: 'connection' as const,
  id: connection.id,
  version: connection.version,
});

/** The connection aggregate's command routes, run by the pipeline. */
export function registerConnectionRoutes(deps: ConnectionRouteDeps): void {
  const { connections, users } = deps;

  registerCommand(deps, {
    route: routes.connect,
    prepare: async () => ({ connectionId: randomUUID() }),
    async load(tx, { actor, params }, { connectionId }) {
      // Three statements sent together, one wait for all: Postgres runs a connection's statements in
      // order, each on a snapshot taken when it starts, so the two reads start once the pair lock is
      // held and see a request of the pair that committed while this one waited for it. Both accounts
      // are held until the commit: a request never outlives either person's deletion.
      const [, accounts, existing] = await Promise.all([
        connections.lockPair(tx.client, actor.userId, params.id),
        users.holdExisting(tx.client, [actor.userId, params.id]),
        connections.lockLiveBetween(tx.client, actor.userId, params.id),
      ]);
      if (!accounts.has(actor.userId)) return signedOut();
      const targetExists = accounts.has(params.id);
      const connection = existing ?? unrequestedConnection(connectionId, actor.userId, params.id);
      return { targetExists, existing, connection } satisfies ConnectState;
    },
    decide: ({ targetExists, existing }, { actor, params, now }, { connectionId }) =>
      decideConnect({
        actorId: actor.userId,
        targetId: params.id,
        targetExists,
        existing,
        connectionId,
        now,
      }),
    stream: ({ connection }) => connectionStream(connection),
    evolve: (state, events) => ({ ...state, connection: foldConnection(state.connection, events) }),
    saveAlong: ({ connection }) => connections.write(connection),
    // Asking someone who had already asked answers their request: the reply says so.
    respond: ({ connection }) =>
      connection.status === 'accepted'
        ? {
            message: connectionMessages.requestAccepted,
            data: { _id: connection.id, status: 'accepted' as const },
          }
        : {
            message: connectionMessages.requestSent,
            data: { _id: connection.id, status: 'pending' as const },
          },
  });

  registerCommand(deps, {
    route: routes.respondToConnection,
    load: (tx, { params }) => connections.lock(tx.client, params.requestId),
    decide: (connection, { actor, body, now }) =>
      decideRespond({ connection, actorId: actor.userId, answer: body.status, now }),
    stream: connectionStream,
    evolve: foldConnection,
    saveAlong: (connection) => connections.write(connection),
    respond: (connection, { body, params }) => ({
      message:
        body.status === 'accepted' ? connectionMessages.requestAccepted : connectionMessages.requestDeclined,
      data: { _id: connection?.id ?? params.requestId, status: body.status },
    }),
  });

  registerCommand(deps, {
    route: routes.withdrawConnectionRequest,
    load: (tx, { params }) => connections.lock(tx.client, params.requestId),
    decide: (connection, { actor, now }) => decideWithdraw({ connection, actorId: actor.userId, now }),
    stream: connectionStream,
    evolve: foldConnection,
    saveAlong: (connection) => connections.write(connection),
    respond: () => ({ message: connectionMessages.requestWithdrawn }),
  });

  registerCommand(deps, {
    route: routes.removeConnection,
    load: (tx, { params }) => connections.lock(tx.client, params.connectionId),
    decide: (connection, { actor, now }) => decideRemove({ connection, actorId: actor.userId, now }),
    stream: connectionStream,
    evolve: foldConnection,
    saveAlong: (connection) => connections.write(connection),
    respond: () => ({ message: connectionMessages.removed }),
  });
}
