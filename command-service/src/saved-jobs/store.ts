import { ident, type PoolClient, preparedName } from '@careers/service-kit';

type Queryable = Pick<PoolClient, 'query'>;

/** Where one job stands on one person's saved list, and how long the list is. */
export interface SavedListEntry {
  /** When the job was saved, or null when it is not on the list. */
  savedAt: string | null;
  /** How many jobs the person has saved now, this one included if it is. */
  count: number;
}

/**
 * The only reader and writer of the saved_jobs table (migration 012). Every read here is made after
 * the person's user row is locked (`UserStore.lock`), in a statement of its own: under READ COMMITTED
 * it then sees every save and unsave of theirs that committed while the lock was awaited, since each
 * of those held the same row.
 */
export class SavedJobStore {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.saved_jobs`;
  }

  /** Whether `jobId` is on the person's list (and since when), and how many jobs are, in one round trip. */
  async entry(tx: Queryable, userId: string, jobId: string): Promise<SavedListEntry> {
    const { rows } = await tx.query<{ saved_at: Date | null; count: number }>({
      name: preparedName(`${this.table}:entry`),
      text: `SELECT (SELECT saved_at FROM ${this.table} WHERE user_id = $1 AND job_id = $2) AS saved_at,
                    (SELECT count(*)::int FROM ${this.table} WHERE user_id = $1) AS count`,
      values: [userId, jobId],
    });
    const row = rows[0];
    return { savedAt: row?.saved_at?.toISOString() ?? null, count: row?.count ?? 0 };
  }

  async add(tx: Queryable, userId: string, jobId: string, savedAt: string): Promise<void> {
    await tx.query({
      name: preparedName(`${this.table}:add`),
      text: `INSERT INTO ${this.table} (user_id, job_id, saved_at) VALUES ($1, $2, $3)`,
      values: [userId, jobId, savedAt],
    });
  }

  async remove(tx: Queryable, userId: string, jobId: string): Promise<void> {
    await tx.query({
      name: preparedName(`${this.table}:remove`),
      text: `DELETE FROM ${this.table} WHERE user_id = $1 AND job_id = $2`,
      values: [userId, jobId],
    });
  }

  /** The person's whole list, for their account's deletion (before their user row goes). */
  async removeAllOf(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`DELETE FROM ${this.table} WHERE user_id = $1`, [userId]);
  }
}
