/**
 * The backbone end to end, against the real Postgres, Kafka, Redis and MinIO of the local stack:
 * append -> outbox relay -> Kafka -> projector -> query API (read-your-writes) -> socket.io push.
 */

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type RunningCommandService, startCommandService } from '@careers/command-service/service';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { Post } from '@careers/contracts/entities/post';
import { parseDomainEvent } from '@careers/contracts/events/catalogue';
import { serverEvents } from '@careers/contracts/sockets';
import { type RunningProjector, startProjector } from '@careers/query-service/projector-service';
import { type RunningQueryService, startQueryService } from '@careers/query-service/service';
import { type RunningGateway, startGateway } from '@careers/realtime-gateway/service';
import {
  baseEnv,
  ConsistencyTokenSigner,
  consistencyTokenSecret,
  createSession,
  loadConfig,
} from '@careers/service-kit';
import { topicName } from '@careers/service-kit/kafka';
import { type ReadMessage, readTopicUntil, testNamespace } from '@careers/service-kit/testing';
import { Ajv } from 'ajv';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ns = testNamespace('backbone');
let command: RunningCommandService;
let query: RunningQueryService;
let projector: RunningProjector;
let gateway: RunningGateway;
let queryUrl: string;
const sockets: Socket[] = [];

const userId = randomUUID();
const postId = randomUUID();
let sessionId: string;
/** Tokens as the services issue them (the test stack shares the development secret). */
const tokens = new ConsistencyTokenSigner(consistencyTokenSecret(loadConfig(baseEnv, ns.queryEnv)));

beforeAll(async () => {
  [command, query, projector, gateway] = await Promise.all([
    startCommandService(ns.commandEnv, { listen: false }),
    startQueryService(ns.queryEnv),
    startProjector(ns.queryEnv),
    startGateway(ns.gatewayEnv),
  ]);
  const address = query.app.server.address();
  queryUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  sessionId = await createSession(query.deps.redis, userId, 3600);
  await gateway.gateway.ready;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.allSettled([command?.close(), query?.close(), projector?.close(), gateway?.close()]);
  await ns.cleanup();
});

