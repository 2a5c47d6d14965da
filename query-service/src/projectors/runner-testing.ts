import type { projectorTestbed } from './testing.ts';

export type RunnerBed = Awaited<ReturnType<typeof projectorTestbed>>;

/** The posts read model's row of a post (undefined before it is projected), in the testbed `bed()` gives. */
export function postRowOf(bed: () => RunnerBed) {
  return async (id: string) =>
    (await bed().pool.query(`SELECT * FROM ${bed().schema}.posts WHERE id = $1`, [id])).rows[0];
}
