import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { streamTypes } from '@careers/contracts/topics';
import { ident, type Logger, preparedName } from '@careers/service-kit';
import {
  createIdempotentProducer,
  ensureTopics,
  KAFKA_RETRY_BACKOFF,
  type Kafka,
  type KafkaSettings,
  type TextProducer,
  topicName,
} from '@careers/service-kit/kafka';
import { Backoff, describeError, sleep } from '@careers/service-kit/retry';
import pg from 'pg';
import { EVENT_LOG_COLUMNS, rowToEnvelope } from './event-store.ts';

export const RELAY_CHANNEL = 'careers_event_log';
const BATCH_SIZE = 500;
/**
 * How long the relay lets commits gather after it was woken before it reads them. Waking it on every
 * commit and publishing at once made one Postgres read, one Kafka produce and one dequeue per command
 * under load; a few milliseconds turn those into one of each per handful of commands, for a few
 * milliseconds of delay on the way to readers.
 */
export const RELAY_LINGER_MS = 4;
/** Events taken off the queue between two vacuums of it (see `vacuum`). */
const VACUUM_EVERY = 2000;

export interface OutboxRelayOptions {
  databaseUrl: string;
  schema: string;
  kafka: Kafka;
  kafkaSettings: KafkaSettings;
  log: Logger;
  pollMs: number;
}

/**
 * Takes the positions `$1` (what the last batch sent) off the queue `outbox` and reads the next
 * BATCH_SIZE queued events of `log`, in position order, in one statement (the read runs on the snapshot
 * from before the delete, so it leaves out the positions being deleted). Each event's row is read
 * through the log's primary key, a probe per position (a subquery per row, which the planner cannot
 * turn into a join). Joined, the planner read the whole log for each batch whenever its statistics
 * remembered the queue long (after a burst the relay fell behind on) or the log short: it hashed the
 * log (measured under the bench's likes: 6 of the statement's 6.4 ms, for 12 events among 1,840), or
 * merged it from its first position, and a log only grows.
 */
export function queuedEventsSql(outbox: string, log: string): string {
  return `WITH published AS (DELETE FROM ${outbox} WHERE position = ANY($1::bigint[]))
    SELECT e.* FROM (
      SELECT position FROM ${outbox} WHERE position <> ALL($1::bigint[])
       ORDER BY position LIMIT ${BATCH_SIZE}) o
    CROSS JOIN LATERAL (
      SELECT ${EVENT_LOG_COLUMNS} FROM ${log} e WHERE e.position = o.position OFFSET 0) e
    ORDER BY o.position`;
}

/**
 * Publishes the events whose positions are in `event_outbox` (a trigger on `event_log` queues every
 * append in its own transaction) in position order to their aggregate's topic (key = stream id), then
 * deletes their positions there. It never tracks a "last published position": bigserial values can
 * commit out of order, and the queue catches a late commit whatever its position.
 *
 * One relay is active per schema (a session advisory lock); the others wait as standbys and take over
 * when the active one's connection ends. A batch is taken off the queue by the statement that reads the
 * next one (one round trip per batch, not two), or on stop; a crash between send and that only causes a
 * duplicate, which consumers skip by stream version.
 *
 * Postgres or Kafka away, at start or later, never stops it: it drops both connections, waits a capped,
 * jittered, growing delay (not cut short by new commits, which would hammer a broker that is down) and
 * connects again, then drains what was committed meanwhile.
 */
export class OutboxRelay {
  private readonly options: OutboxRelayOptions;
  private readonly table: string;
  private readonly outbox: string;
  private producer: TextProducer | null = null;
  private client: pg.Client | null = null;
  private running = false;
  private active = false;
  private wakeUp: (() => void) | null = null;
  private pendingWake = false;
  private loop: Promise<void> | null = null;
  private readonly stopping = new AbortController();
  /** Kafka's spacing (KAFKA_RETRY_BACKOFF): once it answers again, what waits is published within 2 s. */
  private readonly backoff = new Backoff(KAFKA_RETRY_BACKOFF);
  /** The dependency the current step needs, named in the retry log. */
  private dependency: 'postgres' | 'kafka' = 'postgres';
  /** Positions sent to Kafka and still queued: the next read takes them off. */
  private sent: number[] = [];
  published = 0;
  /** Events taken off the queue since it was last vacuumed. */
  private sinceVacuum = 0;

  constructor(options: OutboxRelayOptions) {
    this.options = options;
    this.table = `${ident(options.schema)}.event_log`;
    this.outbox = `${ident(options.schema)}.event_outbox`;
  }

  get isActive(): boolean {
    return this.active;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.wake();
    await this.loop;
  }

