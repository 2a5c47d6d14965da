import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { streamTypes } from '@careers/contracts/topics';
import { Consumer } from '@platformatic/kafka';
import pg from 'pg';
import { baseEnv, loadConfig, PASSWORD_SCRYPT_LOG_N_FLOOR } from './config.ts';
import {
  createIdempotentProducer,
  createKafka,
  ensureTopics,
  type KafkaSettings,
  type TextProducer,
  topicName,
} from './kafka.ts';
import { createLogger } from './logger.ts';
import { createRedis } from './redis.ts';
import { claimSchemaSlot, deleteSearchIndexes } from './test-schemas.ts';

/**
 * Isolation for one integration-test file: its own Postgres schemas (a set it alone holds, found
 * empty and left empty for the next file: test-schemas.ts), Redis key prefix and Kafka topic prefix,
 * so files run in parallel against the one local stack.
 */
export interface TestNamespace {
  id: string;
  commandEnv: NodeJS.ProcessEnv;
  queryEnv: NodeJS.ProcessEnv;
  gatewayEnv: NodeJS.ProcessEnv;
  cleanup(): Promise<void>;
}

/**
 * Notes a process a test started in a process group of its own (`detached`), in the file named by
 * CAREERS_TEST_PIDS when set: npm test's exit trap stops those groups when the run is cut short (a
 * failed check, Ctrl-C) before the tests could stop them (scripts/test.sh).
 */
export function recordTestProcess(pid: number | undefined): void {
  const file = process.env.CAREERS_TEST_PIDS;
  if (file && pid) appendFileSync(file, `${pid}\n`);
}

export interface TestNamespaceOptions {
  /**
   * Schemas of its own, made by its services and dropped at its end, instead of a set used again from
   * file to file (test-schemas.ts): for a file that changes their tables or expects them not to exist.
   */
  freshSchemas?: boolean;
}