function connect(cookie?: string): Socket {
  const socket = io(`http://127.0.0.1:${gateway.port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin: 'http://localhost:5173', ...(cookie ? { cookie } : {}) },
  });
  sockets.push(socket);
  return socket;
}

function getPost(id: string, headers: Record<string, string> = {}) {
  return fetch(`${queryUrl}/api/posts/${id}`, { headers: { cookie: `sid=${sessionId}`, ...headers } });
}

async function appendRegistrationAndPost() {
  const at = new Date().toISOString();
  await command.deps.store.execute({ actorId: userId }, (tx) =>
    tx.append({
      streamType: 'user',
      streamId: userId,
      expectedVersion: 0,
      events: [
        {
          type: 'UserRegistered',
          data: {
            userId,
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: `ada-${userId}@example.com`,
            accountType: 'job_seeker',
            registeredAt: at,
          },
        },
      ],
    }),
  );
  const { events } = await command.deps.store.execute({ actorId: userId }, (tx) =>
    tx.append({
      streamType: 'post',
      streamId: postId,
      expectedVersion: 0,
      events: [
        {
          type: 'PostCreated',
          data: {
            postId,
            authorId: userId,
            content: 'First post through the backbone',
            type: 'text',
            category: 'Career',
            visibility: 'public',
            tags: ['launch'],
            images: [],
            createdAt: at,
          },
        },
      ],
    }),
  );
  return events;
}

describe('backbone', () => {
  let postMessages: ReadMessage[] = [];

  it('drives one event from the log to Kafka, the read model, the query API and a socket', async () => {
    const socket = connect(`sid=${sessionId}`);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const pushed = new Promise<unknown>((resolve) => socket.on(serverEvents.feedPostCreated, resolve));

    const [created] = await appendRegistrationAndPost();
    expect(created?.streamVersion).toBe(1);

    // Read-your-writes: with the token, the first read already sees the post.
    const response = await getPost(postId, {
      [CONSISTENCY_HEADER]: [postId, userId]
        .map((id) => tokens.issue({ streamId: id, streamVersion: 1 }, userId))
        .join(','),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-consistency-stale')).toBeNull();
    const body = (await response.json()) as { data: unknown };
    const post = Post.parse(body.data);
    expect(post).toMatchObject({
      _id: postId,
      content: 'First post through the backbone',
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
      tags: ['launch'],
      author: { firstName: 'Ada', lastName: 'Lovelace' },
    });

    // The socket got the push, with the token a client can refetch with.
    await expect(pushed).resolves.toEqual({
      postId,
      authorId: userId,
      consistencyToken: tokens.issue({ streamId: postId, streamVersion: 1 }, userId),
    });
  });

  it('publishes events an independent Kafka client can read and validate against the catalogue', async () => {
    postMessages = await readTopicUntil(
      query.deps.config.KAFKA_BROKERS,
      topicName(ns.queryEnv as never, 'post'),
      (m) => m.some((x) => x.key === postId),
    );
    const message = postMessages.find((m) => m.key === postId);
    expect(message?.headers['event-type']).toBe('PostCreated');
    const envelope = JSON.parse(message?.value?.toString('utf8') ?? 'null');

    // The committed document analytics consumers read, not the in-memory schemas.
    const catalogue = JSON.parse(
      readFileSync(new URL('../docs/events/catalogue.json', import.meta.url), 'utf8'),
    ) as {
      components: { messages: Record<string, { payload: object }> };
    };
    const schema = catalogue.components.messages.PostCreated?.payload;
    expect(schema).toBeDefined();
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv
      .addFormat('uuid', /^[0-9a-f-]{36}$/i)
      .addFormat('date-time', true)
      .addFormat('email', true)
      .addFormat('uri', true);
    const validate = ajv.compile(schema as object);
    expect(validate(envelope), JSON.stringify(validate.errors)).toBe(true);
    expect(parseDomainEvent(envelope).type).toBe('PostCreated');
    // The schema has teeth: a missing field or a smuggled secret fails it.
    const { content: _dropped, ...withoutContent } = envelope.data;
    expect(validate({ ...envelope, data: withoutContent })).toBe(false);
    expect(validate({ ...envelope, data: { ...envelope.data, password: 'hunter2' } })).toBe(false);
  });

  it('changes nothing when a batch is redelivered, in order or reversed', async () => {
    const userMessages = await readTopicUntil(
      query.deps.config.KAFKA_BROKERS,
      topicName(ns.queryEnv as never, 'user'),
      (m) => m.some((x) => x.key === userId),
    );
    const raw = [...userMessages, ...postMessages].map((m) => ({
      topic: m.topic,
      partition: m.partition,
      offset: m.offset,
      value: m.value,
    }));
    const snapshot = async () => {
      const s = `"${ns.queryEnv.DB_SCHEMA}"`;
      const { pool } = query.deps;
      return {
        posts: (await pool.query(`SELECT * FROM ${s}.posts ORDER BY id`)).rows,
        users: (await pool.query(`SELECT * FROM ${s}.users ORDER BY id`)).rows,
        checkpoints: (
          await pool.query(
            `SELECT stream_id, stream_version, position FROM ${s}.stream_checkpoints ORDER BY stream_id`,
          )
        ).rows,
      };
    };
    const before = await snapshot();
    expect(before.posts).toHaveLength(1);

    const again = await projector.runner.applyMessages(raw);
    expect(again).toEqual({ applied: 0, skipped: raw.length });
    const reversed = await projector.runner.applyMessages([...raw].reverse());
    expect(reversed.applied).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses reads and sockets without a session', async () => {
    const response = await fetch(`${queryUrl}/api/posts/${postId}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Please sign in to continue' });

    const socket = connect();
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
  });

  it('answers a malformed consistency token with 400', async () => {
    const response = await getPost(postId, { [CONSISTENCY_HEADER]: 'not-a-token' });
    expect(response.status).toBe(400);
  });

  it('waits about 2 s for a version that never comes, then answers with what it has', async () => {
    const started = Date.now();
    const response = await getPost(postId, {
      [CONSISTENCY_HEADER]: tokens.issue({ streamId: postId, streamVersion: 99 }, userId),
    });
    const waited = Date.now() - started;
    expect(response.status).toBe(200);
    expect(response.headers.get('x-consistency-stale')).toBe('1');
    expect(waited).toBeGreaterThanOrEqual(1900);
  });
});
