import { randomUUID } from 'node:crypto';
import {
  type DomainEventType,
  domainEvents,
  type EventData,
  parseEventData,
  personalDataSubject,
  sealEventData,
} from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import type { StreamType } from '@careers/contracts/topics';
import {
  ident,
  type PersonalDataVault,
  type Pool,
  type PoolClient,
  preparedName,
  sealWith,
  writeTogether,
} from '@careers/service-kit';
import { IdempotentAnswers } from '../pipeline/idempotency.ts';

export interface EventMetadata {
  actorId: string | null;
  correlationId: string;
  causationId: string | null;
}

export interface NewEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  data: EventData<T>;
}

export interface AppendRequest {
  streamType: StreamType;
  streamId: string;
  /** The stream version the decision was made on (0 for a new stream). */
  expectedVersion: number;
  events: NewEvent[];
}

export interface AppendOptions {
  /**
   * The append is the transaction's last statement: COMMIT goes out with it (one write, no round trip
   * between them) on a pipelining client, and the transaction ends with it, committed, or rolled back
   * when the append fails.
   */
  commit?: boolean;
  /** Called just before the statement is sent (after every event was checked and sealed). */
  onSend?: () => void;
}

/**
 * A state-table write that runs inside the append's own statement, so a command's events and its new
 * state cost one round trip: data-modifying CTEs (`a AS (...), b AS (...)`) whose placeholders count
 * from $1.
 */
export interface AlongsideWrite {
  /**
   * Names the write in the prepared statement's name (statements are prepared per connection). Postgres
   * keeps only a name's first 63 bytes, and the name ends the append's, behind the schema and table:
   * two writes' names should differ early (`like` and `unlike`), or the second is refused as a
   * statement that already exists.
   */
  name: string;
  ctes: string;
  values: unknown[];
  /** Turns a failure of the write (one of its tables' constraints) into what the command throws. */
  onError?: (error: unknown) => never;
}

/**
 * Runs an `AlongsideWrite` on its own, for a command that appends nothing with it. `scope` (the store's
 * table) goes before the write's name, as the append's does, so each schema prepares its own statement.
 */
export async function writeAlone(
  client: Pick<PoolClient, 'query'>,
  scope: string,
  write: AlongsideWrite,
): Promise<void> {
  await client
    .query({
      name: preparedName(`${scope}:alone:${write.name}`),
      text: `WITH ${write.ctes} SELECT 1`,
      values: write.values,
    })
    .catch((error: unknown) => (write.onError ? write.onError(error) : Promise.reject(error)));
}

/**
 * Several writes as one, run in one statement: each write's placeholders are numbered after those of
 * the writes before it. A failure is passed to each write's `onError` in turn (the first that knows
 * the constraint throws what the command should).
 */
export function writesTogether(...writes: AlongsideWrite[]): AlongsideWrite {
  let offset = 0;
  const ctes = writes.map((write) => {
    const shift = offset;
    offset += write.values.length;
    return write.ctes.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
  });
  return {
    name: writes.map((write) => write.name).join('+'),
    ctes: ctes.join(',\n'),
    values: writes.flatMap((write) => write.values),
    onError: (error: unknown) => {
      for (const write of writes) write.onError?.(error);
      throw error;
    },
  };
}

/** Raised when another writer appended to the stream since it was read. */
export class ConcurrencyError extends Error {
  override name = 'ConcurrencyError';
}

interface EventRow {
  position: number;
  event_id: string;
  stream_type: StreamType;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  occurred_at: Date;
}

/** Every column but `data`: what an append reads back (the caller already holds the plain data). */
const EVENT_LOG_HEADER_COLUMNS =
  'position, event_id, stream_type, stream_id, stream_version, type, schema_version, metadata, occurred_at';
export const EVENT_LOG_COLUMNS = `${EVENT_LOG_HEADER_COLUMNS}, data`;

export function rowToEnvelope(row: EventRow): EventEnvelope {
  return {
    id: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    streamType: row.stream_type,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: row.position,
    occurredAt: row.occurred_at.toISOString(),
    actorId: row.metadata.actorId,
    correlationId: row.metadata.correlationId,
    causationId: row.metadata.causationId,
    data: row.data,
  };
}

