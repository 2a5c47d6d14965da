import type { PoolClient } from '@careers/service-kit';

type Queryable = Pick<PoolClient, 'query'>;

/** SQL: the distinct people `param` is connected with, as `other`. */
const neighboursOf = (schema: string, param: string) =>
  `SELECT recipient_id AS other FROM ${schema}.connections WHERE requester_id = ${param} AND status = 'accepted'
   UNION
   SELECT requester_id FROM ${schema}.connections WHERE recipient_id = ${param} AND status = 'accepted'`;

/**
 * The pairs whose mutual count an edge a-b changes: b with each other connection c of a (both ways),
 * and a with each other connection of b. The edge itself is left out of both sides, so the result is
 * the same whether the connections table already shows it or not.
 */
const touchedPairs = (schema: string) => `
  WITH na AS (SELECT other FROM (${neighboursOf(schema, '$1')}) n WHERE other <> $2),
       nb AS (SELECT other FROM (${neighboursOf(schema, '$2')}) n WHERE other <> $1)
  SELECT $2 AS user_id, other AS candidate_id FROM na
  UNION ALL SELECT other, $2 FROM na
  UNION ALL SELECT $1, other FROM nb
  UNION ALL SELECT other, $1 FROM nb`;

/**
 * Whether the two are connected through a row other than `exceptId`. A pair that drops a connection
 * and connects again has two streams, whose events may arrive in either order: the edge exists while
 * any of its rows is accepted, and counts change only when the first appears or the last goes.
 */
export async function connectedOtherwise(
  tx: Queryable,
  schema: string,
  a: string,
  b: string,
  exceptId: string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `SELECT 1 FROM ${schema}.connections
      WHERE least(requester_id, recipient_id) = least($1::text, $2::text)
        AND greatest(requester_id, recipient_id) = greatest($1::text, $2::text)
        AND status = 'accepted' AND id <> $3
      LIMIT 1`,
    [a, b, exceptId],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * The edge a-b appeared: one more mutual connection for every pair it closes a triangle for, one more
 * connection each. The cost is the two people's degrees, never a scan of everyone. Exact whatever order
 * edges arrive in, as each change is worked out from the edges present when it is applied.
 */
export async function addEdge(tx: Queryable, schema: string, a: string, b: string): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.connection_mutuals (user_id, candidate_id, mutuals)
     SELECT user_id, candidate_id, count(*) FROM (${touchedPairs(schema)}) p GROUP BY user_id, candidate_id
     ON CONFLICT (user_id, candidate_id) DO UPDATE
       SET mutuals = ${schema}.connection_mutuals.mutuals + EXCLUDED.mutuals`,
    [a, b],
  );
  await tx.query(
    `INSERT INTO ${schema}.suggestion_people (user_id, connections) VALUES ($1, 1), ($2, 1)
     ON CONFLICT (user_id) DO UPDATE SET connections = ${schema}.suggestion_people.connections + 1`,
    [a, b],
  );
}

/** The edge a-b went: the reverse of `addEdge`; a pair left with no mutual connection loses its row. */
export async function removeEdge(tx: Queryable, schema: string, a: string, b: string): Promise<void> {
  await tx.query(
    `WITH touched AS (
       SELECT user_id, candidate_id, count(*)::int AS n FROM (${touchedPairs(schema)}) p GROUP BY user_id, candidate_id
     ),
     lowered AS (
       UPDATE ${schema}.connection_mutuals m SET mutuals = m.mutuals - t.n
         FROM touched t
        WHERE m.user_id = t.user_id AND m.candidate_id = t.candidate_id AND m.mutuals > t.n
       RETURNING m.user_id
     )
     DELETE FROM ${schema}.connection_mutuals m
      USING touched t
      WHERE m.user_id = t.user_id AND m.candidate_id = t.candidate_id AND m.mutuals <= t.n`,
    [a, b],
  );
  await tx.query(
    `UPDATE ${schema}.suggestion_people SET connections = greatest(connections - 1, 0)
      WHERE user_id = ANY($1::text[])`,
    [[a, b]],
  );
}
