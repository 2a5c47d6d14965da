import { authMessages } from '@careers/contracts/messages';
import { ident, type PoolClient, preparedName } from '@careers/service-kit';
import { refuse } from '../pipeline/domain-error.ts';
import type { StagedImage } from './decide.ts';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * The only reader and writer of post_image_uploads (migration 013): pictures uploaded for a post to
 * come and not yet in one. A staging table, as idempotency_keys is, and no event: an upload is not a
 * fact of the product until a post names it, and then the post's PostCreated records it. A row here
 * only says "these objects are this person's, waiting": a post consumes it, or the uploads sweeper
 * deletes it with its objects after an hour.
 */
export class PostImageStore {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.post_image_uploads`;
  }

  /**
   * An upload stored in the bucket, waiting for its post. The owner must still have an account
   * (`post_image_uploads_owner`): one deleted while the upload was on its way is refused as the session
   * it came with is, signed out.
   */
  async stage(
    db: Queryable,
    image: StagedImage & { ownerId: string; bytes: number; uploadedAt: Date },
  ): Promise<void> {
    await db
      .query({
        name: preparedName(`${this.table}:stage`),
        text: `INSERT INTO ${this.table} (image_id, owner_id, width, height, bytes, uploaded_at)
             VALUES ($1, $2, $3, $4, $5, $6)`,
        values: [image.imageId, image.ownerId, image.width, image.height, image.bytes, image.uploadedAt],
      })
      .catch((error: unknown) => {
        if ((error as { constraint?: string }).constraint === 'post_image_uploads_owner') {
          throw refuse.unauthenticated(authMessages.signInRequired);
        }
        throw error;
      });
  }

  /**
   * Takes the owner's waiting uploads among `imageIds` out of staging, in the command's transaction:
   * those found are the post's from now on (if the command commits; a refusal rolls the deletion back).
   * The rows are deleted rather than read, so two posts naming one picture at once cannot both have it:
   * the second waits on the row the first deleted and, once the first commits, finds it gone.
   */
  async consume(tx: Queryable, ownerId: string, imageIds: readonly string[]): Promise<StagedImage[]> {
    if (imageIds.length === 0) return [];
    const { rows } = await tx.query<{ image_id: string; width: number; height: number }>({
      name: preparedName(`${this.table}:consume`),
      text: `DELETE FROM ${this.table} WHERE image_id = ANY($1::uuid[]) AND owner_id = $2
             RETURNING image_id, width, height`,
      values: [imageIds.map((id) => id.toLowerCase()), ownerId],
    });
    return rows.map((row) => ({ imageId: row.image_id, width: row.width, height: row.height }));
  }

  /** Of the given ids, those still waiting in staging (the uploads sweeper keeps their objects). */
  async stagedAmong(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
    const { rows } = await db.query<{ image_id: string }>(
      `SELECT image_id FROM ${this.table} WHERE image_id = ANY($1::uuid[])`,
      [ids],
    );
    return new Set(rows.map((row) => row.image_id));
  }

  /** Uploads that waited since before `before` for a post that never came: their ids, rows gone. */
  async removeStale(db: Queryable, before: Date): Promise<string[]> {
    const { rows } = await db.query<{ image_id: string }>(
      `DELETE FROM ${this.table} WHERE uploaded_at < $1 RETURNING image_id`,
      [before],
    );
    return rows.map((row) => row.image_id);
  }

  /** A person's waiting uploads, for their account's deletion: their ids, rows gone. */
  async removeAllOf(tx: Queryable, ownerId: string): Promise<string[]> {
    const { rows } = await tx.query<{ image_id: string }>(
      `DELETE FROM ${this.table} WHERE owner_id = $1 RETURNING image_id`,
      [ownerId],
    );
    return rows.map((row) => row.image_id);
  }
}
