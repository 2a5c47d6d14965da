import type { PoolClient } from '@careers/service-kit';
import { markSql } from './lists.ts';

type Queryable = Pick<PoolClient, 'query'>;

/** SQL: the distinct people `param` is connected with, as `other` (from the model's own links). */
const neighboursOf = (schema: string, param: string) =>
  `SELECT DISTINCT other_id AS other FROM ${schema}.suggestion_links WHERE user_id = ${param} AND status = 'accepted'`;

/**
 * The network counts people you may know are ranked by, kept as edges (pairs with an accepted link)
 * come and go: an edge a-b that comes adds one mutual connection for every pair it closes a triangle
 * for (b with each other connection of a, both ways, and a with each of b's) and one connection to
 * each of the two (a person new to the model gets their row); one that goes takes them away, and a
 * pair left with no mutual connection loses its row. The cost is the degrees of the people of the
 * changed edges, never a scan of everyone. The two people of each changed edge and everyone whose
 * counts move are marked for a refresh of their lists.
 *
 * `changes` are the edges that came (change 1) and went (change -1), in the order they did, for any
 * number of them at once; the links must already show the pairs connected as they are after the last
 * of them. A pair's mutual count is how many people both are connected with, a function of the edges
 * present, so only each pair's net change of edge matters (exact whatever order edges arrive in): the
 * count changes by the paths u-v-w one graph has and the other has not, that is a changed edge
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
  // Per person: their net change of connections, and whether one came (which makes their row).
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
