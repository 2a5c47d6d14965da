import { z } from 'zod';
import { Job } from './job.ts';
import { Id, IsoDateTime } from './scalars.ts';

/** A job on the reader's saved list, as it is now (it may have closed since), and when it was saved. */
export const SavedJob = z.object({ job: Job, savedAt: IsoDateTime });
export type SavedJob = z.infer<typeof SavedJob>;

/** What saving or unsaving answers: whether the job is on the reader's list now. */
export const SavedJobState = z.object({ jobId: Id, saved: z.boolean() });
export type SavedJobState = z.infer<typeof SavedJobState>;
