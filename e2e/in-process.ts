/**
 * The whole backend in the test's own process, for the int tests: command-service (injected, no
 * listener), query-service and realtime-gateway on free ports, and the projector, all in the file's own
 * namespace (Postgres schemas, Redis prefix, Kafka topics). Also what those tests share on top: reads
 * that carry consistency tokens, sockets to the gateway, and a rebuild of the read models from the topics.
 */
import { randomUUID } from 'node:crypto';
import { type RunningCommandService, startCommandService } from '@careers/command-service/service';
import { TEST_ORIGIN } from '@careers/command-service/testing';
import {
  CONSISTENCY_HEADER,
  consistencyTokenSubject,
  parseConsistencyTokens,
} from '@careers/contracts/consistency';
import {
  createProjectorRuntime,
  type RunningProjector,
  startProjector,
} from '@careers/query-service/projector-service';
import { projectors } from '@careers/query-service/projectors/registry';
import { rebuildProjections } from '@careers/query-service/rebuild';
import { type RunningQueryService, startQueryService } from '@careers/query-service/service';
import { type RunningGateway, startGateway } from '@careers/realtime-gateway/service';
import {
  baseEnv,
  ConsistencyTokenSigner,
  consistencyTokenSecret,
  ident,
  loadConfig,
  readSession,
  SESSION_COOKIE,
} from '@careers/service-kit';
import { type TestNamespace, testNamespace } from '@careers/service-kit/testing';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';

export interface InProcessServices {
  ns: TestNamespace;
  command: RunningCommandService;
  query: RunningQueryService;
  gateway: RunningGateway;
  /** The query-service's listener: `http://127.0.0.1:<port>`. */
  queryUrl: string;
  /**
   * GET `path` from the query-service as the session `sid`, sending `tokens` (what was written since the
   * last read) so the reply reflects them; a stale reply fails the test.
   */
  read(
    sid: string,
    path: string,
    tokens: readonly string[],
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** A socket to the gateway as the session `sid`, once connected; disconnected by `close`. */
  openSocket(sid: string): Promise<Socket>;
  /** Every row of the query-service's `tables` ([table, ORDER BY]), without the time each was applied. */
  rows(tables: ReadonlyArray<readonly [table: string, order: string]>): Promise<Record<string, unknown[]>>;
  /** Stops the projector and rebuilds every read model from the topics, as `npm run rebuild` does. */
  rebuildFromTopics(): Promise<void>;
  /**
   * Makes `requesterId` and `recipientId` connections by appending ConnectionRequested and
   * ConnectionAccepted straight to the event log, for tests about what a connection changes rather
   * than about the connection commands; resolves to the connection, its parties and the write's
   * consistency token (`<connectionId>@<version>`, to read with).
   */
  appendConnection(
    requesterId: string,
    recipientId: string,
  ): Promise<{
    connectionId: string;
    parties: { connectionId: string; requesterId: string; recipientId: string };
    token: string;
  }>;
  close(): Promise<void>;
}

/**
 * Matches any token that names the same write as `token` (or as `<streamId>@<version>`): a push's
 * token is signed for its listener, the reply's for the writer.
 */
export function sameWrite(token: unknown): unknown {
  const [write] = parseConsistencyTokens(String(token)) ?? [];
  const subject = write ? consistencyTokenSubject(write) : String(token);
  return expect.stringMatching(
    new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[\\w-]{22}$`),
  );
}

/** Starts the services in the namespace `name` and waits until the gateway is ready. */
export async function startInProcessServices(name: string): Promise<InProcessServices> {
  const ns = testNamespace(name);
  const [command, query, startedProjector] = await Promise.all([
    startCommandService(ns.commandEnv, { listen: false }),
    startQueryService(ns.queryEnv),
    startProjector(ns.queryEnv),
  ]);
  let projector: RunningProjector | undefined = startedProjector;
  const address = query.app.server.address();
  const queryUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The gateway asks the query-service who may see a post before a socket joins its room.
  const gateway = await startGateway({ ...ns.gatewayEnv, QUERY_SERVICE_URL: queryUrl });
  await gateway.gateway.ready;
  const signer = new ConsistencyTokenSigner(consistencyTokenSecret(loadConfig(baseEnv, ns.queryEnv)));
  const sockets: Socket[] = [];

  return {
    ns,
    command,
    query,
    gateway,
    queryUrl,

    async read(sid, path, tokens) {
      // The tests pool every write's token and read as anyone; the query-service waits only for tokens
      // issued to the reader, so each is issued again to the reader (as if they had been told of it).
      const reader = await readSession(query.deps.redis, sid);
      const writes = tokens.flatMap((token) => parseConsistencyTokens(token) ?? []);
      const issued = reader ? writes.map((write) => signer.issue(write, reader.userId)) : [];
      const response = await fetch(`${queryUrl}${path}`, {
        headers: {
          cookie: `${SESSION_COOKIE}=${sid}`,
          ...(issued.length > 0 ? { [CONSISTENCY_HEADER]: issued.join(',') } : {}),
        },
      });
      expect(response.headers.get('x-consistency-stale')).toBeNull();
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },

    openSocket(sid) {
      const socket = io(`http://127.0.0.1:${gateway.port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { origin: TEST_ORIGIN, cookie: `${SESSION_COOKIE}=${sid}` },
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    },

    async rows(tables) {
      const schema = ident(ns.queryEnv.DB_SCHEMA as string);
      const rows: Record<string, unknown[]> = {};
      for (const [table, order] of tables) {
        const result = await query.deps.pool.query(`SELECT * FROM ${schema}.${table} ORDER BY ${order}`);
        rows[table] = result.rows.map((row) => ({ ...row, applied_at: undefined }));
      }
      return rows;
    },

    async rebuildFromTopics() {
      await projector?.close();
      projector = undefined;
      const runtime = await createProjectorRuntime('rebuild-test', ns.queryEnv);
      try {
        await rebuildProjections({
          pool: runtime.pool,
          redis: runtime.redis,
          kafka: runtime.kafka,
          schema: runtime.config.DB_SCHEMA,
          prefix: runtime.config.KAFKA_TOPIC_PREFIX,
          projectors,
          runner: runtime.runner,
          log: runtime.log,
        });
      } finally {
        await runtime.close();
      }
    },

    async appendConnection(requesterId, recipientId) {
      const connectionId = randomUUID();
      const at = new Date().toISOString();
      const parties = { connectionId, requesterId, recipientId };
      const { events } = await command.deps.store.execute({ actorId: requesterId }, (tx) =>
        tx.append({
          streamType: 'connection',
          streamId: connectionId,
          expectedVersion: 0,
          events: [
            { type: 'ConnectionRequested', data: { ...parties, requestedAt: at } },
            { type: 'ConnectionAccepted', data: { ...parties, respondedAt: at } },
          ],
        }),
      );
      return { connectionId, parties, token: `${connectionId}@${events.at(-1)?.streamVersion}` };
    },

    async close() {
      for (const socket of sockets) socket.disconnect();
      await Promise.allSettled([command.close(), query.close(), projector?.close(), gateway.close()]);
      await ns.cleanup();
    },
  };
}
