import { ident, type Logger, type Pool, type Redis, withTransaction } from '@careers/service-kit';
import {
  committedOffsets,
  groupName,
  type Kafka,
  kafkaErrorText,
  partitionOffsets,
  topicPartitions,
  withAdmin,
} from '@careers/service-kit/kafka';
import type { Projector } from './projectors/projector.ts';
import { PROJECTOR_GROUP, type ProjectorRunner } from './projectors/runner.ts';

/** How far the projector group is behind the end of each topic (0 when caught up). */
export async function projectorLag(kafka: Kafka, groupId: string, topics: string[]): Promise<number> {
  return withAdmin(kafka, async (admin) => {
    const partitions = await topicPartitions(admin, topics);
    const low = await partitionOffsets(admin, partitions, -2n);
    const high = await partitionOffsets(admin, partitions, -1n);
    const committed = await committedOffsets(admin, groupId, partitions);
    let lag = 0n;
    for (const [key, end] of high) {
      const at = committed.get(key) ?? -1n;
      const from = at < 0n ? (low.get(key) ?? 0n) : at;
      if (end > from) lag += end - from;
    }
    return Number(lag);
  });
}

/** When the Postgres server started: a server that restarted (and so may have emptied unlogged tables). */
async function serverStart(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ at: string }>(`SELECT pg_postmaster_start_time()::text AS at`);
  return rows[0]?.at ?? '';
}

/**
 * Rebuilds every read model from the topics: clears them and the checkpoints, forgets the projector
 * group's offsets, and replays until the group has caught up with the end of every topic.
 * The running projector must be stopped first (a group with members cannot be rewound).
 *
 * The tables the clearing emptied (those made from the topics, told by the new file each TRUNCATE
 * gives its table) are written without the write-ahead log while they are replayed, and logged again,
 * whole, at the end: measured on the likers' inserts, the log (mostly pages logged whole after each
 * checkpoint) was more than half their cost. A crash of Postgres empties such tables, so a rebuild that sees
 * the server restarted fails (run it again), and the live projector does not start on read models left
 * unlogged by a rebuild that did not finish (ProjectorRunner). Tables the rebuild does not clear stay
 * logged.
 */
export async function rebuildProjections(options: {
  pool: Pool;
  redis: Redis;
  kafka: Kafka;
  schema: string;
  prefix: string;
  projectors: readonly Projector[];
  runner: ProjectorRunner;
  log: Logger;
  onProgress?: (lag: number) => void;
}): Promise<void> {
  const { pool, redis, kafka, schema, projectors, runner, log } = options;
  const groupId = groupName({ KAFKA_TOPIC_PREFIX: options.prefix }, PROJECTOR_GROUP);
  const topics = runner.topics();
  let unlogged: string[] = [];
  const started = await serverStart(pool);
  await withAdmin(kafka, async (admin) => {
    const groups = await admin.describeGroups({ groups: [groupId] });
    if ((groups.get(groupId)?.members.size ?? 0) > 0) {
      throw new Error(
        `The projector group ${groupId} has running members: stop the projector first (npm run stop).`,
      );
    }
    unlogged = await withTransaction(pool, async (tx) => {
      const s = ident(schema);
      const files = `SELECT c.relname AS name, c.relfilenode::text AS file FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`;
      const before = new Map(
        (await tx.query<{ name: string; file: string }>(files, [schema])).rows.map((r) => [r.name, r.file]),
      );
      for (const projector of projectors)
        await projector.reset({ tx, schema: s, redis, search: options.runner.search });
      await tx.query(`TRUNCATE ${s}.stream_checkpoints, ${s}.dead_letters`);
      const emptied = (await tx.query<{ name: string; file: string }>(files, [schema])).rows
        .filter((r) => before.has(r.name) && before.get(r.name) !== r.file)
        .map((r) => r.name);
      for (const name of emptied) await tx.query(`ALTER TABLE ${s}.${ident(name)} SET UNLOGGED`);
      return emptied;
    });
    // Deleting the (member-less) group forgets its offsets, so the runner starts from the beginning
    // (it reads from the earliest offsets when it has none). One call.
    await admin.deleteGroups({ groups: [groupId] }).catch((error: unknown) => {
      if (!/group id does not exist/i.test(kafkaErrorText(error))) throw error;
    });
  });
  log.info({ unlogged: unlogged.length }, 'read models cleared; replaying the topics');
  runner.replay();
  await runner.start();
  try {
    for (;;) {
      const lag = await projectorLag(kafka, groupId, topics);
      options.onProgress?.(lag);
      if ((await serverStart(pool)) !== started) {
        throw new Error(
          'Postgres restarted during the rebuild, which may have emptied the read models: run it again.',
        );
      }
      if (lag === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await runner.stop();
  }
  // The checkpoints the runner kept while it replayed (ProjectorRunner.replay), and the tables logged
  // again, whole, in one transaction, committed durably before the rebuild reports success: from then
  // on they are kept as any table is.
  await withTransaction(pool, async (tx) => {
    await tx.query('SET LOCAL synchronous_commit = on');
    const s = ident(schema);
    if ((await serverStart(pool)) !== started) {
      throw new Error(
        'Postgres restarted during the rebuild, which may have emptied the read models: run it again.',
      );
    }
    const streams = await runner.writeReplayedCheckpoints(tx);
    log.info({ streams }, 'checkpoints written');
    for (const name of unlogged) await tx.query(`ALTER TABLE ${s}.${ident(name)} SET LOGGED`);
  });
}
