import { routes } from '@careers/contracts/routes';
import type { CommandTransaction } from '../event-log/event-store.ts';
import type { JobState } from '../jobs/decide.ts';
import type { JobStore } from '../jobs/store.ts';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import { userStream } from '../users/routes.ts';
import type { UserStore } from '../users/store.ts';
import {
  decideSaveJob,
  decideUnsaveJob,
  evolveSavedJobCommand,
  type SavedJobCommandState,
} from './decide.ts';
import type { SavedJobStore } from './store.ts';

export interface SavedJobRouteDeps extends PipelineDeps {
  users: UserStore;
  jobs: JobStore;
  savedJobs: SavedJobStore;
}

/**
 * `PUT /jobs/:id/saved` and `DELETE /jobs/:id/saved` (beyond the spec): recorded on the signed-in
 * person's own stream (JobSaved, JobUnsaved), decided on their locked user row as every command of
 * their stream is. So two saves of theirs at once, or a save and an unsave of one job, run one after
 * the other: the second reads the list as the first left it (the count for MAX_SAVED_JOBS included)
 * and appends after it. Nobody else's list can be reached: the list is always the actor's.
 */
export function registerSavedJobRoutes(deps: SavedJobRouteDeps): void {
  const { users, jobs, savedJobs } = deps;

  /**
   * The person's row locked first; then, in statements of their own (which see every change to the
   * list committed while the lock was awaited), the list's entry for the job and the job.
   */
  async function load(
    tx: CommandTransaction,
    userId: string,
    rawJobId: string,
    readJob: (jobId: string) => Promise<JobState | null>,
  ): Promise<SavedJobCommandState | null> {
    const record = await users.lock(tx.client, userId);
    if (!record) return null;
    const jobId = rawJobId.toLowerCase();
    const entry = await savedJobs.entry(tx.client, userId, jobId);
    const job = await readJob(jobId);
    return { ...record, jobId, job: job && { status: job.status }, entry };
  }

  async function save(tx: CommandTransaction, next: SavedJobCommandState): Promise<void> {
    await users.save(tx.client, next);
    const { user, jobId, entry } = next;
    if (entry.savedAt === null) await savedJobs.remove(tx.client, user._id, jobId);
    else await savedJobs.add(tx.client, user._id, jobId, entry.savedAt);
  }

  const respond = ({ jobId, entry }: SavedJobCommandState) => ({
    data: { jobId, saved: entry.savedAt !== null },
  });

  registerCommand(deps, {
    route: routes.saveJob,
    // The job is held FOR SHARE, as an apply holds it: a close in flight commits first and the job
    // reads closed, or waits for the save, which was then made on an open job.
    load: async (tx, { actor, params }) =>
      (await load(tx, actor.userId, params.id, (jobId) => jobs.lockForApplying(tx.client, jobId))) ??
      signedOut(),
    decide: ({ user, jobId, job, entry }, { now }) =>
      decideSaveJob({ userId: user._id, jobId, job, entry, now }),
    stream: userStream,
    evolve: evolveSavedJobCommand,
    save,
    respond,
  });

  registerCommand(deps, {
    route: routes.unsaveJob,
    // Whatever the job's state: it is read (not held) only to tell "not saved" from "no such job".
    load: async (tx, { actor, params }) =>
      (await load(tx, actor.userId, params.id, (jobId) => jobs.find(tx.client, jobId))) ?? signedOut(),
    decide: ({ user, jobId, job, entry }, { now }) =>
      decideUnsaveJob({ userId: user._id, jobId, job, entry, now }),
    stream: userStream,
    evolve: evolveSavedJobCommand,
    save,
    respond,
  });
}
