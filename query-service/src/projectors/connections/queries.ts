import type { PoolClient } from '@careers/service-kit';

type Queryable = Pick<PoolClient, 'query'>;

/** The people `userId` is connected with (accepted requests, either direction). */
export async function connectedUserIds(db: Queryable, schema: string, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT recipient_id AS id FROM ${schema}.connections WHERE requester_id = $1 AND status = 'accepted'
     UNION
     SELECT requester_id AS id FROM ${schema}.connections WHERE recipient_id = $1 AND status = 'accepted'`,
    [userId],
  );
  return rows.map((r) => r.id);
}
