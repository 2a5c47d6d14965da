import type { Pool, Redis } from '@careers/service-kit';

/** The Redis set of a post's likers that the posts model kept before `post_likers` (migration 039). */
const LEGACY_LIKE_SETS = 'posts:likes:';

/** How many sets one scan step reads, and one statement moves. */
const SETS_A_STEP = 500;

/**
 * Moves the like sets a deployment kept in Redis before migration 039 into `post_likers`, then deletes
 * them: run by the projector as it starts, before it consumes, until it has done so once
 * (`like_sets_to_move`, migration 040), as looking for them scans every key in Redis. Each step's rows
 * are committed before its sets are deleted, so a move cut short is done again at the next start (the
 * rows are kept once, by their key). Returns how many sets it moved.
 *
 * The sets carry what they had: a like Redis lost before the move stays lost until the read models
 * are rebuilt from the topics (docs/operations.md, "Rebuilding the read models").
 */
export async function moveLegacyLikeSets(pool: Pool, schema: string, redis: Redis): Promise<number> {
  const { rows } = await pool.query(`SELECT 1 FROM ${schema}.like_sets_to_move`);
  if (rows.length === 0) return 0;
  const prefix = redis.options.keyPrefix ?? '';
  let moved = 0;
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(
      cursor,
      'MATCH',
      `${prefix}${LEGACY_LIKE_SETS}*`,
      'COUNT',
      SETS_A_STEP,
    );
    cursor = next;
    const keys = found.map((k) => k.slice(prefix.length));
    if (keys.length === 0) continue;
    const read = redis.pipeline();
    for (const key of keys) read.smembers(key);
    const members = (await read.exec()) ?? [];
    const postIds: string[] = [];
    const userIds: string[] = [];
    keys.forEach((key, i) => {
      const [error, users] = members[i] ?? [null, []];
      if (error) throw error;
      for (const userId of users as string[]) {
        postIds.push(key.slice(LEGACY_LIKE_SETS.length));
        userIds.push(userId);
      }
    });
    if (postIds.length > 0) {
      await pool.query(
        `INSERT INTO ${schema}.post_likers (post_id, user_id) SELECT * FROM unnest($1::text[], $2::text[])
         ON CONFLICT DO NOTHING`,
        [postIds, userIds],
      );
    }
    await redis.del(...keys);
    moved += keys.length;
  } while (cursor !== '0');
  await pool.query(`DELETE FROM ${schema}.like_sets_to_move`);
  return moved;
}
