import { ident, type PoolClient } from '@careers/service-kit';
import type { ApplicationResume } from './decide.ts';

type Queryable = Pick<PoolClient, 'query'>;

/** A resume uploaded for one application only, waiting for the apply that names it. */
export interface StagedResume extends ApplicationResume {
  ownerId: string;
}

/**
 * The only reader and writer of `application_resume_uploads` (migration 015): resumes uploaded for an
 * application to come. A staging table, with no event: an upload is not a fact of the product until an
 * application names it, and then ApplicationSubmitted records it. Until then it is the uploader's
 * alone, for an hour (the uploads sweeper removes older rows with their objects).
 */
export class ResumeUploadStore {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.application_resume_uploads`;
  }

  /**
   * Records an upload whose object is stored. Its owner's account must still exist (the foreign key):
   * false when it was deleted meanwhile, and the caller removes the object.
   */
  async stage(db: Queryable, upload: StagedResume, uploadedAt: Date): Promise<boolean> {
    try {
      await db.query(
        `INSERT INTO ${this.table} (upload_id, owner_id, filename, size, uploaded_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [upload.resumeId, upload.ownerId, upload.filename, upload.size, uploadedAt],
      );
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '23503') return false;
      throw error;
    }
  }

  /**
   * Uses the upload up for an apply, in the apply's transaction: its row is deleted, so the resume goes
   * with this application only. Null when it is not there to take: never uploaded, someone else's,
   * taken by another apply (two applies naming it: the second waits on the row and then finds it gone,
   * or takes it when the first rolls back), or swept. If the apply does not commit, the row is back.
   */
  async take(tx: Queryable, uploadId: string, ownerId: string): Promise<ApplicationResume | null> {
    const { rows } = await tx.query<{ filename: string; size: number }>(
      `DELETE FROM ${this.table} WHERE upload_id = $1 AND owner_id = $2 RETURNING filename, size`,
      [uploadId, ownerId],
    );
    const row = rows[0];
    return row ? { resumeId: uploadId, filename: row.filename, size: row.size } : null;
  }

  /**
   * For the uploads sweeper: deletes the rows of uploads made before `cutoff` that no apply took, and
   * answers their ids (their objects are the sweeper's to remove). An apply taking one at the same time
   * either commits first (the row is gone, the object stays with its application) or finds it gone.
   */
  async deleteStagedBefore(db: Queryable, cutoff: Date): Promise<string[]> {
    const { rows } = await db.query<{ upload_id: string }>(
      `DELETE FROM ${this.table} WHERE uploaded_at < $1 RETURNING upload_id`,
      [cutoff],
    );
    return rows.map((row) => row.upload_id);
  }

  /** Of the given file ids, those of uploads still waiting for their apply (the sweeper keeps them). */
  async referencedIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
    const { rows } = await db.query<{ upload_id: string }>(
      `SELECT upload_id FROM ${this.table} WHERE upload_id = ANY($1::uuid[])`,
      [ids],
    );
    return new Set(rows.map((row) => row.upload_id));
  }
}
