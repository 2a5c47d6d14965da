import { createServer, type Server as HttpServer } from 'node:http';
import { parseDomainEvent } from '@careers/contracts/events/catalogue';
import { globalMessages, requestMessages } from '@careers/contracts/messages';
import {
  type ClientToServerEvents,
  clientEvents,
  PostSubscriptionPayload,
  rooms,
  type ServerToClientEvents,
  SOCKET_MAX_MESSAGE_BYTES,
} from '@careers/contracts/sockets';
import { streamTypes } from '@careers/contracts/topics';
import {
  type Consumer,
  createConsumer,
  ensureTopics,
  groupName,
  type Logger,
  type RealtimeGatewayConfig,
  type Redis,
  readSession,
  sessionIdFromCookieHeader,
  topicName,
} from '@careers/service-kit';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Kafka } from 'kafkajs';
import { Server } from 'socket.io';
import { roomsJoinedOnConnect, socketMessagesFor } from './routing.ts';

export const GATEWAY_GROUP = 'realtime-gateway';
/** A socket may watch this many posts at once (a feed page shows far fewer). */
const MAX_POST_ROOMS = 200;

interface SocketData {
  userId: string;
}

export interface GatewayDeps {
  config: RealtimeGatewayConfig;
  log: Logger;
  redis: Redis;
  kafka: Kafka;
}

export interface Gateway {
  http: HttpServer;
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  consumer: Consumer;
  /** Resolves once the Kafka consumer has joined its group (live events from then on are pushed). */
  ready: Promise<void>;
  pushed: () => number;
  close(): Promise<void>;
}

export async function createGateway(deps: GatewayDeps): Promise<Gateway> {
  const { config, log, redis, kafka } = deps;
  const http = createServer((request, response) => {
    if (request.url === '/healthz' || request.url === '/readyz') {
      const ok = request.url === '/healthz' || (redis.status === 'ready' && joined);
      response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          status: ok ? 'ok' : 'not ready',
          checks: { redis: redis.status, kafka: joined ? 'ok' : 'joining' },
        }),
      );
      return;
    }
    response
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ message: globalMessages.notFound }));
  });

  const pub = redis.duplicate();
  const sub = redis.duplicate();
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(http, {
    path: '/socket.io',
    maxHttpBufferSize: SOCKET_MAX_MESSAGE_BYTES,
    cors: { origin: config.ALLOWED_ORIGINS, credentials: true },
    // Several gateways act as one: a room emit reaches sockets on every instance.
    adapter: createAdapter(pub, sub, { key: `${config.REDIS_KEY_PREFIX}socket.io` }),
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || config.ALLOWED_ORIGINS.includes(origin));
    },
  });

  // Handshake: the same session cookie as the HTTP API.
  io.use(async (socket, next) => {
    try {
      const session = await readSession(redis, sessionIdFromCookieHeader(socket.handshake.headers.cookie));
      if (!session) return next(new Error(requestMessages.socketUnauthorized));
      socket.data.userId = session.userId;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    void socket.join(roomsJoinedOnConnect(socket.data.userId));
    const postRooms = new Set<string>();
    socket.on(clientEvents.postSubscribe, (payload) => {
      const parsed = PostSubscriptionPayload.safeParse(payload);
      if (!parsed.success) return;
      for (const postId of parsed.data.postIds) {
        if (postRooms.size >= MAX_POST_ROOMS) break;
        postRooms.add(rooms.post(postId));
        void socket.join(rooms.post(postId));
      }
    });
    socket.on(clientEvents.postUnsubscribe, (payload) => {
      const parsed = PostSubscriptionPayload.safeParse(payload);
      if (!parsed.success) return;
      for (const postId of parsed.data.postIds) {
        postRooms.delete(rooms.post(postId));
        void socket.leave(rooms.post(postId));
      }
    });
  });

  let joined = false;
  let pushed = 0;
  const topics = streamTypes.map((type) => topicName(config, type));
  await ensureTopics(kafka, config, topics);
  const consumer = createConsumer(kafka, groupName(config, GATEWAY_GROUP));
  const ready = new Promise<void>((resolve) => {
    consumer.on(consumer.events.GROUP_JOIN, () => {
      joined = true;
      resolve();
    });
  });
  await consumer.connect();
  // Live updates only: a gateway that was down does not replay history to sockets.
  await consumer.subscribe({ topics, fromBeginning: false });
  await consumer.run({
    eachMessage: async ({ message }) => {
      let event: ReturnType<typeof parseDomainEvent>;
      try {
        event = parseDomainEvent(JSON.parse(message.value?.toString('utf8') ?? 'null'));
      } catch (error) {
        log.warn({ err: error }, 'skipping a message that is not a known event');
        return;
      }
      for (const m of socketMessagesFor(event)) {
        io.to(m.room).emit(m.event, m.payload as never);
        pushed++;
      }
    },
  });

  return {
    http,
    io,
    consumer,
    ready,
    pushed: () => pushed,
    async close() {
      await consumer.disconnect();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await pub.quit().catch(() => {});
      await sub.quit().catch(() => {});
    },
  };
}
