/**
 * The gateway's questions to the query-service (PostAccessCheck, TypingAccessCheck). QUERY_SERVICE_URL
 * may name several copies, comma-separated (`REPLICAS=2 npm start` gives each gateway copy its own
 * query-service copy first, then the others): a question goes to the first copy that is not resting,
 * and to the next when a copy cannot be reached at all (connection refused or reset, no answer). A copy
 * that could not be reached rests for DOWN_MS, as the edge's upstreams rest a copy for 2 s, so a copy
 * that died costs one refused connection, not one per question. An answer, even an error status, is
 * the answer: only the network failing moves on, and a question that timed out is not asked again
 * (its caller's budget is spent).
 */

/** How long a copy that could not be reached is asked only after the others. */
export const DOWN_MS = 2_000;

export class QueryServiceClient {
  readonly #bases: readonly string[];
  /** When each copy that could not be reached may be asked first again. */
  readonly #restingUntil = new Map<string, number>();

  constructor(urls: string | readonly string[]) {
    const list = (typeof urls === 'string' ? urls.split(',') : urls)
      .map((url) => url.trim().replace(/\/+$/, ''))
      .filter((url) => url.length > 0);
    if (list.length === 0) throw new Error('QUERY_SERVICE_URL names no query-service');
    this.#bases = list;
  }

  /** GET `path` (from the root, e.g. /api/posts/1) of the first copy that answers. */
  async get(path: string, headers: Record<string, string>, timeoutMs: number): Promise<Response> {
    const now = Date.now();
    const resting = (base: string) => (this.#restingUntil.get(base) ?? 0) > now;
    const order = [...this.#bases.filter((b) => !resting(b)), ...this.#bases.filter(resting)];
    const signal = AbortSignal.timeout(timeoutMs);
    let failure: unknown;
    for (const base of order) {
      try {
        const response = await fetch(`${base}${path}`, { headers, signal });
        this.#restingUntil.delete(base);
        return response;
      } catch (error) {
        if (signal.aborted) throw error;
        failure = error;
        this.#restingUntil.set(base, Date.now() + DOWN_MS);
      }
    }
    throw failure;
  }
}
