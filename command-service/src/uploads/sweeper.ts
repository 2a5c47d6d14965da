import type { Logger, Pool } from '@careers/service-kit';
import { fileOfKey, type ObjectStorage, storageKeys } from '@careers/service-kit/object-storage';
import { ResumeUploadStore } from '../applications/resume-upload-store.ts';
import { ApplicationStore } from '../applications/store.ts';
import { PostImageStore } from '../posts/image-store.ts';
import { PostStore } from '../posts/store.ts';
import { UserStore } from '../users/store.ts';
import { postImageKeys } from './store-picture.ts';

export interface UploadSweeperDeps {
  storage: ObjectStorage;
  pool: Pool;
  users: UserStore;
  applications: ApplicationStore;
  /** Resumes uploaded for an application to come: kept for `olderThanMs`, then removed. */
  resumeUploads: ResumeUploadStore;
  /** The pictures posts hold. */
  posts: PostStore;
  /** Pictures uploaded for a post to come: kept for `olderThanMs`, then removed with their objects. */
  postImages: PostImageStore;
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
 * resume, nor an application's resume, nor a resume uploaded for an application and not yet sent (staged:
 * kept for the same age, then removed with its row) is removed. Keys outside the layout are left alone.
 * Likewise under `post-images/`: an object whose id is neither a post's picture nor an upload waiting
 * for its post (staged: kept for the same age, then removed with its row) is removed.
 *
 * Safe to run anywhere at any time, by several instances at once: an object is only ever named by a
 * commit made within seconds of storing it, and removing a removed key is not an error.
 */
/** The sweeper's parts for a write schema: the stores that name files, on that schema. */
export function uploadSweeperDeps(
  parts: Pick<UploadSweeperDeps, 'storage' | 'pool' | 'log'>,
  schema: string,
): UploadSweeperDeps {
  return {
    ...parts,
    users: new UserStore(schema),
    applications: new ApplicationStore(schema),
    resumeUploads: new ResumeUploadStore(schema),
    posts: new PostStore(schema),
    postImages: new PostImageStore(schema),
  };
}

export async function sweepOrphanedUploads(
  deps: UploadSweeperDeps,
  options: { olderThanMs?: number; now?: Date } = {},
): Promise<string[]> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.olderThanMs ?? ORPHAN_AGE_MS);
  const removed: string[] = [];
  // Resumes uploaded for an application that none took within the age: their rows go first (an apply
  // taking one meanwhile either committed before, or finds it gone), then their objects.
  const unclaimed = new Set(await deps.resumeUploads.deleteStagedBefore(deps.pool, new Date(cutoff)));
  const unclaimedKeys = [...unclaimed].map((id) => storageKeys.resume(id));
  for (let i = 0; i < unclaimedKeys.length; i += BATCH) {
    await deps.storage.remove(unclaimedKeys.slice(i, i + BATCH));
  }
  removed.push(...unclaimedKeys);
  // Likewise the pictures uploaded for a post that none named within the age.
  const unposted = new Set(await deps.postImages.removeStale(deps.pool, new Date(cutoff)));
  const unpostedKeys = [...unposted].flatMap(postImageKeys);
  for (let i = 0; i < unpostedKeys.length; i += BATCH) {
    await deps.storage.remove(unpostedKeys.slice(i, i + BATCH));
  }
  removed.push(...unpostedKeys);
  // The keys of each id waiting to be looked up (a picture has two, listed one after the other).
  let batch = new Map<string, string[]>();

  const settle = async () => {
    const current = batch;
    batch = new Map();
    const ids = [...current.keys()];
    if (ids.length === 0) return;
    // Staged resumes before applications, not at the same time: an apply moves an id from the one to
    // the other in one commit, so read in this order it is seen in one of them.
    // Post pictures likewise: a new post moves its pictures' ids from staging onto its row in one commit.
    const [staged, stagedImages] = await Promise.all([
      deps.resumeUploads.referencedIds(deps.pool, ids),
      deps.postImages.stagedAmong(deps.pool, ids),
    ]);
    const [ofUsers, ofApplications, ofPosts] = await Promise.all([
      deps.users.referencedFileIds(deps.pool, ids),
      deps.applications.referencedResumeIds(deps.pool, ids),
      deps.posts.referencedImageIds(deps.pool, ids),
    ]);
    const kept = (id: string) =>
      ofUsers.has(id) || ofApplications.has(id) || staged.has(id) || stagedImages.has(id) || ofPosts.has(id);
    const orphans = ids.filter((id) => !kept(id)).flatMap((id) => current.get(id) ?? []);
    for (let i = 0; i < orphans.length; i += BATCH) {
      await deps.storage.remove(orphans.slice(i, i + BATCH));
    }
    removed.push(...orphans);
  };

  for (const prefix of [
    storageKeys.picturesPrefix,
    storageKeys.resumesPrefix,
    storageKeys.postImagesPrefix,
  ]) {
    for await (const object of deps.storage.list(prefix)) {
      if (object.lastModified.getTime() >= cutoff) continue;
      const file = fileOfKey(object.key);
      if (!file || (file.kind === 'resume' && unclaimed.has(file.id))) continue;
      if (file.kind === 'postImage' && unposted.has(file.id)) continue;
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
