import type { PoolClient } from '@careers/service-kit';

type Queryable = Pick<PoolClient, 'query'>;

/** SQL selecting the ids of the people `param` (a placeholder such as `$1`) is connected with. */
export function connectionsOf(schema: string, param: string): string {
  return `SELECT recipient_id FROM ${schema}.connections WHERE requester_id = ${param} AND status = 'accepted'
     UNION
     SELECT requester_id FROM ${schema}.connections WHERE recipient_id = ${param} AND status = 'accepted'`;
}

/** The people `userId` is connected with (accepted requests, either direction). */
export async function connectedUserIds(db: Queryable, schema: string, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ recipient_id: string }>(connectionsOf(schema, '$1'), [userId]);
  return rows.map((r) => r.recipient_id);
}
