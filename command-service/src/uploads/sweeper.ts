import type { Logger, Pool } from '@careers/service-kit';
import { fileOfKey, type ObjectStorage, storageKeys } from '@careers/service-kit/object-storage';
import type { ApplicationStore } from '../applications/store.ts';
import type { UserStore } from '../users/store.ts';

export interface UploadSweeperDeps {
  storage: ObjectStorage;
  pool: Pool;
  users: UserStore;
  applications: ApplicationStore;
  log: Logger;
}

const MINUTE = 60_000;
/** Old enough that no upload still on its way to a commit can own it: uploads take seconds. */
export const ORPHAN_AGE_MS = 60 * MINUTE;
export const SWEEP_EVERY_MS = 10 * MINUTE;
/** Ids looked up per query, and keys removed per request. */
const BATCH = 500;

/**
 * Removes the uploaded objects nothing names. Files are stored before the command that records them
 * commits, and an upload whose command fails removes its own objects; but a crash (or a lost
 * connection to the bucket) in between leaves objects no table refers to. Every object under
 * `pictures/` and `resumes/` older than `olderThanMs` whose id is neither a user's current picture or
 * resume nor an application's resume is removed. Keys outside the layout are left alone.
 *
 * Safe to run anywhere at any time, by several instances at once: an object is only ever named by a
 * commit made within seconds of storing it, and removing a removed key is not an error.
 */
export async function sweepOrphanedUploads(
  deps: UploadSweeperDeps,
  options: { olderThanMs?: number; now?: Date } = {},
): Promise<string[]> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.olderThanMs ?? ORPHAN_AGE_MS);
  const removed: string[] = [];
  // The keys of each id waiting to be looked up (a picture has two, listed one after the other).
  let batch = new Map<string, string[]>();

  const settle = async () => {
    const current = batch;
    batch = new Map();
    const ids = [...current.keys()];
    if (ids.length === 0) return;
    const [ofUsers, ofApplications] = await Promise.all([
      deps.users.referencedFileIds(deps.pool, ids),
      deps.applications.referencedResumeIds(deps.pool, ids),
    ]);
    const orphans = ids
      .filter((id) => !ofUsers.has(id) && !ofApplications.has(id))
      .flatMap((id) => current.get(id) ?? []);
    for (let i = 0; i < orphans.length; i += BATCH) {
      await deps.storage.remove(orphans.slice(i, i + BATCH));
    }
    removed.push(...orphans);
  };

  for (const prefix of [storageKeys.picturesPrefix, storageKeys.resumesPrefix]) {
    for await (const object of deps.storage.list(prefix)) {
      if (object.lastModified.getTime() >= cutoff) continue;
      const file = fileOfKey(object.key);
      if (!file) continue;
      const keys = batch.get(file.id);
      if (keys) {
        keys.push(object.key);
        continue;
      }
      if (batch.size >= BATCH) await settle();
      batch.set(file.id, [object.key]);
    }
  }
  await settle();
  if (removed.length > 0) deps.log.info({ removed: removed.length }, 'removed orphaned uploads');
  return removed;
}

/** Sweeps every `everyMs` (first after one interval, so short-lived processes never sweep). */
export function startUploadSweeper(deps: UploadSweeperDeps, everyMs = SWEEP_EVERY_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOrphanedUploads(deps)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'sweeping orphaned uploads failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
