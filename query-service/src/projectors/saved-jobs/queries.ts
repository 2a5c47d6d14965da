import { MAX_SAVED_JOBS } from '@careers/contracts/constants';
import type { Pool } from '@careers/service-kit';

/** A job on a person's saved list: its id (the jobs model has the job) and when it was saved. */
export interface SavedJobEntry {
  jobId: string;
  savedAt: string;
}

/** The only reader of the saved-jobs read model's table. */
export class SavedJobQueries {
  private readonly pool: Pool;
  private readonly s: string;

  constructor(pool: Pool, schema: string) {
    this.pool = pool;
    this.s = schema;
  }

  /** The jobs a person saved, the latest saved first, at most `limit` (the write side keeps 500 at most). */
  async ofUser(userId: string, limit = MAX_SAVED_JOBS): Promise<SavedJobEntry[]> {
    const { rows } = await this.pool.query<{ job_id: string; saved_at: Date }>(
      `SELECT job_id, saved_at FROM ${this.s}.saved_jobs WHERE user_id = $1
        ORDER BY saved_at DESC, job_id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => ({ jobId: r.job_id, savedAt: r.saved_at.toISOString() }));
  }
}
