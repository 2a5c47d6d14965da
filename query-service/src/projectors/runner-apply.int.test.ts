import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likersOf, postRowOf, type RunnerBed } from './runner-testing.ts';
import { projectorTestbed, testMessages } from './testing.ts';

/** The projector runner applying batches: once each, in a stream's order, whole or not at all. */

let bed: RunnerBed;
let pool: typeof bed.pool;
let runner: typeof bed.runner;
let s: string;

beforeAll(async () => {
  bed = await projectorTestbed('runner', { freshSchemas: true });
  ({ pool, runner, schema: s } = bed);
});
afterAll(async () => {
  await bed?.close();
});

const { envelope, message } = testMessages();

const postRow = postRowOf(() => bed);
const likersOfPost = likersOf(() => bed);
const isLiker = async (postId: string, userId: string) => (await likersOfPost(postId)).includes(userId);

describe('projector runner', () => {
  const postId = randomUUID();
  const author = randomUUID();
  const fan = randomUUID();
  const at = new Date().toISOString();
  const created = envelope('post', postId, 1, 'PostCreated', {
    postId,
    authorId: author,
    content: 'Hello',
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags: ['a'],
    createdAt: at,
  });
  const liked = envelope('post', postId, 2, 'PostLiked', { postId, userId: fan, likesCount: 1, likedAt: at });
  const commented = envelope('post', postId, 3, 'CommentAdded', {
    postId,
    commentId: randomUUID(),
    authorId: fan,
    content: 'Congrats',
    commentsCount: 1,
    createdAt: at,
  });
  const unliked = envelope('post', postId, 4, 'PostUnliked', {
    postId,
    userId: fan,
    likesCount: 0,
    unlikedAt: at,
  });

  it('given post events, builds the row, the comment, the like and the checkpoint', async () => {
    expect(runner.firstAppliedAt).toBeNull();
    const before = Date.now();
    expect(await runner.applyMessages([message(created), message(liked), message(commented)])).toEqual({
      applied: 3,
      skipped: 0,
    });
    // When events were first applied (what a rebuild reports as its start-up time).
    expect(runner.firstAppliedAt).toBeGreaterThanOrEqual(before);
    expect(runner.firstAppliedAt).toBeLessThanOrEqual(Date.now());
    expect(await postRow(postId)).toMatchObject({
      content: 'Hello',
      likes_count: 1,
      comments_count: 1,
      tags: ['a'],
    });
    expect(await isLiker(postId, fan)).toBe(true);
    const { rows } = await pool.query(
      `SELECT stream_version FROM ${s}.stream_checkpoints WHERE stream_id = $1`,
      [postId],
    );
    expect(rows[0].stream_version).toBe(3);
  });

  it('skips a redelivered batch, in order or out of order', async () => {
    const before = await postRow(postId);
    const firstAppliedAt = runner.firstAppliedAt;
    expect(await runner.applyMessages([message(commented), message(liked), message(created)])).toEqual({
      applied: 0,
      skipped: 3,
    });
    expect(runner.firstAppliedAt).toBe(firstAppliedAt);
    expect(await postRow(postId)).toEqual(before);
    const { rows } = await pool.query(`SELECT count(*) AS n FROM ${s}.post_comments WHERE post_id = $1`, [
      postId,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('applies only the new tail of a batch that overlaps what was applied', async () => {
    expect(await runner.applyMessages([message(liked), message(commented), message(unliked)])).toEqual({
      applied: 1,
      skipped: 2,
    });
    expect(await postRow(postId)).toMatchObject({ likes_count: 0 });
    expect(await isLiker(postId, fan)).toBe(false);
  });

  it('moves a checkpoint to the newest event of its stream whatever the order in the batch', async () => {
    const id = randomUUID();
    const first = envelope('post', id, 1, 'PostCreated', { ...(created.data as object), postId: id });
    const second = envelope('post', id, 2, 'PostLiked', {
      postId: id,
      userId: fan,
      likesCount: 1,
      likedAt: at,
    });
    const third = envelope('post', id, 3, 'CommentAdded', {
      ...(commented.data as object),
      postId: id,
      commentId: randomUUID(),
    });
    const checkpoint = async () =>
      (await pool.query(`SELECT stream_version FROM ${s}.stream_checkpoints WHERE stream_id = $1`, [id]))
        .rows[0]?.stream_version;
    expect(await runner.applyMessages([message(first), message(second), message(first)])).toEqual({
      applied: 2,
      skipped: 1,
    });
    expect(await checkpoint()).toBe(2);
    // A batch whose newest event is redelivered before older ones leaves the checkpoint where it is.
    expect(await runner.applyMessages([message(second), message(first)])).toEqual({ applied: 0, skipped: 2 });
    expect(await checkpoint()).toBe(2);
    expect(await runner.applyMessages([message(third), message(second), message(first)])).toEqual({
      applied: 1,
      skipped: 2,
    });
    expect(await checkpoint()).toBe(3);
    expect(await postRow(id)).toMatchObject({ likes_count: 1, comments_count: 1 });
  });

  it('keeps messages that are not valid events as dead letters and applies the rest', async () => {
    const other = randomUUID();
    const good = envelope('post', other, 1, 'PostCreated', { ...(created.data as object), postId: other });
    const result = await runner.applyMessages([
      message('not json'),
      message({ ...good, type: 'Nope' }),
      message(good),
    ]);
    expect(result).toEqual({ applied: 1, skipped: 0 });
    const { rows } = await pool.query(`SELECT reason FROM ${s}.dead_letters ORDER BY id`);
    expect(rows).toHaveLength(2);
    expect(await postRow(other)).toBeDefined();
  });

  it('rolls the whole batch back when one event fails to apply, so it can be redelivered', async () => {
    const id = randomUUID();
    const ok = envelope('post', id, 1, 'PostCreated', { ...(created.data as object), postId: id });
    // A post whose insert breaks a constraint in the middle of the batch.
    await pool.query(`ALTER TABLE ${s}.posts ADD CONSTRAINT no_boom CHECK (content <> 'boom')`);
    const boomId = randomUUID();
    const boom = envelope('post', boomId, 1, 'PostCreated', {
      ...(created.data as object),
      postId: boomId,
      content: 'boom',
    });
    await expect(runner.applyMessages([message(ok), message(boom)])).rejects.toThrow();
    expect(await postRow(id)).toBeUndefined();
    await pool.query(`ALTER TABLE ${s}.posts DROP CONSTRAINT no_boom`);
    expect(await runner.applyMessages([message(ok), message(boom)])).toEqual({ applied: 2, skipped: 0 });
  });
});