/** One command's unit of work: state-table changes and event appends commit together or not at all. */
export class CommandTransaction {
  readonly client: PoolClient;
  readonly appended: EventEnvelope[] = [];
  private readonly table: string;
  private readonly metadata: EventMetadata;
  private readonly now: Date;
  private readonly vault: PersonalDataVault;
  /** Data keys already fetched in this transaction (each person's row is locked FOR SHARE once). */
  private readonly keys = new Map<string, Buffer>();
  /** The transaction's BEGIN, which may still be on its way (see `EventStore.execute`). */
  private readonly begun: Promise<unknown>;
  /** Committed by the last append (`AppendOptions.commit`). */
  committed = false;
  /** Ended by the last append's COMMIT, committed or not: nothing is left to roll back. */
  ended = false;

  constructor(
    client: PoolClient,
    schema: string,
    metadata: EventMetadata,
    now: Date,
    vault: PersonalDataVault,
    begun: Promise<unknown> = Promise.resolve(),
  ) {
    this.client = client;
    this.begun = begun;
    this.table = `${ident(schema)}.event_log`;
    this.metadata = metadata;
    this.now = now;
    this.vault = vault;
  }

  /**
   * The data as the log stores it: personal fields sealed with their subject's key (made on first use).
   * Throws SubjectErasedError when that person deleted their account meanwhile.
   */
  private async sealed(type: DomainEventType, data: unknown): Promise<unknown> {
    const subject = personalDataSubject(type, data);
    if (subject === null) return data;
    let key = this.keys.get(subject);
    if (!key) {
      key = await this.vault.keyFor(this.client, subject);
      this.keys.set(subject, key);
    }
    const subjectKey = key;
    return sealEventData(type, data, (subjectId, plain) => sealWith(subjectKey, subjectId, plain));
  }

  /** Current version of a stream (0 when it has no events). */
  async streamVersion(streamId: string): Promise<number> {
    const { rows } = await this.client.query<{ v: number | null }>(
      `SELECT max(stream_version) AS v FROM ${this.table} WHERE stream_id = $1`,
      [streamId],
    );
    return rows[0]?.v ?? 0;
  }

  /** Appends the events; `alongside`, when given, runs in the same statement. */
  async append(
    request: AppendRequest,
    alongside?: AlongsideWrite,
    options: AppendOptions = {},
  ): Promise<EventEnvelope[]> {
    if (request.events.length === 0) return [];
    // Nothing is written before the transaction is known to be open.
    await this.begun;
    const params: unknown[] = [...(alongside?.values ?? [])];
    const tuples: string[] = [];
    const plainData: unknown[] = [];
    for (const [i, event] of request.events.entries()) {
      const spec = domainEvents[event.type];
      if (spec.streamType !== request.streamType) {
        throw new Error(`${event.type} belongs to ${spec.streamType} streams, not ${request.streamType}`);
      }
      // Nothing that fails its published schema ever reaches the log.
      const data = parseEventData(event.type, event.data);
      plainData.push(data);
      const stored = await this.sealed(event.type, data);
      const base = params.length;
      params.push(
        randomUUID(),
        request.streamType,
        request.streamId,
        request.expectedVersion + i + 1,
        event.type,
        spec.schemaVersion,
        JSON.stringify(stored),
        JSON.stringify(this.metadata),
        this.now,
      );
      tuples.push(`(${Array.from({ length: 9 }, (_, k) => `$${base + k + 1}`).join(', ')})`);
    }
    const insert = `INSERT INTO ${this.table}
           (event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata, occurred_at)
         VALUES ${tuples.join(', ')}
         RETURNING ${EVENT_LOG_HEADER_COLUMNS}`;
    try {
      const rows = await this.send(
        {
          // Prepared per connection, event count (nearly always 1) and write: appends are the hottest
          // statement.
          name: preparedName(`${this.table}:append:${tuples.length}${alongside ? `:${alongside.name}` : ''}`),
          text: alongside
            ? `WITH ${alongside.ctes}, appended AS (${insert}) SELECT ${EVENT_LOG_HEADER_COLUMNS} FROM appended`
            : insert,
          values: params,
        },
        options.commit === true,
      );
      // The caller gets its own plain data back; only the log (and so the topics) holds it sealed.
      const envelopes = rows
        .sort((a, b) => a.stream_version - b.stream_version)
        .map((row, i) => ({ ...rowToEnvelope(row), data: plainData[i] }));
      this.appended.push(...envelopes);
      return envelopes;
    } catch (error) {
      if ((error as { code?: string; constraint?: string }).constraint === 'event_log_stream_version') {
        throw new ConcurrencyError(
          `Stream ${request.streamId} changed since version ${request.expectedVersion}`,
        );
      }
      alongside?.onError?.(error);
      throw error;
    }
  }

