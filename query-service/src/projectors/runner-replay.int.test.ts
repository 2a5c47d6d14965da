import { randomUUID } from 'node:crypto';
import { createLogger, withTransaction } from '@careers/service-kit';
import {
  createIdempotentProducer,
  createKafka,
  ensureTopics,
  topicName,
  withAdmin,
} from '@careers/service-kit/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorLag, rebuildProjections } from '../rebuild.ts';
import { projectors } from './registry.ts';
import { likersOf, postRowOf, type RunnerBed } from './runner-testing.ts';
import { projectorTestbed, testMessages } from './testing.ts';

/** The projector runner replaying the topics from Kafka, as a rebuild does. */

let bed: RunnerBed;
let pool: typeof bed.pool;
let runner: typeof bed.runner;
let s: string;

beforeAll(async () => {
  bed = await projectorTestbed('runner-replay', { freshSchemas: true });
  ({ pool, runner, schema: s } = bed);
});
afterAll(async () => {
  await bed?.close();
});

const { envelope } = testMessages();

const postRow = postRowOf(() => bed);
const likers = likersOf(() => bed);

/** The posts topic, with `events` written to it as the relay writes them. */
async function postsTopicWith(events: readonly { streamId: string }[]) {
  const kafka = createKafka(bed.config, 'test', createLogger('test', 'silent'));
  const topic = topicName(bed.config, 'post');
  await ensureTopics(kafka, bed.config, runner.topics());
  const producer = createIdempotentProducer(kafka);
  await producer.send({
    messages: events.map((e) => ({ topic, key: e.streamId, value: JSON.stringify(e) })),
  });
  await producer.close();
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
      expect(await likers(x)).toEqual([fan]);
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
      expect(await likers(x)).toEqual([fan]);
    } finally {
      await replaying.stop();
      await pool.query(`ALTER TABLE ${s}.notifications DROP CONSTRAINT IF EXISTS not_yet`);
    }
  });
});

describe('rebuildProjections', () => {
  const at = new Date().toISOString();
  const { envelope } = testMessages();

  it('replays the topics into cleared read models, in a group that never was and again in one that was', async () => {
    const x = randomUUID();
    const { kafka } = await postsTopicWith([
      envelope('post', x, 1, 'PostCreated', {
        postId: x,
        authorId: randomUUID(),
        content: 'rebuilt',
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: [],
        createdAt: at,
      }),
      envelope('post', x, 2, 'PostLiked', { postId: x, userId: randomUUID(), likesCount: 1, likedAt: at }),
    ]);
    const rebuild = () =>
      rebuildProjections({
        pool,
        redis: bed.redis,
        kafka,
        schema: bed.config.DB_SCHEMA,
        prefix: bed.config.KAFKA_TOPIC_PREFIX,
        projectors,
        runner: bed.runnerOf(projectors),
        log: createLogger('test', 'silent'),
      });
    // The first rebuild in a group that was never made (the tests before used it): deleting a group
    // that is not there must not fail it.
    await withAdmin(kafka, (admin) => admin.deleteGroups({ groups: [runner.groupId()] })).catch(() => {});
    for (const round of [1, 2]) {
      await pool.query(`UPDATE ${s}.posts SET content = 'changed' WHERE id = $1`, [x]);
      await rebuild();
      expect(await postRow(x), `round ${round}`).toMatchObject({ content: 'rebuilt', likes_count: 1 });
    }
    // Not while a projector reads in the group.
    const live = bed.runnerOf(projectors);
    await live.start();
    try {
      await expect(rebuild()).rejects.toThrow(/has running members/);
    } finally {
      await live.stop();
    }
  });
});
