import { performance } from 'node:perf_hooks';
import { type LatencySummary, summarize } from './stats.ts';

/** What one request came to: a success (of a kind, when a loop mixes requests) or an error name to count. */
export type Outcome = { ok: true; kind?: string } | { ok: false; error: string };

export interface LoadResult {
  /** Completed requests per second in the measured window (successes only). */
  rate: number;
  ok: number;
  errors: Record<string, number>;
  seconds: number;
  connections: number;
  latency: LatencySummary;
  /** Latency of each kind of request, when the loop mixes kinds. */
  byKind: Record<string, LatencySummary>;
}

export interface Window {
  /** Called when warm-up ends and measuring starts (CPU snapshots hook in here). */
  onMeasureStart?: () => void;
  onMeasureEnd?: () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closed loop: `connections` workers each send one request, wait for its answer, and send the next, for
 * `warmupMs + durationMs`. Only requests that complete inside the measured window count.
 */
export async function closedLoop(
  options: { connections: number; warmupMs: number; durationMs: number } & Window,
  send: (worker: number) => Promise<Outcome>,
): Promise<LoadResult> {
  const start = performance.now();
  const measureFrom = start + options.warmupMs;
  const measureTo = measureFrom + options.durationMs;
  const samples: number[] = [];
  const kindSamples = new Map<string, number[]>();
  const errors: Record<string, number> = {};
  let ok = 0;
  // The window's hooks run once each, on time by timer, or right after the last worker at the latest.
  let hooks = 0;
  const nextHook = () => {
    if (hooks === 0) options.onMeasureStart?.();
    else if (hooks === 1) options.onMeasureEnd?.();
    hooks++;
  };
  const startTimer = setTimeout(nextHook, options.warmupMs);
  const endTimer = setTimeout(() => {
    while (hooks < 2) nextHook();
  }, options.warmupMs + options.durationMs);

  const worker = async (index: number) => {
    while (performance.now() < measureTo) {
      const sentAt = performance.now();
      let outcome: Outcome;
      try {
        outcome = await send(index);
      } catch (error) {
        outcome = { ok: false, error: (error as Error).name || 'Error' };
      }
      const doneAt = performance.now();
      if (doneAt < measureFrom || doneAt > measureTo) continue;
      if (outcome.ok) {
        ok++;
        samples.push(doneAt - sentAt);
        if (outcome.kind !== undefined) {
          const list = kindSamples.get(outcome.kind) ?? [];
          list.push(doneAt - sentAt);
          kindSamples.set(outcome.kind, list);
        }
      } else {
        errors[outcome.error] = (errors[outcome.error] ?? 0) + 1;
        // A failing endpoint must not turn the loop into a busy spin.
        await sleep(1);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, i) => worker(i)));
  clearTimeout(startTimer);
  clearTimeout(endTimer);
  while (hooks < 2) nextHook();
  const seconds = options.durationMs / 1000;
  return {
    rate: ok / seconds,
    ok,
    errors,
    seconds,
    connections: options.connections,
    latency: summarize(samples),
    byKind: Object.fromEntries([...kindSamples].map(([kind, list]) => [kind, summarize(list)])),
  };
}

/** How many arrivals of a fixed-rate schedule (the first at 0 ms) are due `elapsedMs` after its start. */
export function arrivalsDue(elapsedMs: number, ratePerSecond: number): number {
  if (elapsedMs < 0 || ratePerSecond <= 0) return 0;
  // The epsilon absorbs float error, so arrival i is due at exactly arrivalAt(i) (e.g. 15 * 1000/7 ms).
  return Math.floor((elapsedMs * ratePerSecond) / 1000 + 1e-9) + 1;
}

/** When (ms after the start) the arrival with this index is scheduled. */
export function arrivalAt(index: number, ratePerSecond: number): number {
  return (index * 1000) / ratePerSecond;
}

export interface OpenLoopResult {
  /** Arrivals fired in the measured window. */
  fired: number;
  /** The largest delay between an arrival's scheduled time and the moment it was fired (ms). */
  maxLagMs: number;
}

/**
 * Open loop: fires `fire` at a fixed arrival rate whatever the system's answers do, for warm-up then the
 * measured window. `fire` must not block; it gets whether the arrival falls in the measured window.
 */
export async function openLoop(
  options: { rate: number; warmupMs: number; durationMs: number } & Window,
  fire: (measured: boolean) => void,
): Promise<OpenLoopResult> {
  const total = options.warmupMs + options.durationMs;
  // Arrivals scheduled before the end: the last one may be fired a little late, never dropped.
  const scheduled = Math.ceil((total * options.rate) / 1000);
  const start = performance.now();
  let fired = 0;
  let measured = 0;
  let maxLagMs = 0;
  let started = false;
  for (;;) {
    const elapsed = performance.now() - start;
    if (!started && elapsed >= options.warmupMs) {
      started = true;
      options.onMeasureStart?.();
    }
    const due = Math.min(arrivalsDue(elapsed, options.rate), scheduled);
    while (fired < due) {
      const at = arrivalAt(fired, options.rate);
      maxLagMs = Math.max(maxLagMs, elapsed - at);
      const inWindow = at >= options.warmupMs;
      if (inWindow) measured++;
      fired++;
      fire(inWindow);
    }
    if (elapsed >= total) break;
    const next = fired < scheduled ? arrivalAt(fired, options.rate) : total;
    await sleep(Math.max(0, Math.min(next, total) - (performance.now() - start)));
  }
  options.onMeasureEnd?.();
  return { fired: measured, maxLagMs: Math.round(maxLagMs * 100) / 100 };
}