  /**
   * Sends an append statement, with COMMIT right behind it when `commit` (in one write, on a pipelining
   * client): resolves with its rows, or throws its error once the transaction has ended. When the
   * append fails, the transaction is aborted, and the COMMIT behind it ends it as a rollback.
   */
  private async send(
    query: { name: string; text: string; values: unknown[] },
    commit: boolean,
  ): Promise<EventRow[]> {
    const commitAlong = commit && this.client.pipeline;
    if (commitAlong) writeTogether(this.client);
    const appending = this.client.query<EventRow>(query);
    const committing = commitAlong ? this.client.query('COMMIT') : undefined;
    committing?.catch(() => {});
    const outcome = await appending.then(
      ({ rows }) => ({ rows }),
      (error: unknown) => ({ error }),
    );
    if (committing) {
      // After a failed append this COMMIT rolled the transaction back (its tag says so).
      const { command } = await committing;
      this.ended = true;
      if ('error' in outcome) throw outcome.error;
      if (command !== 'COMMIT') throw new Error(`the transaction ended with ${command}, not COMMIT`);
      this.committed = true;
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.rows;
  }

  /**
   * Appends the events of several commands in one statement (a group commit: `posts/post-group.ts`), each
   * request on its own stream at its own expected version and with its own metadata (each command has
   * its actor). The rows go in as given, so their positions follow the order of `requests`: a stream's
   * requests must come in version order. `alongside` runs in the same statement, its placeholders first.
   * Resolves with each request's envelopes, in the order of `requests`.
   */
  async appendMany(
    requests: readonly (AppendRequest & { metadata: EventMetadata })[],
    alongside?: AlongsideWrite,
    options: AppendOptions = {},
  ): Promise<EventEnvelope[][]> {
    await this.begun;
    const columns: unknown[][] = Array.from({ length: 9 }, () => []);
    const [ids, types, streams, versions, names, schemas, datas, metas, times] = columns as [
      string[],
      string[],
      string[],
      number[],
      string[],
      number[],
      string[],
      string[],
      Date[],
    ];
    const plain = new Map<string, { data: unknown; request: number }>();
    for (const [r, request] of requests.entries()) {
      for (const [i, event] of request.events.entries()) {
        const spec = domainEvents[event.type];
        if (spec.streamType !== request.streamType) {
          throw new Error(`${event.type} belongs to ${spec.streamType} streams, not ${request.streamType}`);
        }
        const data = parseEventData(event.type, event.data);
        const id = randomUUID();
        plain.set(id, { data, request: r });
        ids.push(id);
        types.push(request.streamType);
        streams.push(request.streamId);
        versions.push(request.expectedVersion + i + 1);
        names.push(event.type);
        schemas.push(spec.schemaVersion);
        datas.push(JSON.stringify(await this.sealed(event.type, data)));
        metas.push(JSON.stringify(request.metadata));
        times.push(this.now);
      }
    }
    const out: EventEnvelope[][] = requests.map(() => []);
    if (ids.length === 0) return out;
    const base = alongside?.values.length ?? 0;
    const casts = ['uuid', 'text', 'text', 'int4', 'text', 'int4', 'jsonb', 'jsonb', 'timestamptz'];
    const insert = `INSERT INTO ${this.table}
           (event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata, occurred_at)
         SELECT * FROM unnest(${casts.map((cast, k) => `$${base + k + 1}::${cast}[]`).join(', ')})
         RETURNING ${EVENT_LOG_HEADER_COLUMNS}`;
    options.onSend?.();
    let rows: EventRow[];
    try {
      rows = await this.send(
        {
          name: preparedName(`${this.table}:append-many${alongside ? `:${alongside.name}` : ''}`),
          text: alongside
            ? `WITH ${alongside.ctes}, appended AS (${insert}) SELECT ${EVENT_LOG_HEADER_COLUMNS} FROM appended`
            : insert,
          values: [...(alongside?.values ?? []), ...columns],
        },
        options.commit === true,
      );
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'event_log_stream_version') {
        throw new ConcurrencyError('A stream changed since the group read it');
      }
      alongside?.onError?.(error);
      throw error;
    }
    for (const row of rows.sort((a, b) => Number(a.position) - Number(b.position))) {
      const own = plain.get(row.event_id);
      if (!own) throw new Error(`the append returned an event it was not given: ${row.event_id}`);
      const envelope = { ...rowToEnvelope(row), data: own.data };
      out[own.request]?.push(envelope);
      this.appended.push(envelope);
    }
    return out;
  }
}

