import { randomUUID } from 'node:crypto';
import {
  type DomainEventType,
  domainEvents,
  type EventDataInput,
  sealEventData,
} from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import {
  createLogger,
  createPool,
  createRedis,
  ident,
  loadConfig,
  migrateVault,
  PersonalDataVault,
  type PoolClient,
  queryServiceEnv,
  sealWith,
  withTransaction,
} from '@careers/service-kit';
import { createKafka } from '@careers/service-kit/kafka';
import { type TestNamespaceOptions, testNamespace } from '@careers/service-kit/testing';
import { migrateReadSchema } from '../migrate.ts';
import type { Projector } from './projector.ts';
import { projectors, readModelVersions } from './registry.ts';
import { ProjectorRunner, type RawMessage } from './runner.ts';

/**
 * The version `event` writes a type at, its fields in plain: version 1, as it travelled before any
 * field was sealed; or, for a type whose version 1 already sealed a field (PostEdited), the current
 * version, the one version that reads such a field in plain.
 */
function plainVersionOf(type: DomainEventType): number {
  const definition = domainEvents[type] as {
    schemaVersion: number;
    previousVersions?: readonly { schemaVersion: number; sealed?: readonly string[] }[];
  };
  const first = definition.previousVersions?.find((v) => v.schemaVersion === 1);
  return (first?.sealed?.length ?? 0) > 0 ? definition.schemaVersion : 1;
}

/** Builds envelopes and Kafka-like messages for projector tests (positions and offsets count up). */
export function testMessages() {
  let position = 0;
  let offset = 0;
  function envelope(
    streamType: EventEnvelope['streamType'],
    streamId: string,
    streamVersion: number,
    type: string,
    data: object,
  ): EventEnvelope {
    return {
      id: randomUUID(),
      type,
      schemaVersion: 1,
      streamType,
      streamId,
      streamVersion,
      position: ++position,
      occurredAt: new Date().toISOString(),
      actorId: null,
      correlationId: randomUUID(),
      causationId: null,
      data,
    };
  }
  /** An envelope whose data is typed by the event catalogue, so a test breaks when an event's schema changes. */
  function event<T extends DomainEventType>(
    type: T,
    streamId: string,
    streamVersion: number,
    data: EventDataInput<T>,
  ): EventEnvelope {
    return {
      ...envelope(domainEvents[type].streamType, streamId, streamVersion, type, data),
      schemaVersion: plainVersionOf(type),
    };
  }
  /** A person registering: every read model that shows people keeps their names and pictures from it. */
  function registered(userId: string, firstName: string, lastName = 'Tester'): EventEnvelope {
    return envelope('user', userId, 1, 'UserRegistered', {
      userId,
      firstName,
      lastName,
      email: `${userId}@example.com`,
      accountType: 'job_seeker',
      registeredAt: '2026-01-01T08:00:00.000Z',
    } satisfies EventDataInput<'UserRegistered'>);
  }
  return {
    envelope,
    event,
    /**
     * An envelope at its type's current version, its fields in plain (as a current version's sealed
     * fields may travel): for fields version 1 did not have, such as PostCreated's `images`.
     */
    current<T extends DomainEventType>(
      type: T,
      streamId: string,
      streamVersion: number,
      data: EventDataInput<T>,
    ): EventEnvelope {
      return {
        ...envelope(domainEvents[type].streamType, streamId, streamVersion, type, data),
        schemaVersion: domainEvents[type].schemaVersion,
      };
    },
    registered,
    /**
     * One person's stream from their registration: `next` makes their next event, at the stream's next
     * version, and keeps it in `events`.
     */
    personStream(userId: string, firstName: string) {
      const events: EventEnvelope[] = [registered(userId, firstName)];
      return {
        events,
        next<T extends DomainEventType>(type: T, data: EventDataInput<T>): EventEnvelope {
          const next = event(type, userId, events.length + 1, data);
          events.push(next);
          return next;
        },
      };
    },
    message(value: unknown): RawMessage {
      return {
        topic: 't',
        partition: 0,
        offset: String(offset++),
        value: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
      };
    },
  };
}

/**
 * The transaction, with each `TRUNCATE a, b` the resets send run as `DELETE FROM a; DELETE FROM b`:
 * the same rows gone, without new files for every table and index. On the testbeds' few rows a
 * TRUNCATE cost about 5 ms of Postgres a table, over a thousand times a run (the most expensive
 * statement of npm test). The caller turns triggers off around it, as TRUNCATE fires none of theirs.
 * The resets' own TRUNCATE runs in the rebuild tests (rebuild.ts).
 */