export function testNamespace(name: string, options: TestNamespaceOptions = {}): TestNamespace {
  const id = `${name
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 20)}_${randomBytes(4).toString('hex')}`;
  const shared = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    PORT: '0',
    PROJECTOR_PORT: '0',
    REDIS_KEY_PREFIX: `t:${id}:`,
    KAFKA_TOPIC_PREFIX: `t.${id}.`,
    KAFKA_TOPIC_PARTITIONS: '2',
    RELAY_POLL_MS: '100',
    DATABASE_POOL_SIZE: '4',
    // Every test that reaches a handler also checks its answer against the route table.
    CHECK_RESPONSES: 'true',
  };
  const slot = options.freshSchemas ? undefined : claimSchemaSlot();
  const commandSchema = slot?.command ?? `t_${id}_cmd`;
  const readSchema = slot?.read ?? `t_${id}_read`;
  const vaultSchema = slot?.vault ?? `t_${id}_vault`;
  // The person-key vault too, so a test that deletes an account erases nothing of another file's.
  Object.assign(shared, { VAULT_SCHEMA: vaultSchema });
  return {
    id,
    // The lowest scrypt cost the config allows, and only in the tests (2^10, about 3 ms a hash here
    // where 2^14 took 51 ms and npm test hashes over a thousand passwords): the same code path. Tests
    // register many people from one loopback address, so the per-IP registration limit is lifted; and
    // script people faster than anyone clicks, so the per-user limits are raised (still checked) and
    // bursts of sign-ups queue for a hashing slot rather than being told the server is busy.
    commandEnv: {
      ...shared,
      DB_SCHEMA: commandSchema,
      PASSWORD_SCRYPT_LOG_N: '10',
      REGISTER_MAX_PER_IP: '100000',
      RATE_LIMIT_FACTOR: '1000',
      PASSWORD_HASH_QUEUE: '10000',
    },
    queryEnv: { ...shared, DB_SCHEMA: readSchema },
    gatewayEnv: shared,
    async cleanup() {
      const config = loadConfig(baseEnv, shared);
      const client = new pg.Client({ connectionString: config.DATABASE_URL });
      await client.connect();
      try {
        // Before the slot is freed: the next holder of its read schema makes indexes of that name.
        await deleteSearchIndexes(readSchema);
        if (slot) await slot.release(client);
        else {
          await client.query(`DROP SCHEMA IF EXISTS "${commandSchema}" CASCADE`);
          await client.query(`DROP SCHEMA IF EXISTS "${readSchema}" CASCADE`);
          await client.query(`DROP SCHEMA IF EXISTS "${vaultSchema}" CASCADE`);
        }
      } finally {
        await client.end();
      }
      const redis = createRedis(config.REDIS_URL, '');
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `t:${id}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
      const admin = testKafka(config.KAFKA_BROKERS).admin();
      try {
        const existing = new Set(await admin.listTopics());
        const mine = streamTypes.map((t) => topicName(shared, t)).filter((t) => existing.has(t));
        if (mine.length > 0) await admin.deleteTopics({ topics: mine }).catch(() => {});
      } finally {
        await admin.close().catch(() => {});
      }
    },
  };
}

/** Polls until `check` returns a value that is not undefined/false, or fails after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface ReadMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: Buffer | null;
  headers: Record<string, string>;
}

/**
 * Reads a topic from the beginning with an independent consumer group (as an analytics consumer would)
 * until `done(messages)` is true.
 */
export async function readTopicUntil(
  brokers: string[],
  topic: string,
  done: (messages: ReadMessage[]) => boolean,
  timeoutMs = 20_000,
): Promise<ReadMessage[]> {
  const kafka = testKafka(brokers);
  const admin = kafka.admin();
  try {
    await waitUntil(
      `topic ${topic} to exist`,
      async () => (await admin.listTopics()).includes(topic),
      timeoutMs,
    );
  } finally {
    await admin.close().catch(() => {});
  }
  const consumer = new Consumer({
    ...kafka.options(),
    groupId: `test-reader-${randomBytes(6).toString('hex')}`,
    maxWaitTime: 50,
  });
  const messages: ReadMessage[] = [];
  try {
    const stream = await consumer.consume({ topics: [topic], mode: 'earliest', autocommit: false });
    stream.on('data', (message) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of message.headers) headers[name.toString()] = value.toString();
      messages.push({
        topic: message.topic,
        partition: message.partition,
        offset: message.offset.toString(),
        key: message.key?.toString() ?? null,
        value: message.value ?? null,
        headers,
      });
    });
    await waitUntil(`messages on ${topic}`, () => done(messages), timeoutMs);
    return messages;
  } finally {
    await consumer.close(true).catch(() => {});
  }
}

/** A Kafka client of the tests' own (no connect overrides; quiet). */
function testKafka(brokers: string[]) {
  return createKafka({ KAFKA_BROKERS: brokers }, 'test-client', createLogger('test-kafka', 'silent'));
}

/** GET `url`; the status and the JSON body (health and readiness answers). */
export async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Starts a service without waiting for it to be started (its dependencies may be away): `url`
 * resolves as soon as it listens, `started` once it is started; `stop()` gives up the start or closes
 * what started.
 */
export function startInBackground<T extends { close(): Promise<void> }>(
  start: (options: { onListening: (url: string) => void; signal: AbortSignal }) => Promise<T>,
): { url: Promise<string>; started: Promise<T>; stop(): Promise<void> } {
  const controller = new AbortController();
  let listening!: (url: string) => void;
  const url = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const started = start({ onListening: listening, signal: controller.signal });
  started.catch(() => {});
  return {
    url,
    started,
    async stop() {
      controller.abort();
      await started.then((service) => service.close()).catch(() => {});
    },
  };
}

/** The namespace's topics, created, and a producer to put events on them as the relay would. */
export async function topicProducer(env: NodeJS.ProcessEnv): Promise<TextProducer> {
  const config = loadConfig(baseEnv, env);
  const kafka = testKafka(config.KAFKA_BROKERS);
  await ensureTopics(
    kafka,
    config,
    streamTypes.map((type) => topicName(config, type)),
  );
  return createIdempotentProducer(kafka);
}

/**
 * Publishes a ConnectionRequested for `recipientId` straight to the connection topic, as the relay
 * would, and resolves to its connection id: the gateway pushes it to the recipient's room. Each is a
 * new connection, so a new key (and maybe another partition) each time.
 */
export async function publishConnectionRequest(
  producer: TextProducer,
  settings: Pick<KafkaSettings, 'KAFKA_TOPIC_PREFIX'>,
  recipientId: string,
): Promise<string> {
  const connectionId = randomUUID();
  const at = new Date().toISOString();
  await producer.send({
    messages: [
      {
        topic: topicName(settings, 'connection'),
        key: connectionId,
        value: JSON.stringify({
          id: randomUUID(),
          type: 'ConnectionRequested',
          schemaVersion: 1,
          streamType: 'connection',
          streamId: connectionId,
          streamVersion: 1,
          position: 1,
          occurredAt: at,
          actorId: null,
          correlationId: randomUUID(),
          causationId: null,
          data: { connectionId, requesterId: randomUUID(), recipientId, requestedAt: at },
        }),
      },
    ],
  });
  return connectionId;
}

/** A loopback port nothing listens on right now (the system picks it; it is free until someone binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Below Linux's default ephemeral range (32768-60999), where `freePort` and outgoing connections get theirs. */
const QUIET_PORTS = { from: 20_000, to: 32_767 };

/**
 * A free port outside the range the OS hands out for port 0 and for outgoing connections, picked at
 * random. For a process that is killed and started again on its port (the fault suite): while it is
 * down, another test's `freePort` or a client's outgoing connection elsewhere cannot take the port,
 * as they could one from `freePort`.
 */
export async function quietPort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = QUIET_PORTS.from + Math.floor(Math.random() * (QUIET_PORTS.to - QUIET_PORTS.from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${QUIET_PORTS.from}-${QUIET_PORTS.to}`);
}

/**
 * For tools that run the services as a deployment would (the bench, the fault suite): turns a test
 * namespace's environment into a production one, without the test-only settings, with a pool size and
 * secrets of the run's own. Production refuses to start without the secrets; one pair per run, shared
 * by every service as in a deployment.
 */
export function productionEnvironment(options: { logLevel: string; origin: string; poolSize: number }) {
  const secrets = {
    CONSISTENCY_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    PERSONAL_DATA_SECRET: randomBytes(32).toString('base64url'),
    EDGE_SECRET: randomBytes(32).toString('base64url'),
    UNSUBSCRIBE_SECRET: randomBytes(32).toString('base64url'),
  };
  return (env: NodeJS.ProcessEnv, port?: number): NodeJS.ProcessEnv => {
    const {
      DATABASE_POOL_SIZE: _,
      KAFKA_TOPIC_PARTITIONS: __,
      RELAY_POLL_MS: ___,
      CHECK_RESPONSES: ____,
      ...rest
    } = env;
    return {
      ...rest,
      NODE_ENV: 'production',
      LOG_LEVEL: options.logLevel,
      ALLOWED_ORIGINS: options.origin,
      DATABASE_POOL_SIZE: String(options.poolSize),
      // The tests' 2^10 is refused outside them: the lowest cost production takes.
      PASSWORD_SCRYPT_LOG_N: String(PASSWORD_SCRYPT_LOG_N_FLOOR),
      ...secrets,
      ...(port === undefined ? {} : { PORT: String(port) }),
    };
  };
}
