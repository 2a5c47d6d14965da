import { createServer, type Server as HttpServer } from 'node:http';
import { parseConsistencyTokens } from '@careers/contracts/consistency';
import { parseDomainEvent } from '@careers/contracts/events/catalogue';
import { globalMessages, requestMessages } from '@careers/contracts/messages';
import {
  type ClientToServerEvents,
  clientEvents,
  PostSubscriptionPayload,
  rooms,
  type ServerToClientEvents,
  SOCKET_MAX_MESSAGE_BYTES,
  serverEvents,
  TypingPayload,
} from '@careers/contracts/sockets';
import {
  answerHealth,
  ConsistencyTokenSigner,
  consistencyTokenSecret,
  duplicateRedis,
  type Logger,
  type RealtimeGatewayConfig,
  type Redis,
  readSession,
  Startup,
  sessionExpiresInMs,
  sessionIdFromCookieHeader,
  sessionRef,
  watchEndedSessions,
} from '@careers/service-kit';
import { GroupConsumer } from '@careers/service-kit/group-consumer';
import {
  EAGER_FETCH_MAX_WAIT_MS,
  EAGER_FETCH_MIN_BYTES,
  ensureTopics,
  IntervalOffsetCommitter,
  type Kafka,
  processGroupId,
  processGroupPrefix,
  topicName,
  withAdmin,
} from '@careers/service-kit/kafka';
import { watchNotificationPushes } from '@careers/service-kit/notification-pushes';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import { CheckBudget } from './check-budget.ts';
import { PostAccessCheck } from './post-access.ts';
import { PushCoalescer } from './push-coalescer.ts';
import { QueryServiceClient } from './query-service.ts';
import {
  accessRevokedBy,
  notificationMessageFor,
  pushedStreamTypes,
  roomsJoinedOnConnect,
  type SocketMessage,
  socketMessagesFor,
} from './routing.ts';
import { TypingAccessCheck, typingLimiter } from './typing.ts';

export const GATEWAY_GROUP = 'realtime-gateway';

/*
 * Each gateway process reads every partition of the pushed topics in a consumer group of its own
 * (`processGroupId`). Nothing is shared, so a gateway that dies holds up no other, and a new one joins
 * a group that has no dead member to wait for: the group's session timeout is no part of healing.
 * Within a process the group keeps its offsets, so a consumer started again (Kafka away) resumes where
 * it was; a new process starts at the first event written after it started (its sockets read again on
 * connecting), not at those written before.
 */

/**
 * Deletes the groups of gateways gone (no member left), except `own`: their offsets would otherwise
 * stay with the broker for its offset retention, one group for every gateway that ever started. A
 * group whose member died is left until its session ends, and deleted by the next gateway to join.
 * So is the one group the gateways of earlier releases shared (the prefix without its dot), once empty.
 */
async function deleteGoneGatewayGroups(kafka: Kafka, prefix: string, own: string, log: Logger) {
  await withAdmin(kafka, async (admin) => {
    const shared = prefix.slice(0, -1);
    const mine = [...(await admin.listGroups()).keys()].filter(
      (id) => (id.startsWith(prefix) || id === shared) && id !== own,
    );
    if (mine.length === 0) return;
    const gone = [...(await admin.describeGroups({ groups: mine })).values()]
      .filter((g) => /^(empty|dead)$/i.test(g.state))
      .map((g) => g.id);
    if (gone.length > 0) {
      await admin.deleteGroups({ groups: gone });
      log.info({ groups: gone.length }, 'deleted the consumer groups of gateways gone');
    }
  });
}
/** A socket may watch this many posts at once (a feed page shows far fewer). */
const MAX_POST_ROOMS = 200;
/** And one person, across their sockets on a gateway (several tabs, each a feed). */
const MAX_POST_ROOMS_PER_PERSON = 600;
/** Post access questions one person may cause: a burst, then this many a second (CheckBudget). */
const ACCESS_CHECK_BURST = 300;
const ACCESS_CHECKS_PER_SECOND = 30;
/** Post access questions in flight for one subscription. */
const ACCESS_CHECKS_AT_ONCE = 8;
/**
 * How often every open socket's session is looked up again: the backstop for an ended-session
 * announcement missed while Redis was unreachable (announcements are not replayed).
 */