/**
 * Postgres broke a circle of transactions waiting on each other's locks by failing this one. Its locks
 * are gone once it rolls back, so running it again finds the others finished: a rare circle (an account
 * deletion locking many posts while one of the person's own likes waits for their account row) costs a
 * retry, never an error.
 */
const isDeadlock = (error: unknown) => (error as { code?: string }).code === '40P01';

export interface EventStoreOptions {
  pool: Pool;
  schema: string;
  /** Called after each commit that appended events (wakes the relay). */
  onCommitted?: (events: EventEnvelope[]) => void;
  /** Seals personal fields with their subject's key before they reach the log. */
  vault: PersonalDataVault;
}

export class EventStore {
  private readonly options: EventStoreOptions;
  /** The answers of keyed commands, kept beside the log (pipeline/idempotency.ts). */
  readonly answers: IdempotentAnswers;

  constructor(options: EventStoreOptions) {
    this.options = options;
    this.answers = new IdempotentAnswers(options.pool, options.schema);
  }

  /**
   * Runs a command: fn reads state, decides and appends in one transaction. A concurrency conflict (or
   * a deadlock) is retried (the decision is made again on fresh state) up to `attempts` times; the last
   * one's error is thrown (the command pipeline answers a ConcurrencyError 409).
   */
  async execute<T>(
    metadata: Partial<EventMetadata> & { actorId: string | null },
    fn: (tx: CommandTransaction) => Promise<T>,
    attempts = 3,
  ): Promise<{ result: T; events: EventEnvelope[] }> {
    const meta: EventMetadata = {
      actorId: metadata.actorId,
      correlationId: metadata.correlationId ?? randomUUID(),
      causationId: metadata.causationId ?? null,
    };
    for (let attempt = 1; ; attempt++) {
      const client = await this.options.pool.connect();
      // On a pipelining pool BEGIN goes out with the transaction's first statement (a read or a lock),
      // not a round trip ahead of it; the first write waits for it (`append`), and so does COMMIT.
      // (BEGIN cannot fail on its own on a working connection; when the connection fails, so does
      // everything sent after it.)
      // BEGIN leaves in one write with the first statement (see writeTogether).
      if (client.pipeline) writeTogether(client);
      const begun = client.query('BEGIN');
      begun.catch(() => {});
      const tx = new CommandTransaction(
        client,
        this.options.schema,
        meta,
        new Date(),
        this.options.vault,
        begun,
      );
      try {
        if (!client.pipeline) await begun;
        const result = await fn(tx);
        await begun;
        if (!tx.committed) await client.query('COMMIT');
        if (tx.appended.length > 0) this.options.onCommitted?.(tx.appended);
        return { result, events: tx.appended };
      } catch (error) {
        if (!tx.ended) await client.query('ROLLBACK').catch(() => {});
        if ((error instanceof ConcurrencyError || isDeadlock(error)) && attempt < attempts) continue;
        throw error;
      } finally {
        client.release();
      }
    }
  }
}
