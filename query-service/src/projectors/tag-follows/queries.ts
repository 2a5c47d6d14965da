import type { FollowedTag } from '@careers/contracts/entities/tag';
import { tagKey } from '@careers/contracts/tags';
import type { Pool } from '@careers/service-kit';

/** The only reader of the tag-follows read model's table. */
export class TagFollowQueries {
  private readonly pool: Pool;
  private readonly s: string;

  constructor(pool: Pool, schema: string) {
    this.pool = pool;
    this.s = schema;
  }

  /**
   * The tags a person follows, as they spelled them, the latest followed first (the write side keeps
   * MAX_FOLLOWED_TAGS at most, read through the key's first column).
   */
  async ofUser(userId: string): Promise<FollowedTag[]> {
    const { rows } = await this.pool.query<{ tag: string; followed_at: Date }>(
      `SELECT tag, followed_at FROM ${this.s}.tag_follows WHERE user_id = $1
        ORDER BY followed_at DESC, tag_key DESC`,
      [userId],
    );
    return rows.map((r) => ({ tag: r.tag, followedAt: r.followed_at.toISOString() }));
  }

  /**
   * How many people follow `tag` (compared by its key), and whether the reader does: counted through
   * the index of the keys.
   */
  async followersOf(
    tag: string,
    viewerId: string,
  ): Promise<{ followersCount: number; isFollowing: boolean }> {
    const { rows } = await this.pool.query<{ n: number; following: boolean }>(
      `SELECT count(*)::int AS n, coalesce(bool_or(user_id = $2), false) AS following
         FROM ${this.s}.tag_follows WHERE tag_key = $1`,
      [tagKey(tag), viewerId],
    );
    return { followersCount: rows[0]?.n ?? 0, isFollowing: rows[0]?.following ?? false };
  }
}