const SESSION_SWEEP_MS = 30_000;
/** setTimeout's ceiling (about 24.8 days); a longer session is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * A post room hears at most one count update per window (the newest): a post liked 100 times a second
 * by a thousand watchers costs a thousand socket writes per window (40,000 a second), not per like. A
 * lone update waits for no window; one that comes inside a window waits at most its length, which is
 * spent from the 100 ms a like may take to reach every watcher (the usual 80-100 ms windows would spend
 * all of it).
 */
const COUNT_PUSH_WINDOW_MS = 25;
/**
 * How often the gateway commits how far it read. Committed after every batch, an eager consumer sent
 * the broker one offset commit, a write to its offsets log, for
 * nearly every event. Offsets only decide where the gateway's consumer resumes when it is started
 * again within the process (Kafka away): at worst it pushes the last second's events again, each
 * carrying its own count and token.
 */
const OFFSET_COMMIT_INTERVAL_MS = 1000;

interface SocketData {
  userId: string;
  /** The session id from the cookie: every client event checks it is still a live session. */
  sessionId: string;
  /** Its SHA-256, as ended-session announcements name it. */
  sessionRef: string;
  /** Checks the socket's post rooms again after `token`'s change, leaving those no longer shown. */
  recheckPostRooms?: (token: string) => Promise<void>;
}

/**
 * What gateways of earlier releases told the others, which shared one consumer group: heard during a
 * rolling update from such a gateway, and delivered to this one's sockets. Gateways of this release
 * read every event themselves (`processGroupId`) and tell the others nothing.
 */
interface InterServerEvents {
  /** One consumed batch's pushes (after coalescing). */
  pushes: (messages: SocketMessage[]) => void;
  /** One push. */
  push: (message: SocketMessage) => void;
  /** People whose post rooms are checked again (`accessRevokedBy`), with the change's token. */
  recheck: (revoked: { userIds: string[]; consistencyToken: string }) => void;
}

type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface GatewayDeps {
  config: RealtimeGatewayConfig;
  log: Logger;
  redis: Redis;
  kafka: Kafka;
}

export interface Gateway {
  http: HttpServer;
  io: GatewayServer;
  /** The Kafka consumer, started again after every crash until the gateway closes. */
  consumer: GroupConsumer;
  /** Resolves once Redis answers and the gateway hears sessions end and notifications announced. */
  started: Promise<void>;
  /** Resolves once the Kafka consumer has joined its group (live events from then on are pushed). */
  ready: Promise<void>;
  pushed: () => number;
  close(): Promise<void>;
}

/**
 * Builds the gateway without waiting for its dependencies: the HTTP server can listen at once and
 * answer `/healthz`, and `/readyz` (503 naming Redis or Kafka until both are there). Redis is retried
 * until it answers (`started`); the Kafka consumer is supervised, so Kafka away at start or later
 * only delays pushes until the consumer joins its group again (`ready` is the first join).
 */
