import type { PoolClient } from '@careers/service-kit';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * Deleted accounts, kept by id alone (the users projector writes one at AccountDeleted). Every read
 * model drops a person's rows at their AccountDeleted, but the streams of others that involve them (a
 * connection, an application, a like) travel on other topics and may be applied after it: a projector
 * asks here before writing anything that names them, so nothing of theirs comes back whatever order
 * the topics are read in.
 */
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
