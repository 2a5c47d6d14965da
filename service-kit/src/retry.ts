import type { Logger } from './logger.ts';

/** Capped exponential backoff: `initialMs` doubling up to `maxMs`. */
export interface BackoffSettings {
  initialMs: number;
  maxMs: number;
}

export const defaultBackoff: BackoffSettings = { initialMs: 250, maxMs: 10_000 };

/**
 * The wait before retry number `attempt` (0 first): doubling from `initialMs`, capped at `maxMs`, then
 * drawn between half and all of that ("equal jitter"), so processes that lost a dependency together do
 * not all knock again at the same instant, and none waits longer than the cap.
 */
export function backoffDelay(
  attempt: number,
  settings: BackoffSettings = defaultBackoff,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(settings.maxMs, settings.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A backoff that remembers its step: `next()` after a failure, `reset()` after a success. */
export class Backoff {
  private attempt = 0;
  private readonly settings: BackoffSettings;
  private readonly random: () => number;

  constructor(settings: BackoffSettings = defaultBackoff, random: () => number = Math.random) {
    this.settings = settings;
    this.random = random;
  }

  get failures(): number {
    return this.attempt;
  }

  next(): number {
    const delay = backoffDelay(this.attempt, this.settings, this.random);
    this.attempt++;
    return delay;
  }

  reset(): void {
    this.attempt = 0;
  }
}

export class AbortedError extends Error {
  override name = 'AbortedError';
  constructor(what = 'stopped') {
    super(what);
  }
}

/** Waits `ms`, or less if `signal` aborts (then rejects with AbortedError). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(new AbortedError());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryForeverOptions {
  /** What is away when `work` fails: `postgres`, `kafka`, `redis`, `objectStorage`. Logged and reported. */
  dependency: string;
  /** What the process is trying to do (`migrations`, `create topics`), for the log line. */
  action: string;
  log: Logger;
  /** Stops the retrying (the process is closing): the promise then rejects with AbortedError. */
  signal?: AbortSignal;
  backoff?: BackoffSettings;
  /** Told each failure (readiness shows it). */
  onFailure?: (error: Error) => void;
  random?: () => number;
}

/**
 * Runs `work` until it succeeds, however long its dependency is away, waiting a capped, jittered,
 * growing delay between attempts. One warn line per attempt names the dependency and the next delay:
 * at the 10 s cap that is six lines a minute, not a flood.
 */
export async function retryForever<T>(work: () => Promise<T>, options: RetryForeverOptions): Promise<T> {
  const backoff = new Backoff(options.backoff, options.random);
  for (;;) {
    if (options.signal?.aborted) throw new AbortedError();
    try {
      return await work();
    } catch (caught) {
      if (options.signal?.aborted) throw new AbortedError();
      const error = caught instanceof Error ? caught : new Error(String(caught));
      options.onFailure?.(error);
      const delay = backoff.next();
      options.log.warn(
        {
          dependency: options.dependency,
          action: options.action,
          attempt: backoff.failures,
          retryInMs: delay,
          err: describeError(error),
        },
        `${options.dependency} unavailable (${options.action}); retrying in ${delay} ms`,
      );
      await sleep(delay, options.signal);
    }
  }
}

/** A one-line reason: driver errors often carry an empty message and the cause in `code` or `errors`. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const inner = (error as { errors?: unknown }).errors;
  const message =
    error.message ||
    (Array.isArray(inner) && inner[0] instanceof Error ? inner[0].message : '') ||
    (typeof code === 'string' ? code : '') ||
    error.name;
  return message.slice(0, 300);
}
