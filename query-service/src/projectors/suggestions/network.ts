import type { PoolClient } from '@careers/service-kit';
import { markSql } from './lists.ts';

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
 * Marks for a refresh of their suggestions the two people of the edge a-b and everyone whose mutual
 * count with someone it changes.
 */
async function markEdge(tx: Queryable, schema: string, a: string, b: string): Promise<void> {
  await tx.query(
    markSql(
      schema,
      `SELECT user_id FROM (${touchedPairs(schema)}) p UNION ALL SELECT $1 UNION ALL SELECT $2`,
    ),
    [a, b],
  );
}

/**
 * The edge a-b appeared: one more mutual connection for every pair it closes a triangle for, one more
 * connection each. The cost is the two people's degrees, never a scan of everyone. Exact whatever order
 * edges arrive in, as each change is worked out from the edges present when it is applied.
 */
export async function addEdge(tx: Queryable, schema: string, a: string, b: string): Promise<void> {
  await markEdge(tx, schema, a, b);
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
  await markEdge(tx, schema, a, b);
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

/**
 * Edges that came (change 1) and went (change -1), in the order they did, with the effect of `addEdge`
 * and `removeEdge` for each in turn, in a few statements; the connections table must already show the
 * pairs connected as they are after the last of them. A pair's mutual count is how many people both are
 * connected with, a function of the edges present, so only each pair's net change of edge matters:
 * the count changes by the paths u-v-w one graph has and the other has not, that is a changed edge
 * followed by an edge present before and after, the same the other way round, and two changed edges
 * (two new ones make a path, two gone ones take one away, one of each was never a path).
 */
export async function changeEdges(
  tx: Queryable,
  schema: string,
  changes: readonly { a: string; b: string; change: 1 | -1 }[],
): Promise<void> {
  if (changes.length === 0) return;
  const net = new Map<string, { a: string; b: string; change: number }>();
  // Per person: their net change of connections, and whether one came (addEdge makes their row).
  const people = new Map<string, { d: number; came: boolean }>();
  for (const { a, b, change } of changes) {
    const key = a < b ? `${a}\n${b}` : `${b}\n${a}`;
    const edge = net.get(key) ?? { a, b, change: 0 };
    edge.change += change;
    net.set(key, edge);
    for (const person of [a, b]) {
      const p = people.get(person) ?? { d: 0, came: false };
      p.d += change;
      p.came ||= change === 1;
      people.set(person, p);
    }
  }
  const edges = [...net.values()].filter((e) => e.change !== 0);
  if (edges.length > 0) {
    await tx.query(
      `WITH ch AS (SELECT * FROM unnest($1::text[], $2::text[], $3::int[]) AS c(a, b, s)),
       ends AS (SELECT DISTINCT a AS v FROM ch),
       steady AS (
         SELECT e.v, n.other
           FROM ends e
           CROSS JOIN LATERAL (${neighboursOf(schema, 'e.v')}) n
          WHERE NOT EXISTS (SELECT 1 FROM ch WHERE ch.a = e.v AND ch.b = n.other AND ch.s = 1)
       ),
       paths AS (
         SELECT c.a AS user_id, st.other AS candidate_id, c.s AS d FROM ch c JOIN steady st ON st.v = c.b
          WHERE st.other <> c.a
         UNION ALL
         SELECT st.other, c.b, c.s FROM ch c JOIN steady st ON st.v = c.a WHERE st.other <> c.b
         UNION ALL
         SELECT c1.a, c2.b, c1.s FROM ch c1 JOIN ch c2 ON c2.a = c1.b AND c2.b <> c1.a AND c2.s = c1.s
       ),
       summed AS (
         SELECT user_id, candidate_id, sum(d)::int AS d FROM paths GROUP BY user_id, candidate_id
         HAVING sum(d) <> 0
       ),
       raised AS (
         INSERT INTO ${schema}.connection_mutuals (user_id, candidate_id, mutuals)
         SELECT user_id, candidate_id, d FROM summed WHERE d > 0
         ON CONFLICT (user_id, candidate_id) DO UPDATE
           SET mutuals = ${schema}.connection_mutuals.mutuals + EXCLUDED.mutuals
       ),
       lowered AS (
         UPDATE ${schema}.connection_mutuals m SET mutuals = m.mutuals + s.d
           FROM summed s
          WHERE s.d < 0 AND m.user_id = s.user_id AND m.candidate_id = s.candidate_id AND m.mutuals + s.d > 0
       ),
       -- The people of each changed edge and everyone whose counts moved rank their suggestions again.
       marked AS (${markSql(schema, 'SELECT user_id FROM summed UNION ALL SELECT v FROM ends')})
       -- A pair left with no mutual connection loses its row.
       DELETE FROM ${schema}.connection_mutuals m
        USING summed s
        WHERE s.d < 0 AND m.user_id = s.user_id AND m.candidate_id = s.candidate_id AND m.mutuals + s.d <= 0`,
      [
        edges.flatMap((e) => [e.a, e.b]),
        edges.flatMap((e) => [e.b, e.a]),
        edges.flatMap((e) => [e.change, e.change]),
      ],
    );
  }
  const ids = [...people.keys()];
  const list = [...people.values()];
  await tx.query(
    `UPDATE ${schema}.suggestion_people p SET connections = greatest(p.connections + x.d, 0)
       FROM unnest($1::text[], $2::int[]) AS x(user_id, d)
      WHERE p.user_id = x.user_id AND x.d <> 0`,
    [ids, list.map((p) => p.d)],
  );
  await tx.query(
    `INSERT INTO ${schema}.suggestion_people (user_id, connections)
     SELECT user_id, greatest(d, 0) FROM unnest($1::text[], $2::int[], $3::boolean[]) AS x(user_id, d, came)
      WHERE came
     ON CONFLICT (user_id) DO NOTHING`,
    [ids, list.map((p) => p.d), list.map((p) => p.came)],
  );
}
