import { MAX_SAVED_JOBS } from '@careers/contracts/constants';
import type { JobStatus } from '@careers/contracts/entities/enums';
import type { NewDomainEvent, NewEventOf } from '@careers/contracts/events/catalogue';
import { hiringMessages, savedJobMessages } from '@careers/contracts/messages';
import { jobNotFound } from '../jobs/decide.ts';
import { type Decision, refuse } from '../pipeline/domain-error.ts';
import { evolveUserStream } from '../users/evolve.ts';
import type { UserRecord } from '../users/store.ts';
import type { SavedListEntry } from './store.ts';

/**
 * Saving a job for later (beyond the spec). The list is the person's own: recorded on their user
 * stream, decided on their locked user row, so their saves and unsaves are decided one after another
 * and the count the limit reads is the count the save leaves.
 */

/** What a save or an unsave is decided on: the person, the job, and where it stands on their list. */
export interface SavedJobCommandState extends UserRecord {
  /** The job the command names (lowercased). */
  jobId: string;
  /** The job as the write side keeps it, or null when there is no such job. */
  job: { status: JobStatus } | null;
  entry: SavedListEntry;
}

/**
 * Saving: the job must exist and be open, and the list must have room. A job already saved stays
 * saved and nothing is recorded, whatever the job's state now (it may have closed since: a saved job
 * that closes stays saved). A closed job and a full list are the current state forbidding it: a
 * conflict (409), as applying to a closed job is, and as the API document lists for a command that
 * takes no body (its 400 is for a malformed request).
 */
export function decideSaveJob(input: {
  userId: string;
  jobId: string;
  job: { status: JobStatus } | null;
  entry: SavedListEntry;
  now: Date;
}): Decision<NewEventOf<'JobSaved'>> {
  const { userId, jobId, job, entry } = input;
  if (!job) return jobNotFound();
  if (entry.savedAt !== null) return [];
  if (job.status === 'closed') return refuse.conflict(hiringMessages.jobClosed);
  if (entry.count >= MAX_SAVED_JOBS) return refuse.conflict(savedJobMessages.tooMany);
  return [{ type: 'JobSaved', data: { userId, jobId, savedAt: input.now.toISOString() } }];
}

/**
 * Unsaving: whatever the job's state. A job not on the list records nothing; one that does not exist
 * (and so cannot be on it) is not found. A job on the list is taken off even if it were gone.
 */
export function decideUnsaveJob(input: {
  userId: string;
  jobId: string;
  job: { status: JobStatus } | null;
  entry: SavedListEntry;
  now: Date;
}): Decision<NewEventOf<'JobUnsaved'>> {
  const { userId, jobId, entry } = input;
  if (entry.savedAt === null) return input.job ? [] : jobNotFound();
  return [{ type: 'JobUnsaved', data: { userId, jobId, unsavedAt: input.now.toISOString() } }];
}

/** Where the job stands on the list after these events (pure). */
export function evolveSavedEntry(entry: SavedListEntry, event: NewDomainEvent): SavedListEntry {
  switch (event.type) {
    case 'JobSaved':
      return entry.savedAt === null ? { savedAt: event.data.savedAt, count: entry.count + 1 } : entry;
    case 'JobUnsaved':
      return entry.savedAt === null ? entry : { savedAt: null, count: entry.count - 1 };
    default:
      return entry;
  }
}

/** The state a save's or unsave's events leave: the user stream moved on, and the list's entry. */
export function evolveSavedJobCommand(
  state: SavedJobCommandState,
  events: readonly NewDomainEvent[],
): SavedJobCommandState {
  return { ...evolveUserStream(state, events), entry: events.reduce(evolveSavedEntry, state.entry) };
}