function truncatesAsDeletes(tx: PoolClient): PoolClient {
  const asDeletes = (sql: string) => {
    const list = /^\s*TRUNCATE\s+(?:TABLE\s+)?([^;]*?)\s*;?\s*$/is.exec(sql)?.[1];
    if (!list || /\b(RESTART|CASCADE)\b/i.test(list)) return sql;
    return list
      .split(',')
      .map((table) => `DELETE FROM ${table.trim()}`)
      .join(';\n');
  };
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'query') {
        return (text: unknown, ...rest: unknown[]) =>
          Reflect.apply(target.query, target, [typeof text === 'string' ? asDeletes(text) : text, ...rest]);
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** How many events an `eventByEvent` testbed's `rebuildFrom` applies in one transaction. */
export const REFERENCE_EVENTS_PER_TRANSACTION = 25;

/**
 * A projector runner on its own read schema and Redis prefix, for projector tests without Kafka traffic.
 * `eventByEvent` gives it the projectors without their batch path, every event applied on its own (what
 * a batch must be equal to).
 */
export async function projectorTestbed(
  name: string,
  options: { eventByEvent?: boolean } & TestNamespaceOptions = {},
) {
  const ns = testNamespace(name, { freshSchemas: options.freshSchemas });
  const config = loadConfig(queryServiceEnv, ns.queryEnv);
  const log = createLogger('test', 'silent');
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const pool = createPool(config.DATABASE_URL, 4, 'test');
  await migrateReadSchema(pool, config.DB_SCHEMA);
  await migrateVault(pool, config.VAULT_SCHEMA);
  const vault = PersonalDataVault.fromConfig(config);
  const runnerOf = (only: readonly Projector[]) =>
    new ProjectorRunner({
      vault,
      pool,
      schema: config.DB_SCHEMA,
      redis,
      kafka: createKafka(config, 'test', log),
      kafkaSettings: config,
      log,
      projectors: only,
      versions: readModelVersions,
    });
  const runner = runnerOf(
    options.eventByEvent
      ? projectors.map(({ batched: _batched, applyBatch: _applyBatch, ...projector }) => projector)
      : projectors,
  );
  const messages = testMessages();
  return {
    config,
    pool,
    redis,
    runner,
    /** Another runner on these read models with only `only` (in a rebuild, each keeps its own checkpoints). */
    runnerOf,
    /**
     * The event as the write side writes it today: its type's current version, personal fields sealed
     * with its subject's key from this bed's vault. `testMessages` makes version 1 events, whose fields
     * are frozen as they were: a field added since (ApplicationSubmitted's `job`) travels in this one.
     */
    async sealed(e: EventEnvelope): Promise<EventEnvelope> {
      const type = e.type as DomainEventType;
      const definition = domainEvents[type] as { schemaVersion: number; personalData?: { subject: string } };
      const subjectField = definition.personalData?.subject;
      if (!subjectField) return e;
      const key = await vault.keyFor(pool, String((e.data as Record<string, unknown>)[subjectField]));
      return {
        ...e,
        schemaVersion: definition.schemaVersion,
        data: sealEventData(type, e.data, (id, json) => sealWith(key, id, json)) as EventEnvelope['data'],
      };
    },
    vault,
    schema: ident(config.DB_SCHEMA),
    ...messages,
    /**
     * A rebuild without Kafka: every read model and checkpoint cleared as `rebuildProjections` clears
     * them, then `events` applied again from the first, one batch each (as replay batches may split).
     * Without the batch path (`eventByEvent`) the events go 25 to a transaction: the runner still hands
     * them to `apply` one by one, in order, on the same connection, so each sees what those before it
     * wrote; a projector's Redis is the transaction's MULTI, which it can write to but not read. A batch
     * test's reference so costs about 40% less than with a transaction per event. `perBatch` cuts
     * the events into batches of that many instead, as a rebuild's replay does.
     */
    async rebuildFrom(events: readonly EventEnvelope[], perBatch?: number) {
      const s = ident(config.DB_SCHEMA);
      await withTransaction(pool, async (tx) => {
        await tx.query("SET LOCAL session_replication_role = 'replica'");
        const deleting = truncatesAsDeletes(tx);
        for (const projector of projectors)
          await projector.reset({ tx: deleting, schema: s, redis, search: runner.search });
        await deleting.query(`TRUNCATE ${s}.stream_checkpoints, ${s}.dead_letters`);
        await tx.query("SET LOCAL session_replication_role = 'origin'");
      });
      const size = perBatch ?? (options.eventByEvent ? REFERENCE_EVENTS_PER_TRANSACTION : 1);
      for (let i = 0; i < events.length; i += size) {
        await runner.applyMessages(events.slice(i, i + size).map((event) => messages.message(event)));
      }
    },
    async close() {
      redis.disconnect();
      await pool.end();
      await ns.cleanup();
    },
  };
}
