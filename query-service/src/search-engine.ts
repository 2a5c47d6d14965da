/**
 * The search engine's client (search-engine/, a Tantivy index behind JSON over HTTP on loopback). The
 * jobs read model writes its documents there within its projector batch, before the Postgres commit,
 * and its queries ask it for a page of ids and their count (jobs/search-index.ts).
 *
 * An index belongs to a read schema (`indexName`): a rebuild's schema and each test file's schema have
 * their own.
 */
export class SearchEngine {
  readonly url: string;

  /** Node's fetch keeps its connections alive: a search is a round trip on loopback. */
  constructor(url: string) {
    this.url = url.replace(/\/$/, '');
  }

  /** The engine of SEARCH_ENGINE_URL (the stack's, on loopback, unless set). */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): SearchEngine {
    return new SearchEngine(env.SEARCH_ENGINE_URL ?? DEFAULT_SEARCH_ENGINE_URL);
  }

  /** Deletes, then adds or replaces (by id) the documents, committed on the engine's disk when it answers. */
  async write(
    index: string,
    body: { upsert?: readonly object[]; delete?: readonly string[] },
  ): Promise<void> {
    await this.call('PUT', `/indexes/${index}/documents`, body);
  }

  async search<T>(index: string, request: object): Promise<T> {
    return (await this.call('POST', `/indexes/${index}/search`, request)) as T;
  }

  /** How many documents the index holds; null when it does not exist. */
  async documents(index: string): Promise<number | null> {
    const answer = await this.call('GET', `/indexes/${index}`, undefined, [404]);
    return answer === null ? null : (answer as { documents: number }).documents;
  }

  async remove(index: string): Promise<void> {
    await this.call('DELETE', `/indexes/${index}`);
  }

  async ping(): Promise<void> {
    await this.call('GET', '/readyz');
  }

  private async call(method: string, path: string, body?: unknown, absent: number[] = []): Promise<unknown> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(SEARCH_ENGINE_TIMEOUT_MS),
    });
    const text = await response.text();
    if (absent.includes(response.status)) return null;
    if (!response.ok) {
      const message = (() => {
        try {
          return (JSON.parse(text) as { message?: string }).message ?? text;
        } catch {
          return text;
        }
      })();
      throw new Error(`search engine ${method} ${path}: ${response.status} ${message}`);
    }
    return JSON.parse(text) as unknown;
  }
}

export const DEFAULT_SEARCH_ENGINE_URL = 'http://127.0.0.1:4006';
/** A write commits to disk; a search takes milliseconds. Past this the engine is taken to be away. */
export const SEARCH_ENGINE_TIMEOUT_MS = 10_000;

/** The name of a read model's index in a read schema (quoted or not). */
export function indexName(schema: string, model: string): string {
  return `${schema.replace(/^"|"$/g, '')}_${model}`;
}
