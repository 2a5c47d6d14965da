import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { moveLegacyLikeSets } from './like-sets.ts';

/** The like sets a deployment kept in Redis before `post_likers`, moved into it as the projector starts. */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
beforeAll(async () => {
  // Fresh schemas: the marker of a move still to do (migration 040) as a new deployment has it.
  bed = await projectorTestbed('like-sets', { freshSchemas: true });
});
afterAll(() => bed?.close());

const likers = async () =>
  (
    await bed.pool.query<{ post_id: string; user_id: string }>(
      `SELECT post_id, user_id FROM ${bed.schema}.post_likers ORDER BY post_id, user_id`,
    )
  ).rows;

describe('the like sets kept in Redis before post_likers', () => {
  it('are moved into the table, with the rows there kept, and deleted, once; a later start moves nothing', async () => {
    const posts = Array.from({ length: 1_200 }, () => randomUUID()).sort();
    const [ann, bob] = [randomUUID(), randomUUID()].sort() as [string, string];
    // More sets than one scan step reads; one pair already in the table (a move cut short before).
    const write = bed.redis.pipeline();
    for (const postId of posts) write.sadd(`posts:likes:${postId}`, ann, bob);
    write.set('posts:other', 'kept');
    await write.exec();
    await bed.pool.query(`INSERT INTO ${bed.schema}.post_likers VALUES ($1, $2)`, [posts[0], ann]);

    expect(await moveLegacyLikeSets(bed.pool, bed.schema, bed.redis)).toBe(posts.length);

    expect(await likers()).toEqual(
      posts.flatMap((postId) => [ann, bob].map((user_id) => ({ post_id: postId, user_id }))),
    );
    expect(await bed.redis.exists(`posts:likes:${posts[0]}`)).toBe(0);
    expect(await bed.redis.get('posts:other')).toBe('kept');
    expect(await moveLegacyLikeSets(bed.pool, bed.schema, bed.redis)).toBe(0);
    expect((await likers()).length).toBe(posts.length * 2);
    // Done once: a later start does not scan Redis for them again.
    await bed.redis.sadd(`posts:likes:${posts[0]}`, ann);
    expect(await moveLegacyLikeSets(bed.pool, bed.schema, bed.redis)).toBe(0);
    expect(await bed.redis.exists(`posts:likes:${posts[0]}`)).toBe(1);
  });
});
