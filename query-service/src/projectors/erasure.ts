import { eventsDecided } from '@careers/contracts/events/event-table';
import type { PoolClient } from '@careers/service-kit';
import { defineProjector, userEventsBesidesDeletion } from './projector.ts';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * The erasure ledger: the ids of deleted accounts, in `deleted_accounts`, shared by every read model
 * as the checkpoints are. Forgetting a person is everyone's business: each model drops the person's
 * rows at their AccountDeleted, but the streams of others that name them (a connection, an
 * application, a like) travel on other topics and may be applied after it, so a model asks here
 * before writing anything that names them, and nothing of theirs comes back whatever order the topics
 * are read in. This part writes the ledger, first in the registry so that every model applying the
 * same batch already sees the deletion; no model writes it, and none owns it.
 */
export const erasureLedger = defineProjector({
  name: 'erasure',
  handles: eventsDecided(['user'], {
    handles: ['AccountDeleted'],
    ignores: [...userEventsBesidesDeletion],
  }),
  async apply(event, { tx, schema }) {
    await tx.query(
      `INSERT INTO ${schema}.deleted_accounts (user_id, deleted_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
      [event.data.userId, event.data.deletedAt],
    );
  },
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.deleted_accounts`);
  },
});

/** Which of these people deleted their account. */
export async function deletedAmong(
  db: Queryable,
  schema: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM ${schema}.deleted_accounts WHERE user_id = ANY($1::text[])`,
    [ids],
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Whether any of these people deleted their account. */
export async function anyDeleted(db: Queryable, schema: string, ...userIds: string[]): Promise<boolean> {
  return (await deletedAmong(db, schema, userIds)).size > 0;
}
