import type { Logger, Pool } from '@careers/service-kit';
import { type RefreshOptions, refreshSuggestionLists } from './lists.ts';

export interface SuggestionRefresherOptions extends Omit<RefreshOptions, 'sweep'> {
  /** The pause between rounds while there is nothing to do. */
  idleMs: number;
  /**
   * How often people without a list (someone new; everyone after a rebuild) are looked for while none
   * were found.
   */
  sweepEveryMs: number;
  /**
   * The share of the time the refresher works while there is work: after a round of t ms it rests
   * t * (1 / share - 1) ms, so that a stream of marks (everyone's network changing at once) leaves
   * the projector most of the database.
   */
  busyShare: number;
}

export const REFRESHER_DEFAULTS: SuggestionRefresherOptions = {
  batch: 200,
  settleMs: 1000,
  idleMs: 250,
  sweepEveryMs: 5000,
  busyShare: 0.5,
};

/**
 * Ranks people you may know ahead of the reads, off the event path: round after round it takes people
 * whose lists events or reads have marked (after `settleMs`, so a burst of marks costs one ranking)
 * and, now and then, people with no list (after a rebuild: everyone), and stores their lists (see
 * refreshSuggestionLists). A round that found work is followed by a rest as long as the
 * round times (1 / busyShare - 1); an empty one by a pause of `idleMs`. A failed round is logged and
 * tried again after the pause.
 */
export class SuggestionRefresher {
  private stopped = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  private readonly pool: Pool;
  private readonly schema: string;
  private readonly log: Logger;
  private readonly options: SuggestionRefresherOptions;

  constructor(
    pool: Pool,
    schema: string,
    log: Logger,
    options: SuggestionRefresherOptions = REFRESHER_DEFAULTS,
  ) {
    this.pool = pool;
    this.schema = schema;
    this.log = log;
    this.options = options;
  }

  start(): void {
    if (this.running) return;
    this.stopped = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    this.running = null;
  }

  private async loop(): Promise<void> {
    let lastEmptySweep = 0;
    while (!this.stopped) {
      let took = 0;
      const started = performance.now();
      try {
        const sweep = Date.now() - lastEmptySweep >= this.options.sweepEveryMs;
        took = await refreshSuggestionLists(this.pool, this.schema, { ...this.options, sweep });
        if (sweep && took < this.options.batch) lastEmptySweep = Date.now();
      } catch (error) {
        this.log.warn({ error: (error as Error).message }, 'suggestion lists not refreshed; trying again');
      }
      if (this.stopped) break;
      if (took === 0) await this.pause(this.options.idleMs);
      else await this.pause((performance.now() - started) * (1 / this.options.busyShare - 1));
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
