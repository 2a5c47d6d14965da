import http from 'node:http';
import type { Pool } from '@careers/service-kit';
import { DEFAULT_SEARCH_ENGINE_URL } from '@careers/service-kit/config';
import type { PoolClient } from 'pg';
/** The kinds of index the engine keeps (search-engine/src/jobs.rs and people.rs). */
export type IndexKind = 'jobs' | 'people';

/**
 * The search engine's client (search-engine/, Tantivy indexes behind JSON over HTTP on loopback). The
 * jobs and people read models write their documents there within their projector batches, before the
 * Postgres commit, and their queries ask it for a page of ids and their count (jobs/search-index.ts,
 * people/search-index.ts).
 *
 * An index belongs to a read schema (`indexName`): a rebuild's schema and each test file's schema have
 * their own.
 */
export class SearchEngine {
  readonly url: string;
  private readonly target: URL;
  /**
   * node:http, a connection a request: Node's fetch cost about 3 ms of a search's 5 against the
   * engine's 1.5 (measured on the bench's 50,000 jobs). Kept-alive connections left a request now and
   * then unanswered for the whole timeout (the batch test failed so in one run of three with them, in
   * none of three without); a loopback connect costs a fraction of a millisecond.
   */
  private readonly agent = new http.Agent({ keepAlive: false, maxSockets: 32 });

  constructor(url: string) {
    this.url = url.replace(/\/$/, '');
    this.target = new URL(this.url);
  }

  /** The engine of SEARCH_ENGINE_URL (the stack's, on loopback, unless set). */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): SearchEngine {
    return new SearchEngine(env.SEARCH_ENGINE_URL ?? DEFAULT_SEARCH_ENGINE_URL);
  }

  /** Deletes, then adds or replaces (by id) the documents, committed on the engine's disk when it answers. */
  async write(
    kind: IndexKind,
    index: string,
    body: { upsert?: readonly object[]; delete?: readonly string[] },
  ): Promise<void> {
    await this.call('PUT', `/${kind}/${index}/documents`, body);
  }

  async search<T>(kind: IndexKind, index: string, request: object): Promise<T> {
    return (await this.call('POST', `/${kind}/${index}/search`, request)) as T;
  }

  /** How many documents the index holds and its bytes on disk; null when it does not exist. */
  async stats(kind: IndexKind, index: string): Promise<{ documents: number; bytes: number } | null> {
    return (await this.call('GET', `/${kind}/${index}`, undefined, [404])) as {
      documents: number;
      bytes: number;
    } | null;
  }

  /** How many documents the index holds; null when it does not exist. */
  async documents(kind: IndexKind, index: string): Promise<number | null> {
    return (await this.stats(kind, index))?.documents ?? null;
  }

  async remove(kind: IndexKind, index: string): Promise<void> {
    await this.call('DELETE', `/${kind}/${index}`);
  }

  /** The index of `kind` for the read schema `schema`. */
  index(kind: IndexKind, schema: string): SearchIndex {
    return new SearchIndex(this, kind, indexName(schema));
  }

  async ping(): Promise<void> {
    await this.call('GET', '/readyz');
  }

  private call(method: string, path: string, body?: unknown, absent: number[] = []): Promise<unknown> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: this.target.hostname,
          port: this.target.port,
          path,
          method,
          agent: this.agent,
          timeout: SEARCH_ENGINE_TIMEOUT_MS,
          headers:
            payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': payload.length },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (absent.includes(status)) return resolve(null);
            if (status < 200 || status > 299) {
              let message = text;
              try {
                message = (JSON.parse(text) as { message?: string }).message ?? text;
              } catch {}
              return reject(new Error(`search engine ${method} ${path}: ${status} ${message}`));
            }
            try {
              resolve(JSON.parse(text));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      request.on('timeout', () =>
        request.destroy(new Error(`search engine ${method} ${path}: no answer in time`)),
      );
      request.on('error', reject);
      request.end(payload);
    });
  }
}

/** A write commits to disk; a search takes milliseconds. Past this the engine is taken to be away. */
export const SEARCH_ENGINE_TIMEOUT_MS = 10_000;

/** The name of a read schema's index (quoted or not), the same for each kind. */
export function indexName(schema: string): string {
  return schema.replace(/^"|"$/g, '');
}

/** One index of the engine: a kind, for one read schema. */
export class SearchIndex {
  readonly engine: SearchEngine;
  readonly kind: IndexKind;
  readonly name: string;

  constructor(engine: SearchEngine, kind: IndexKind, name: string) {
    this.engine = engine;
    this.kind = kind;
    this.name = name;
  }

  write(body: { upsert?: readonly object[]; delete?: readonly string[] }): Promise<void> {
    return this.engine.write(this.kind, this.name, body);
  }

  search<T>(request: object): Promise<T> {
    return this.engine.search<T>(this.kind, this.name, request);
  }

  documents(): Promise<number | null> {
    return this.engine.documents(this.kind, this.name);
  }

  stats(): Promise<{ documents: number; bytes: number } | null> {
    return this.engine.stats(this.kind, this.name);
  }

  remove(): Promise<void> {
    return this.engine.remove(this.kind, this.name);
  }
}

/** How many documents one write of a refill carries. */
const REFILL_PAGE = 2_000;

/**
 * Makes `index` again from a read model's rows when it does not hold as many documents as there are
 * rows (`count`): a new deployment of the engine, a new version of the index, or an index lost with
 * its disk. Run by the projector before it consumes, so no batch writes the index meanwhile (searches
 * find less until it ends); one cut short leaves a count that differs, so the next start does it again.
 * `page(after)` gives the documents of the next rows in id order after `after` ('' first), up to
 * `limit`. Answers how many documents it wrote.
 */
export async function refillIndex(
  index: SearchIndex,
  count: () => Promise<number>,
  page: (after: string, limit: number) => Promise<{ id: string }[]>,
): Promise<number> {
  const [held, rows] = await Promise.all([index.documents(), count()]);
  if (held !== null && held === rows) return 0;
  if (held !== null) await index.remove();
  let written = 0;
  let after = '';
  for (;;) {
    const upsert = await page(after, REFILL_PAGE);
    // An empty write still makes the index, so an empty model is not refilled at every start.
    await index.write({ upsert });
    written += upsert.length;
    if (upsert.length < REFILL_PAGE) return written;
    after = upsert[upsert.length - 1]?.id ?? '';
  }
}

/**
 * `refillIndex` from the rows of `table` (schema-qualified, keyed by a text `id`): counted there, and
 * read a page of ids at a time, whose documents `documents` makes.
 */
export async function refillFromTable(
  pool: Pool,
  index: SearchIndex,
  table: string,
  documents: (client: PoolClient, ids: string[]) => Promise<{ id: string }[]>,
): Promise<number> {
  const client = await pool.connect();
  try {
    return await refillIndex(
      index,
      async () =>
        (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n ?? 0,
      async (after, limit) => {
        const { rows } = await client.query<{ id: string }>(
          `SELECT id FROM ${table} WHERE id > $1 ORDER BY id LIMIT ${limit}`,
          [after],
        );
        return rows.length === 0
          ? []
          : documents(
              client,
              rows.map((row) => row.id),
            );
      },
    );
  } finally {
    client.release();
  }
}
