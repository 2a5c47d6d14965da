import type { Pool } from '@careers/service-kit';
import { unreadCountSql } from './queries.ts';

/**
 * Every bell count the projector keeps (migration 017), each beside the count of the person's rows
 * that the list would show: for tests holding the two to each other.
 */
export async function keptUnreadCounts(
  pool: Pool,
  schema: string,
): Promise<{ user_id: string; kept: number; counted: number; known: boolean }[]> {
  const { rows } = await pool.query<{ user_id: string; kept: number; counted: number; known: boolean }>(
    `SELECT c.user_id, c.unread AS kept, ${unreadCountSql(schema, 'c.user_id')} AS counted, c.known
       FROM ${schema}.notification_unread_counts c ORDER BY c.user_id`,
  );
  return rows;
}