  /** Called after a local commit, and on NOTIFY from other processes. */
  wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    const { log } = this.options;
    while (this.running) {
      try {
        await this.connect();
        if (!(await this.tryLock())) {
          // Standby: NOTIFYs meant for the active relay must not turn this wait into a busy loop.
          this.pendingWake = false;
          await this.sleep(1000);
          continue;
        }
        if (!this.active) log.info('outbox relay active');
        this.active = true;
        while (this.running) {
          const count = await this.publishBatch();
          this.backoff.reset();
          if (count === BATCH_SIZE) continue;
          await this.sleep(this.options.pollMs);
          // Woken by a commit (or the poll): let the commits of the next few milliseconds join it.
          if (this.running) await sleep(RELAY_LINGER_MS, this.stopping.signal).catch(() => {});
        }
        await this.dequeueSent();
      } catch (error) {
        this.active = false;
        await this.disconnect();
        if (!this.running) break;
        const delay = this.backoff.next();
        log.warn(
          {
            dependency: this.dependency,
            attempt: this.backoff.failures,
            retryInMs: delay,
            err: describeError(error),
          },
          `outbox relay: ${this.dependency} unavailable; reconnecting in ${delay} ms`,
        );
        await sleep(delay, this.stopping.signal).catch(() => {});
      }
    }
    this.active = false;
    await this.disconnect();
  }

  private async connect(): Promise<void> {
    this.dependency = 'postgres';
    if (this.client) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: 'outbox-relay',
    });
    client.on('error', (error) => this.options.log.warn({ err: error }, 'relay connection error'));
    client.on('notification', () => this.wake());
    await client.connect();
    await client.query(`LISTEN ${RELAY_CHANNEL}`);
    this.client = client;
    if (!this.producer) {
      this.dependency = 'kafka';
      const names = streamTypes.map((type) => topicName(this.options.kafkaSettings, type));
      await ensureTopics(this.options.kafka, this.options.kafkaSettings, names);
      const producer = createIdempotentProducer(this.options.kafka);
      this.producer = producer;
      // The client connects at its first request: ask now, so Kafka away shows here, not at a send.
      await producer.metadata({ topics: names });
      this.dependency = 'postgres';
    }
  }

  private async tryLock(): Promise<boolean> {
    if (this.active) return true;
    const { rows } = await this.requireClient().query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
      [`outbox-relay:${this.options.schema}`],
    );
    return rows[0]?.locked === true;
  }

  /**
   * Takes what the last batch sent off the queue and reads up to BATCH_SIZE queued events in one
   * statement (the read runs on the snapshot from before the delete, so it leaves out the positions being
   * deleted), then publishes them; returns how many. What it sent is taken off by the next call, or by
   * `dequeueSent`.
   */
  async publishBatch(): Promise<number> {
    const client = this.requireClient();
    const producer = this.producer;
    if (!producer) throw new Error('relay producer not connected');
    this.pendingWake = false;
    const { rows } = await client.query({
      name: preparedName(`${this.table}:relay-next`),
      text: queuedEventsSql(this.outbox, this.table),
      values: [this.sent],
    });
    this.sinceVacuum += this.sent.length;
    this.sent = [];
    if (this.sinceVacuum >= VACUUM_EVERY) await this.vacuum();
    if (rows.length === 0) return 0;
    const envelopes: EventEnvelope[] = rows.map(rowToEnvelope);
    const messages = envelopes.map((event) => ({
      topic: topicName(this.options.kafkaSettings, event.streamType),
      key: event.streamId,
      value: JSON.stringify(event),
      headers: {
        'event-type': event.type,
        'schema-version': String(event.schemaVersion),
        'content-type': 'application/json',
      },
    }));
    this.dependency = 'kafka';
    await producer.send({ messages });
    this.dependency = 'postgres';
    this.sent = envelopes.map((e) => e.position);
    this.published += envelopes.length;
    return envelopes.length;
  }

  /** Takes what was sent off the queue (on stop: no next read will). */
  private async dequeueSent(): Promise<void> {
    if (this.sent.length === 0) return;
    await this.requireClient().query(`DELETE FROM ${this.outbox} WHERE position = ANY($1::bigint[])`, [
      this.sent,
    ]);
    this.sent = [];
  }

  /**
   * The queue's deleted rows stay in its index, where every read in position order steps over them,
   * until a vacuum; autovacuum comes at most once a minute, which at a few hundred events a second
   * leaves tens of thousands. The queue is a few pages: vacuuming it is cheap, and blocks no writer.
   */
  private async vacuum(): Promise<void> {
    this.sinceVacuum = 0;
    await this.requireClient()
      .query(`VACUUM ${this.outbox}`)
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'outbox vacuum failed'));
  }

  private requireClient(): pg.Client {
    if (!this.client) throw new Error('relay not connected');
    return this.client;
  }

  private sleep(ms: number): Promise<void> {
    if (this.pendingWake || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wakeUp = null;
        resolve();
      }
      this.wakeUp = done;
    });
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = null;
    // Ending the session releases the advisory lock, so a standby takes over.
    await client?.end().catch(() => {});
    const producer = this.producer;
    this.producer = null;
    await producer?.close().catch(() => {});
  }
}

/**
 * Tells relays in other processes that events were committed. Runs after the commit, outside the
 * command's transaction, and coalesces bursts into one NOTIFY at a time.
 */
export function createCommitNotifier(pool: pg.Pool, log: Logger): () => void {
  let inFlight = false;
  let again = false;
  const send = (): void => {
    inFlight = true;
    again = false;
    pool
      .query(`NOTIFY ${RELAY_CHANNEL}`)
      .catch((error: unknown) =>
        log.warn({ err: error }, 'relay notify failed; the relay poll will catch up'),
      )
      .finally(() => {
        inFlight = false;
        if (again) send();
      });
  };
  return () => {
    if (inFlight) again = true;
    else send();
  };
}
