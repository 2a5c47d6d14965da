import { ident, type PoolClient, preparedName } from '@careers/service-kit';

type Queryable = Pick<PoolClient, 'query'>;

/** Where one tag stands on one person's followed list, and how long the list is. */
export interface FollowedTagEntry {
  /** The spelling the tag was followed by, or null when it is not followed. */
  tag: string | null;
  /** When it was followed, or null. */
  followedAt: string | null;
  /** How many tags the person follows now, this one included if it is. */
  count: number;
}

/**
 * The only reader and writer of the followed_tags table (migration 014). Every read here is made after
 * the person's user row is locked (`UserStore.lock`), in a statement of its own: under READ COMMITTED
 * it then sees every follow and unfollow of theirs that committed while the lock was awaited, since
 * each of those held the same row. That is what makes two follows of one tag at once record one event.
 */
export class FollowedTagStore {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.followed_tags`;
  }

  /** Whether the tag (by `tagKey`) is followed, by which spelling and since when, and how many are. */
  async entry(tx: Queryable, userId: string, key: string): Promise<FollowedTagEntry> {
    const { rows } = await tx.query<{ tag: string | null; followed_at: Date | null; count: number }>({
      name: preparedName(`${this.table}:entry`),
      text: `SELECT t.tag, t.followed_at,
                    (SELECT count(*)::int FROM ${this.table} WHERE user_id = $1) AS count
               FROM (SELECT 1) AS one
               LEFT JOIN ${this.table} t ON t.user_id = $1 AND t.tag_key = $2`,
      values: [userId, key],
    });
    const row = rows[0];
    return {
      tag: row?.tag ?? null,
      followedAt: row?.followed_at?.toISOString() ?? null,
      count: row?.count ?? 0,
    };
  }

  async add(tx: Queryable, userId: string, key: string, tag: string, followedAt: string): Promise<void> {
    await tx.query({
      name: preparedName(`${this.table}:add`),
      text: `INSERT INTO ${this.table} (user_id, tag_key, tag, followed_at) VALUES ($1, $2, $3, $4)`,
      values: [userId, key, tag, followedAt],
    });
  }

  async remove(tx: Queryable, userId: string, key: string): Promise<void> {
    await tx.query({
      name: preparedName(`${this.table}:remove`),
      text: `DELETE FROM ${this.table} WHERE user_id = $1 AND tag_key = $2`,
      values: [userId, key],
    });
  }

  /** The person's whole list, for their account's deletion (before their user row goes). */
  async removeAllOf(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`DELETE FROM ${this.table} WHERE user_id = $1`, [userId]);
  }
}