export async function createGateway(deps: GatewayDeps): Promise<Gateway> {
  const { config, log, redis, kafka } = deps;
  const startup = new Startup(log);
  const signer = new ConsistencyTokenSigner(consistencyTokenSecret(config));
  // One client for both checks: a query-service copy found down rests for both at once.
  const queryService = new QueryServiceClient(config.QUERY_SERVICE_URL);
  const postAccess = new PostAccessCheck(queryService, (error, postId) =>
    log.warn({ err: error, postId }, 'could not check who may see a post; its room stays closed'),
  );
  const typingAccess = new TypingAccessCheck(queryService, (error, conversationId) =>
    log.warn({ err: error, conversationId }, 'could not check a typing note; it is dropped'),
  );
  const healthChecks = {
    redis: async () => {
      if (redis.status !== 'ready') throw new Error(redis.status);
    },
    kafka: async () => {
      if (!consumer.joined) throw new Error(consumer.state);
    },
  };
  const http = createServer((request, response) => {
    if (answerHealth(request, response, healthChecks, startup)) return;
    response
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ message: globalMessages.notFound }));
  });

  const pub = duplicateRedis(redis);
  const sub = duplicateRedis(redis);
  const io: GatewayServer = new Server(http, {
    path: '/socket.io',
    maxHttpBufferSize: SOCKET_MAX_MESSAGE_BYTES,
    cors: { origin: config.ALLOWED_ORIGINS, credentials: true },
    // Several gateways act as one: a push consumed by one reaches sockets on every instance.
    adapter: createAdapter(pub, sub, { key: `${config.REDIS_KEY_PREFIX}socket.io` }),
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || config.ALLOWED_ORIGINS.includes(origin));
    },
  });

  /** This gateway's open sockets by session ref: for the cap, and to close a session's sockets. */
  const socketsBySession = new Map<string, Set<GatewaySocket>>();
  /** Post rooms held per person across their sockets here (MAX_POST_ROOMS_PER_PERSON). */
  const postRoomsByUser = new Map<string, number>();
  const checkBudget = new CheckBudget({ burst: ACCESS_CHECK_BURST, perSecond: ACCESS_CHECKS_PER_SECOND });
  const endSessions = (refs: Iterable<string>) => {
    for (const ref of refs) {
      for (const socket of socketsBySession.get(ref) ?? []) socket.disconnect(true);
    }
  };

  // Handshake: the same session cookie as the HTTP API, and at most so many sockets per session.
  io.use(async (socket, next) => {
    try {
      const sessionId = sessionIdFromCookieHeader(socket.handshake.headers.cookie);
      const session = sessionId ? await readSession(redis, sessionId) : null;
      if (!session || !sessionId) return next(new Error(requestMessages.socketUnauthorized));
      const ref = sessionRef(sessionId);
      if ((socketsBySession.get(ref)?.size ?? 0) >= config.MAX_SOCKETS_PER_SESSION) {
        return next(new Error(requestMessages.tooManySockets));
      }
      socket.data = { userId: session.userId, sessionId, sessionRef: ref };
      next();
    } catch (error) {
      log.error({ err: error }, 'socket handshake failed');
      next(new Error(requestMessages.serviceUnavailable));
    }
  });

  io.on('connection', (socket) => {
    const { userId, sessionId, sessionRef: ref } = socket.data;
    const sessionSockets = socketsBySession.get(ref) ?? new Set();
    sessionSockets.add(socket);
    socketsBySession.set(ref, sessionSockets);

    // The session's own end: look again when its time is up (a sign-out is announced sooner).
    let expiry: NodeJS.Timeout | undefined;
    const watchExpiry = async () => {
      const left = await sessionExpiresInMs(redis, sessionId).catch(() => 1000);
      if (!socket.connected) return;
      if (left <= 0) {
        socket.disconnect(true);
        return;
      }
      expiry = setTimeout(() => void watchExpiry(), Math.min(left + 50, MAX_TIMER_MS));
      expiry.unref();
    };
    void watchExpiry();

    // Every client event is checked against the session first: one ended meanwhile gets no answer.
    socket.use((_packet, next) => {
      readSession(redis, sessionId).then(
        (session) => {
          if (session?.userId === userId) return next();
          socket.disconnect(true);
        },
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    socket.on('error', () => {
      // A failed session lookup drops that one event; the socket stays (the sweep still checks it).
    });

    void socket.join(roomsJoinedOnConnect(userId));
    const postRooms = new Set<string>();
    const roomsOfPerson = (delta: number) => {
      const held = (postRoomsByUser.get(userId) ?? 0) + delta;
      if (held > 0) postRoomsByUser.set(userId, held);
      else postRoomsByUser.delete(userId);
      return held;
    };
    // Subscriptions are handled one at a time and in order, so a quick unsubscribe is not undone by
    // the access check of an earlier subscribe finishing after it.
    let queue: Promise<void> = Promise.resolve();
    const inOrder = (work: () => Promise<void>) => {
      queue = queue
        .then(work)
        .catch((error: unknown) => log.warn({ err: error }, 'post subscription failed'));
    };

    socket.on(clientEvents.postSubscribe, (payload, ack) => {
      inOrder(async () => {
        const parsed = PostSubscriptionPayload.safeParse(payload);
        if (!parsed.success) return;
        const wanted = [...new Set(parsed.data.postIds)].filter((id) => !postRooms.has(rooms.post(id)));
        const room = Math.max(
          0,
          Math.min(MAX_POST_ROOMS - postRooms.size, MAX_POST_ROOMS_PER_PERSON - roomsOfPerson(0)),
        );
        // Only as many questions as the person's budget holds: a flood is answered, not worked on.
        const fits = wanted.slice(0, room);
        const questions = fits.filter((id) => !postAccess.knownPublic(id)).length;
        const granted = questions === 0 ? 0 : checkBudget.take(userId, questions);
        let left = granted;
        const asked = fits.filter((id) => postAccess.knownPublic(id) || left-- > 0);
        const refused = wanted.length > asked.length;
        const answers = await inBatches(asked, ACCESS_CHECKS_AT_ONCE, (postId) =>
          postAccess.check(sessionId, postId),
        );
        if (answers.includes('signed-out')) {
          socket.disconnect(true);
          return;
        }
        if (!socket.connected) return;
        asked.forEach((postId, i) => {
          if (answers[i] !== 'visible' || postRooms.has(rooms.post(postId))) return;
          postRooms.add(rooms.post(postId));
          roomsOfPerson(1);
          void socket.join(rooms.post(postId));
        });
        if (typeof ack === 'function') {
          ack({
            postIds: parsed.data.postIds.filter((id) => postRooms.has(rooms.post(id))),
            ...(refused ? { message: requestMessages.tooManyRequests } : {}),
          });
        }
      });
    });
    socket.on(clientEvents.postUnsubscribe, (payload) => {
      inOrder(async () => {
        const parsed = PostSubscriptionPayload.safeParse(payload);
        if (!parsed.success) return;
        for (const postId of parsed.data.postIds) {
          if (postRooms.delete(rooms.post(postId))) roomsOfPerson(-1);
          void socket.leave(rooms.post(postId));
        }
      });
    });

    // "is typing": passed to the other person's room (on every gateway) if the sender is in the
    // conversation and may write to them now (TypingAccessCheck), at most one note per socket per
    // TYPING_NOTE_EVERY_MS (the rest are dropped unchecked). Never stored, no token.
    const typingMayPass = typingLimiter();
    socket.on(clientEvents.typing, (payload) => {
      const parsed = TypingPayload.safeParse(payload);
      if (!parsed.success || !typingMayPass()) return;
      const { conversationId } = parsed.data;
      void typingAccess.check(sessionId, conversationId).then((access) => {
        if (access === 'signed-out') {
          socket.disconnect(true);
          return;
        }
        if (access === 'refused' || !socket.connected) return;
        io.to(rooms.user(access.to)).emit(serverEvents.conversationTyping, { conversationId, userId });
      });
    });

    // A post this socket watches may no longer be shown to it (a connection removed): ask again, in
    // turn with the subscriptions, and leave the rooms of those now hidden.
    socket.data.recheckPostRooms = (token) =>
      new Promise<void>((resolve) => {
        inOrder(async () => {
          const held = [...postRooms].map((room) => room.slice(rooms.post('').length));
          const subject = parseConsistencyTokens(token)?.[0];
          if (!subject) return resolve();
          const signed = signer.issue(subject, userId);
          const answers = await inBatches(held, ACCESS_CHECKS_AT_ONCE, (postId) =>
            postAccess.recheck(sessionId, postId, signed),
          );
          held.forEach((postId, i) => {
            if (answers[i] === 'visible' || !postRooms.delete(rooms.post(postId))) return;
            roomsOfPerson(-1);
            void socket.leave(rooms.post(postId));
          });
          resolve();
        });
      });

    socket.on('disconnect', () => {
      roomsOfPerson(-postRooms.size);
      postRooms.clear();
      clearTimeout(expiry);
      sessionSockets.delete(socket);
      if (sessionSockets.size === 0) socketsBySession.delete(ref);
    });
  });

  const sweep = setInterval(() => {
    void (async () => {
      const ended: string[] = [];
      await Promise.all(
        [...socketsBySession].map(async ([ref, sockets]) => {
          const first = sockets.values().next().value;
          if (first && (await sessionExpiresInMs(redis, first.data.sessionId)) <= 0) ended.push(ref);
        }),
      );
      endSessions(ended);
      checkBudget.sweep();
    })().catch((error: unknown) => log.warn({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_MS);
  sweep.unref();

  /**
   * Delivers a push to this gateway's sockets in its room, each with the consistency token issued to
   * its own user: a token works only for the person it was sent to (see ConsistencyTokenSigner).
   */
  const deliverHere = (message: SocketMessage) => {
    const members = io.of('/').adapter.rooms.get(message.room);
    if (!members || members.size === 0) return;
    if (!('consistencyToken' in message.payload)) {
      // Nothing signed for anyone (notifications:changed): the room hears the payload as it is.
      io.local.to(message.room).emit(message.event, message.payload as never);
      return;
    }
    const token = parseConsistencyTokens(message.payload.consistencyToken)?.[0];
    if (!token) return;
    const issued = new Map<string, string>();
    for (const id of members) {
      const socket = io.of('/').sockets.get(id);
      if (!socket) continue;
      const { userId } = socket.data;
      let consistencyToken = issued.get(userId);
      if (consistencyToken === undefined) {
        consistencyToken = signer.issue(token, userId);
        issued.set(userId, consistencyToken);
      }
      socket.emit(message.event, { ...message.payload, consistencyToken } as never);
    }
  };
  let pushed = 0;
  // The consumed pushes, coalesced per post room, delivered to this gateway's sockets: every gateway
  // reads every event itself. What a gateway of an earlier release sends (InterServerEvents) is
  // delivered too, each push dropped when its count is older than one the sockets already have.
  const coalescer = new PushCoalescer({
    windowMs: COUNT_PUSH_WINDOW_MS,
    send: (messages) => {
      for (const m of messages) deliverHere(m);
      pushed += messages.length;
    },
  });
  io.on('pushes', (messages) => {
    for (const m of messages) if (coalescer.admit(m)) deliverHere(m);
  });
  io.on('push', (m) => {
    if (coalescer.admit(m)) deliverHere(m);
  });
  /** This gateway's sockets of the people named check their post rooms again. */
  const recheckHere = ({ userIds, consistencyToken }: { userIds: string[]; consistencyToken: string }) => {
    for (const userId of userIds) {
      for (const id of io.of('/').adapter.rooms.get(rooms.user(userId)) ?? []) {
        const socket = io.of('/').sockets.get(id);
        void socket?.data.recheckPostRooms?.(consistencyToken);
      }
    }
  };
  io.on('recheck', recheckHere);

  const topics = pushedStreamTypes.map((type) => topicName(config, type));
  const offsets = new IntervalOffsetCommitter(OFFSET_COMMIT_INTERVAL_MS, log);
  const groupId = processGroupId(config, GATEWAY_GROUP);
  const consumer = new GroupConsumer({
    kafka,
    groupId,
    topics,
    // Live updates only: a gateway that was down does not replay history to sockets. But what was
    // written since this process started is read, not only what comes after its consumer joined: a
    // socket that connected in between, and an event it caused meanwhile, miss nothing.
    fromBeginning: false,
    startFrom: Math.floor(performance.timeOrigin),
    // A batch costs the gateway next to nothing and every push is awaited: each event as it comes.
    minBytes: EAGER_FETCH_MIN_BYTES,
    maxWaitMs: EAGER_FETCH_MAX_WAIT_MS,
    log,
    prepare: () => ensureTopics(kafka, config, topics),
    // A batch at a time: its pushes are coalesced together.
    eachBatch: async (batch, current) => {
      const messages: SocketMessage[] = [];
      for (const message of batch.messages) {
        let event: ReturnType<typeof parseDomainEvent>;
        try {
          // No `open`: pushes carry ids and counts only, so the gateway never needs (or holds) a
          // person's key; sealed fields parse to their erased stand-ins here.
          event = parseDomainEvent(JSON.parse(message.value?.toString('utf8') ?? 'null'));
        } catch (error) {
          log.warn({ err: error }, 'skipping a message that is not a known event');
          continue;
        }
        messages.push(...socketMessagesFor(event));
        const revoked = accessRevokedBy(event);
        if (revoked) recheckHere(revoked);
      }
      coalescer.add(messages);
      const last = batch.messages.at(-1);
      if (last) offsets.mark(current, batch.topic, batch.partition, last.offset);
    },
  });
  consumer.start();
  // Once this gateway reads: the tidying is no part of the start, so it does not delay the pushes.
  consumer.firstJoin
    .then(() => deleteGoneGatewayGroups(kafka, processGroupPrefix(config, GATEWAY_GROUP), groupId, log))
    .catch((error) => log.warn({ err: error }, 'the consumer groups of gateways gone were not deleted'));

  let stopWatchingSessions: (() => Promise<void>) | null = null;
  let stopWatchingNotifications: (() => Promise<void>) | null = null;
  const kafkaJoined = startup.waitFor('kafka', () => consumer.state, consumer.firstJoin);
  const redisStarted = (async () => {
    await startup.step('redis', 'ping', () => redis.ping());
    // Subscriptions right after Redis answered; each holds its own connection, which resubscribes by
    // itself after a Redis restart.
    stopWatchingSessions = await watchEndedSessions(redis, endSessions);
    // Every gateway hears the projector's announcements itself, so each delivers to its own sockets only.
    stopWatchingNotifications = await watchNotificationPushes(redis, (list) => {
      for (const push of list) {
        deliverHere(notificationMessageFor(push));
        pushed++;
      }
    });
  })();
  // Awaited by the caller and by close(); a close during start is not an unhandled rejection.
  redisStarted.catch(() => {});
  Promise.all([redisStarted, kafkaJoined]).then(
    () => startup.finish(),
    () => {},
  );

  return {
    http,
    io,
    consumer,
    started: redisStarted,
    ready: consumer.firstJoin,
    pushed: () => pushed,
    async close() {
      clearInterval(sweep);
      startup.abort();
      await offsets.flush();
      await consumer.stop();
      offsets.stop();
      // Its group ends with it (best effort: a gateway that does not get to do it leaves it to the next).
      await withAdmin(kafka, (admin) => admin.deleteGroups({ groups: [groupId] })).catch(() => {});
      coalescer.close();
      await redisStarted.catch(() => {});
      await stopWatchingSessions?.();
      await stopWatchingNotifications?.();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await pub.quit().catch(() => {});
      await sub.quit().catch(() => {});
    },
  };
}

/** `work` over `items`, at most `atOnce` at a time, answers in the items' order. */
async function inBatches<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = [];
  for (let i = 0; i < items.length; i += atOnce) {
    answers.push(...(await Promise.all(items.slice(i, i + atOnce).map(work))));
  }
  return answers;
}
