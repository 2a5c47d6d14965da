import { EventEnvelope } from '@careers/contracts/events/envelope';
import {
  commandServiceEnv,
  createLogger,
  createPool,
  ident,
  loadConfig,
  migrateVault,
  PersonalDataVault,
  type Pool,
} from '@careers/service-kit';
import { createKafka, topicName } from '@careers/service-kit/kafka';
import { readTopicUntil, testNamespace, waitUntil } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateCommandSchema } from '../migrate.ts';
import { CommandTransaction, EventStore } from './event-store.ts';
import { OutboxRelay, queuedEventsSql } from './outbox-relay.ts';
import { newId, postCreated, postLiked } from './testing.ts';

const ns = testNamespace('outbox-relay');
const config = loadConfig(commandServiceEnv, ns.commandEnv);
const log = createLogger('test', 'error');
const kafka = createKafka(config, 'relay-test', log);
const table = `${ident(config.DB_SCHEMA)}.event_log`;
const outbox = `${ident(config.DB_SCHEMA)}.event_outbox`;
/** How many of the stream's events are still queued for the relay. */
const queued = async (streamId: string) =>
  Number(
    (
      await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${outbox} o JOIN ${table} e USING (position) WHERE e.stream_id = $1`,
        [streamId],
      )
    ).rows[0]?.n,
  );
const vault = PersonalDataVault.fromConfig(config);
let pool: Pool;
let store: EventStore;
const relays: OutboxRelay[] = [];

const newRelay = () => {
  const relay = new OutboxRelay({
    databaseUrl: config.DATABASE_URL,
    schema: config.DB_SCHEMA,
    kafka,
    kafkaSettings: config,
    log,
    pollMs: 50,
  });
  relays.push(relay);
  return relay;
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
/** Every node of an EXPLAIN (FORMAT JSON) plan. */
const planNodes = (node: PlanNode | undefined): PlanNode[] =>
  node ? [node, ...(node.Plans ?? []).flatMap(planNodes)] : [];

const decode = (value: Buffer | null) => EventEnvelope.parse(JSON.parse(value?.toString('utf8') ?? 'null'));

beforeAll(async () => {
  pool = createPool(config.DATABASE_URL, 6, 'test');
  await migrateCommandSchema(pool, config.DB_SCHEMA);
  await migrateVault(pool, config.VAULT_SCHEMA);
  store = new EventStore({
    pool,
    schema: config.DB_SCHEMA,
    vault,
    onCommitted: () => {
      for (const r of relays) r.wake();
    },
  });
});
afterAll(async () => {
  await Promise.all(relays.map((r) => r.stop()));
  await pool.end();
  await ns.cleanup();
});

describe('outbox relay', () => {
  it('publishes a stream in order, keyed by stream id, and takes it off the queue', async () => {
    const relay = newRelay();
    relay.start();
    const postId = newId();
    const author = newId();
    await store.execute({ actorId: author }, (tx) =>
      tx.append({
        streamType: 'post',
        streamId: postId,
        expectedVersion: 0,
        events: [postCreated(postId, author)],
      }),
    );
    for (let v = 1; v <= 4; v++) {
      await store.execute({ actorId: author }, (tx) =>
        tx.append({
          streamType: 'post',
          streamId: postId,
          expectedVersion: v,
          events: [postLiked(postId, newId(), v)],
        }),
      );
    }
    const messages = await readTopicUntil(
      config.KAFKA_BROKERS,
      topicName(config, 'post'),
      (m) => m.filter((x) => x.key === postId).length >= 5,
    );
    const mine = messages.filter((m) => m.key === postId).map((m) => decode(m.value));
    expect(mine.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5]);
    expect(messages.find((m) => m.key === postId)?.headers['event-type']).toBe('PostCreated');
    await waitUntil('the stream off the queue', async () => (await queued(postId)) === 0);
  });

  it('loses no event when a lower position commits after a higher one was published', async () => {
    if (!relays.some((r) => r.isActive)) newRelay().start();
    const slowPost = newId();
    const fastPost = newId();
    // Transaction A takes a position first and stays open.
    const clientA = await pool.connect();
    await clientA.query('BEGIN');
    const txA = new CommandTransaction(
      clientA,
      config.DB_SCHEMA,
      { actorId: null, correlationId: newId(), causationId: null },
      new Date(),
      vault,
    );
    const [slow] = await txA.append({
      streamType: 'post',
      streamId: slowPost,
      expectedVersion: 0,
      events: [postCreated(slowPost, newId())],
    });
    // Transaction B takes a later position and commits at once; the relay publishes it.
    const { events } = await store.execute({ actorId: null }, (tx) =>
      tx.append({
        streamType: 'post',
        streamId: fastPost,
        expectedVersion: 0,
        events: [postCreated(fastPost, newId())],
      }),
    );
    expect(events[0]?.position).toBeGreaterThan(slow?.position ?? Infinity);
    await waitUntil('the later position published', async () => (await queued(fastPost)) === 0);
    // Now A commits its lower position; it must still reach Kafka.
    await clientA.query('COMMIT');
    clientA.release();
    for (const r of relays) r.wake();
    const messages = await readTopicUntil(config.KAFKA_BROKERS, topicName(config, 'post'), (m) =>
      [slowPost, fastPost].every((id) => m.some((x) => x.key === id)),
    );
    expect(messages.filter((m) => m.key === slowPost)).toHaveLength(1);
  });

  it('keeps one relay active at a time and fails over when it stops', async () => {
    const a = newRelay();
    const b = newRelay();
    a.start();
    b.start();
    await waitUntil('one relay active', () => relays.filter((r) => r.isActive).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(relays.filter((r) => r.isActive)).toHaveLength(1);
    const active = relays.find((r) => r.isActive);
    await active?.stop();
    await waitUntil('a standby takes over', () => relays.filter((r) => r.isActive).length === 1, 10_000);
    const postId = newId();
    await store.execute({ actorId: null }, (tx) =>
      tx.append({
        streamType: 'post',
        streamId: postId,
        expectedVersion: 0,
        events: [postCreated(postId, newId())],
      }),
    );
    await readTopicUntil(config.KAFKA_BROKERS, topicName(config, 'post'), (m) =>
      m.some((x) => x.key === postId),
    );
  });

  it('reads only the queued events of the log, whatever the statistics remember of a burst', async () => {
    // A schema of its own, with no relay on it.
    const plan = testNamespace('outbox-relay-plan');
    const schema = loadConfig(commandServiceEnv, plan.commandEnv).DB_SCHEMA;
    const s = ident(schema);
    try {
      await migrateCommandSchema(pool, schema);
      // A burst the relay fell behind on, analyzed while it was queued; then the relay caught up but for a few.
      await pool.query(
        `INSERT INTO ${s}.event_log
           (event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata, occurred_at)
         SELECT gen_random_uuid(), 'post', gen_random_uuid()::text, 1, 'PostLiked', 1,
                jsonb_build_object('padding', repeat('x', 300)), '{}', now()
           FROM generate_series(1, 3000)`,
      );
      await pool.query(`ANALYZE ${s}.event_log, ${s}.event_outbox`);
      await pool.query(
        `DELETE FROM ${s}.event_outbox WHERE position <= (SELECT max(position) - 12 FROM ${s}.event_log)`,
      );
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${queuedEventsSql(`${s}.event_outbox`, `${s}.event_log`)}`,
        [[]],
      );
      const logRowsRead = planNodes(rows[0]?.['QUERY PLAN'][0].Plan)
        .filter((n) => n['Relation Name'] === 'event_log')
        .reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 0), 0);
      expect(logRowsRead).toBe(12);
    } finally {
      await plan.cleanup();
    }
  });
});
