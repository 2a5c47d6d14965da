import type { Startup } from '@careers/service-kit';

/** Aborts `startup` when `signal` does, for as long as `work` runs. */
export async function abortable<T>(
  startup: Startup,
  signal: AbortSignal | undefined,
  work: () => Promise<T>,
) {
  const abort = () => startup.abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await work();
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}
