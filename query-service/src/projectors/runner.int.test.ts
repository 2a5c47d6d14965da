import { randomUUID } from 'node:crypto';
import { createKafka, createLogger, ensureTopics, topicName, withTransaction } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorLag } from '../rebuild.ts';
import { jobPostedData } from './jobs/testing.ts';
import { jobsListVersion } from './jobs/version.ts';
import { postKeys } from './posts/keys.ts';
import type { Projector } from './projector.ts';
import { projectors } from './registry.ts';
import { PROJECTIONS_VERSION_KEY, ProjectorRunner, unloggedTables } from './runner.ts';
import { projectorTestbed, testMessages } from './testing.ts';

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let pool: typeof bed.pool;
let redis: typeof bed.redis;
let runner: typeof bed.runner;
let s: string;

beforeAll(async () => {
  bed = await projectorTestbed('runner');
  ({ pool, redis, runner, schema: s } = bed);
});
afterAll(async () => {
  await bed?.close();
});

const { envelope, message, registered } = testMessages();

const postRow = async (id: string) =>
  (await pool.query(`SELECT * FROM ${s}.posts WHERE id = $1`, [id])).rows[0];

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

  it('given post events, builds the row, the comment, the like set and the checkpoint', async () => {
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
    expect(await redis.sismember(postKeys.likes(postId), fan)).toBe(1);
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
    expect(await redis.sismember(postKeys.likes(postId), fan)).toBe(0);
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

describe('read model versions', () => {
  const { event } = testMessages();
  const versions = async () => ({
    any: await redis.get(PROJECTIONS_VERSION_KEY),
    jobs: await redis.get(jobsListVersion.key),
  });
  const postId = randomUUID();
  const job = jobPostedData();

  it('moves the jobs version for a batch with a job event, and only then', async () => {
    // Given a post and a like: every read model's version moves, the jobs listing's does not.
    const before = await versions();
    await runner.applyMessages([
      message(
        event('PostCreated', postId, 1, {
          postId,
          authorId: randomUUID(),
          content: 'Hello',
          type: 'text',
          category: 'Career',
          visibility: 'public',
          tags: [],
          createdAt: new Date().toISOString(),
        }),
      ),
      message(
        event('PostLiked', postId, 2, {
          postId,
          userId: randomUUID(),
          likesCount: 1,
          likedAt: new Date().toISOString(),
        }),
      ),
    ]);
    const afterPosts = await versions();
    expect(afterPosts.any).not.toBe(before.any);
    expect(afterPosts.jobs).toBe(before.jobs);

    // When a job is posted, both move.
    await runner.applyMessages([message(event('JobPosted', job.jobId, 1, job))]);
    const afterJob = await versions();
    expect(afterJob.any).not.toBe(afterPosts.any);
    expect(afterJob.jobs).not.toBe(afterPosts.jobs);
  });

  it('moves it for an application, which the listing counts', async () => {
    const before = await versions();
    const applicationId = randomUUID();
    await runner.applyMessages([
      message(
        event('ApplicationSubmitted', applicationId, 1, {
          applicationId,
          jobId: job.jobId,
          applicantId: randomUUID(),
          employerId: job.employerId,
          coverLetter: 'Hello',
          expectedSalary: null,
          appliedAt: new Date().toISOString(),
        }),
      ),
    ]);
    expect((await versions()).jobs).not.toBe(before.jobs);
  });

  it('moves nothing for a redelivered job batch, which changes nothing', async () => {
    const before = await versions();
    expect(await runner.applyMessages([message(event('JobPosted', job.jobId, 1, job))])).toEqual({
      applied: 0,
      skipped: 1,
    });
    expect(await versions()).toEqual(before);
  });
});

/** The posts topic, with `events` written to it as the relay writes them. */
async function postsTopicWith(events: readonly { streamId: string }[]) {
  const kafka = createKafka(bed.config, 'test', createLogger('test', 'silent'));
  const topic = topicName(bed.config, 'post');
  await ensureTopics(kafka, bed.config, runner.topics());
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({
    topic,
    messages: events.map((e) => ({ key: e.streamId, value: JSON.stringify(e) })),
  });
  await producer.disconnect();
  return { kafka, topic };
}

describe('replaying the topics (a rebuild)', () => {
  const at = new Date().toISOString();
  const post = (id: string, content: string, authorId = randomUUID()) =>
    envelope('post', id, 1, 'PostCreated', {
      postId: id,
      authorId,
      content,
      type: 'text',
      category: 'Career',
      visibility: 'public',
      tags: [],
      createdAt: at,
    });
  const like = (postId: string, userId: string) =>
    envelope('post', postId, 2, 'PostLiked', { postId, userId, likesCount: 1, likedAt: at });

  it('tries a failing transaction again until it commits, applying nothing after it before it', async () => {
    const [x, y, fan] = [randomUUID(), randomUUID(), randomUUID()];
    await pool.query(`ALTER TABLE ${s}.posts ADD CONSTRAINT not_stuck CHECK (content <> 'stuck')`);
    const { kafka, topic } = await postsTopicWith([post(x, 'stuck'), like(x, fan), post(y, 'after')]);
    const checkpoint = async (id: string) =>
      (await pool.query(`SELECT stream_version FROM ${s}.stream_checkpoints WHERE stream_id = $1`, [id]))
        .rows[0]?.stream_version;
    runner.replay();
    await runner.start();
    try {
      // Long enough for several tries of the failing transaction, and for later batches to be fetched.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await postRow(x)).toBeUndefined();
      expect(await checkpoint(x)).toBeUndefined();
      const lagWhileStuck = await projectorLag(kafka, runner.groupId(), [topic]);
      expect(lagWhileStuck).toBeGreaterThan(0);
      await pool.query(`ALTER TABLE ${s}.posts DROP CONSTRAINT not_stuck`);
      for (let i = 0; i < 100 && (await projectorLag(kafka, runner.groupId(), [topic])) > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await projectorLag(kafka, runner.groupId(), [topic])).toBe(0);
      expect(await postRow(x)).toMatchObject({ content: 'stuck', likes_count: 1 });
      expect(await postRow(y)).toMatchObject({ content: 'after' });
      expect(await redis.smembers(postKeys.likes(x))).toEqual([fan]);
      // Kept by the runner while it replays, and written once at the end (rebuildProjections).
      expect(await checkpoint(x)).toBeUndefined();
    } finally {
      await runner.stop();
    }
    await withTransaction(pool, (tx) => runner.writeReplayedCheckpoints(tx));
    expect(await checkpoint(x)).toBe(2);
    expect(await checkpoint(y)).toBe(1);
  });

  it('tries the failing transaction of the projectors behind again without applying the others twice, and holds the offsets until it commits', async () => {
    const [x, author, fan] = [randomUUID(), randomUUID(), randomUUID()];
    const notified = async () =>
      (await pool.query(`SELECT kind, actor_count FROM ${s}.notifications WHERE user_id = $1`, [author]))
        .rows;
    await pool.query(`ALTER TABLE ${s}.notifications ADD CONSTRAINT not_yet CHECK (user_id <> '${author}')`);
    const { kafka, topic } = await postsTopicWith([post(x, 'behind', author), like(x, fan)]);
    const replaying = bed.runnerOf(projectors);
    replaying.replay();
    await replaying.start();
    try {
      await expect.poll(() => postRow(x), { timeout: 5000 }).toMatchObject({ likes_count: 1 });
      // Long enough for several tries of the notifications' transaction.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await notified()).toEqual([]);
      expect(await projectorLag(kafka, replaying.groupId(), [topic])).toBeGreaterThan(0);
      await pool.query(`ALTER TABLE ${s}.notifications DROP CONSTRAINT not_yet`);
      for (let i = 0; i < 100 && (await projectorLag(kafka, replaying.groupId(), [topic])) > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await projectorLag(kafka, replaying.groupId(), [topic])).toBe(0);
      expect(await notified()).toEqual([{ kind: 'post_likes', actor_count: 1 }]);
      expect(await postRow(x)).toMatchObject({ content: 'behind', likes_count: 1 });
      expect(await redis.smembers(postKeys.likes(x))).toEqual([fan]);
    } finally {
      await replaying.stop();
      await pool.query(`ALTER TABLE ${s}.notifications DROP CONSTRAINT IF EXISTS not_yet`);
    }
  });
});

describe('a batch transaction', () => {
  it('prices a random page as the in-memory page it is, for its own statements only', async () => {
    const seen: string[] = [];
    const probe: Projector = {
      name: 'probe',
      handles: ['UserRegistered'],
      async apply(_event, ctx) {
        const { rows } = await ctx.tx.query<{ cost: string }>(
          `SELECT current_setting('random_page_cost') AS cost`,
        );
        seen.push(rows[0]?.cost ?? '');
      },
      async reset() {},
    };
    const log = createLogger('test', 'silent');
    const probing = new ProjectorRunner({
      vault: bed.vault,
      pool,
      schema: bed.config.DB_SCHEMA,
      redis,
      kafka: createKafka(bed.config, 'test', log),
      kafkaSettings: bed.config,
      log,
      projectors: [probe],
      versions: [],
    });
    // Every session of the testbed's pool (4), the batch's among them, as it is outside a batch.
    const everySession = async () => {
      const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
      try {
        return await Promise.all(
          clients.map(async (client) => {
            const { rows } = await client.query<{ cost: string }>(
              `SELECT current_setting('random_page_cost') AS cost`,
            );
            return rows[0]?.cost;
          }),
        );
      } finally {
        for (const client of clients) client.release();
      }
    };
    const before = await everySession();
    await probing.applyMessages([message(registered(randomUUID(), 'Probe'))]);
    expect(seen).toEqual(['1.1']);
    expect(await everySession()).toEqual(before);
    expect(before).not.toContain('1.1');
  });
});

describe('read models left unlogged by a rebuild that did not finish', () => {
  it('keep the live projector from starting until they are logged again', async () => {
    const other = await projectorTestbed('runner-unlogged');
    const schema = other.config.DB_SCHEMA;
    try {
      await other.pool.query(`ALTER TABLE ${other.schema}.posts SET UNLOGGED`);
      expect(await unloggedTables(other.pool, schema)).toEqual(['posts']);
      void other.runner.start().catch(() => {});
      for (let i = 0; i < 50 && !/unlogged/.test(other.runner.consumerState().state); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(other.runner.consumerState()).toMatchObject({ joined: false });
      expect(other.runner.consumerState().state).toMatch(/left unlogged .*posts.*projections:rebuild/);
      await other.pool.query(`ALTER TABLE ${other.schema}.posts SET LOGGED`);
      // The supervisor tries again after its backoff, and then joins.
      for (let i = 0; i < 150 && !other.runner.consumerState().joined; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(other.runner.consumerState().joined).toBe(true);
    } finally {
      await other.runner.stop();
      await other.close();
    }
  });
});
