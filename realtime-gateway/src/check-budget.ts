/**
 * How many post access questions each person may cause, per gateway: a bucket of `burst` questions that
 * refills at `perSecond`. A `post:subscribe` names up to 100 posts and each one the gateway has not seen
 * public costs a read of the query-service; without a budget, four sockets of one session asked 10,000
 * questions in 9 s and took most of two cores. A subscription past the budget is answered at once with
 * an error and the posts joined so far, and asks nothing.
 */
export class CheckBudget {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #burst: number;
  readonly #perSecond: number;
  readonly #now: () => number;

  constructor(options: { burst: number; perSecond: number; now?: () => number }) {
    this.#burst = options.burst;
    this.#perSecond = options.perSecond;
    this.#now = options.now ?? Date.now;
  }

  /** Takes up to `wanted` questions from `who`'s bucket; returns how many were granted. */
  take(who: string, wanted: number): number {
    const now = this.#now();
    const bucket = this.#buckets.get(who) ?? { tokens: this.#burst, at: now };
    const tokens = Math.min(this.#burst, bucket.tokens + ((now - bucket.at) / 1000) * this.#perSecond);
    const granted = Math.max(0, Math.min(wanted, Math.floor(tokens)));
    this.#buckets.set(who, { tokens: tokens - granted, at: now });
    // A full bucket is the same as none: forget it, so the map holds only people asking now.
    if (tokens - granted >= this.#burst) this.#buckets.delete(who);
    return granted;
  }

  /** Forgets the full buckets (called now and then, so people who left do not stay in memory). */
  sweep(): void {
    const now = this.#now();
    for (const [who, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.#perSecond >= this.#burst)
        this.#buckets.delete(who);
    }
  }
}
