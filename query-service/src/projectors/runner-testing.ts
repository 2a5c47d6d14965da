import type { projectorTestbed } from './testing.ts';

export type RunnerBed = Awaited<ReturnType<typeof projectorTestbed>>;

/** The posts read model's row of a post (undefined before it is projected), in the testbed `bed()` gives. */
export function postRowOf(bed: () => RunnerBed) {
  return async (id: string) =>
    (await bed().pool.query(`SELECT * FROM ${bed().schema}.posts WHERE id = $1`, [id])).rows[0];
}

/** The people who like a post, as the posts model keeps them (`post_likers`), in order. */
export function likersOf(bed: () => RunnerBed) {
  return async (postId: string) =>
    (
      await bed().pool.query<{ user_id: string }>(
        `SELECT user_id FROM ${bed().schema}.post_likers WHERE post_id = $1 ORDER BY user_id`,
        [postId],
      )
    ).rows.map((r) => r.user_id);
}
