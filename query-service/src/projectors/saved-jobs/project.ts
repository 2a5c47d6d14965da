import { type EventOfType, eventsDecided } from '@careers/contracts/events/event-table';
import {
  defineProjector,
  type ProjectionContext,
  unhandled,
  userEventsBesidesDeletion,
} from '../projector.ts';

/** The events a person's saved list is made of, besides the AccountDeleted that takes it away. */
const savedJobEvents = ['JobSaved', 'JobUnsaved'] as const;

type SavedJobEventType = (typeof savedJobEvents)[number];
type SaveOrUnsave = EventOfType<SavedJobEventType>;

/** The user events this model has no use for: those others read the user stream for. */
const otherUserEvents = userEventsBesidesDeletion.filter(
  (type): type is Exclude<(typeof userEventsBesidesDeletion)[number], SavedJobEventType> =>
    !(savedJobEvents as readonly string[]).includes(type),
);

/**
 * The jobs each person saved for later (`saved_jobs`, migration 032): a row per person and job, with
 * when it was saved. JobSaved writes the row (set anew if it is there: the write side records a save
 * only of a job not saved, so that is a redelivery), JobUnsaved deletes it, and the person's
 * AccountDeleted deletes all of theirs. The model keeps the job's id alone and reads nothing of any
 * other model: the route asks the jobs model for the jobs themselves (routes/jobs.ts), so a saved job
 * that closed shows closed.
 *
 * Every event here is on the person's own stream, so none of theirs can come after their
 * AccountDeleted (no lagging topic to ask the erasure ledger about). The runner skips a redelivery by
 * the stream's checkpoint, and each statement sets absolute values besides, so an event applied again
 * leaves the same rows; a rebuild truncates the table (`reset`) and replays the user topic into it.
 */
export const savedJobsProjector = defineProjector({
  name: 'saved-jobs',
  handles: eventsDecided(['user'], {
    handles: [...savedJobEvents, 'AccountDeleted'],
    ignores: otherUserEvents,
  }),
  async apply(event, ctx) {
    switch (event.type) {
      // Written as a run of one (applyBatch).
      case 'JobSaved':
      case 'JobUnsaved':
        return applySaves([event], ctx);
      case 'AccountDeleted':
        await ctx.tx.query(`DELETE FROM ${ctx.schema}.saved_jobs WHERE user_id = $1`, [event.data.userId]);
        return;
      default:
        return unhandled(event);
    }
  },
  // Nothing else reads the saved list, and it reads nothing: a run of saves and unsaves is written at
  // once, whatever other user events the run holds for other models.
  batched: [...savedJobEvents],
  // Given only the batched types (defineProjector), which the filter tells the compiler.
  applyBatch: (events, ctx) =>
    applySaves(
      events.filter((event): event is SaveOrUnsave => event.type !== 'AccountDeleted'),
      ctx,
    ),
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.saved_jobs`);
  },
});

/**
 * A run of saves and unsaves (in stream order) in at most two statements: each person and job ends as
 * its last event of the run left it, saved (when) or not, which is what applying them one at a time
 * leaves, as every statement sets absolute values.
 */
async function applySaves(
  events: readonly SaveOrUnsave[],
  { tx, schema }: Pick<ProjectionContext, 'tx' | 'schema'>,
): Promise<void> {
  const last = new Map<string, { userId: string; jobId: string; savedAt: string | null }>();
  for (const event of events) {
    const { userId, jobId } = event.data;
    const savedAt = event.type === 'JobSaved' ? event.data.savedAt : null;
    last.set(`${userId} ${jobId}`, { userId, jobId, savedAt });
  }
  const saved = [...last.values()].filter((s) => s.savedAt !== null);
  const unsaved = [...last.values()].filter((s) => s.savedAt === null);
  if (unsaved.length > 0) {
    await tx.query(
      `DELETE FROM ${schema}.saved_jobs s USING unnest($1::text[], $2::text[]) AS x(user_id, job_id)
        WHERE s.user_id = x.user_id AND s.job_id = x.job_id`,
      [unsaved.map((s) => s.userId), unsaved.map((s) => s.jobId)],
    );
  }
  if (saved.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.saved_jobs (user_id, job_id, saved_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
       ON CONFLICT (user_id, job_id) DO UPDATE SET saved_at = EXCLUDED.saved_at`,
      [saved.map((s) => s.userId), saved.map((s) => s.jobId), saved.map((s) => s.savedAt)],
    );
  }
}
