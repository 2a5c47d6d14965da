import type { DomainEvent } from '@careers/contracts/events/catalogue';
import type { ProjectionContext } from '../projector.ts';

/**
 * Who is connected with whom, as the posts model keeps it to show connections-only posts to the
 * author's connections: a row each way per accepted connection (`post_links`), from the connection's
 * own events rather than read from the connections model. Two people are connected while any of their
 * connections is: keyed by the connection, a pair that parts and connects again keeps its link
 * whatever order the two connections' streams are applied in.
 *
 * As the connections model's rows: accepting links the two, and declining or removing that connection
 * unlinks them (declining an accepted one too); a request or a withdrawal never links anyone. Their
 * AccountDeleted unlinks a person from everyone (project.ts). An acceptance of theirs applied after it
 * (a lagging topic) is written, where the connections model leaves its request out; it is always
 * followed on its stream by the removal the deletion recorded, which takes it away again, as the posts
 * of theirs applied late are.
 *
 * Any number of these events, in stream order, in one statement: each link is set or unset, so the
 * last event of each connection in the run decides what one event at a time leaves, and connections
 * touch rows of their own.
 */
export async function applyLinks(
  events: readonly DomainEvent[],
  { tx, schema }: Pick<ProjectionContext, 'tx' | 'schema'>,
): Promise<void> {
  const linked = new Map<string, { a: string; b: string; present: boolean }>();
  for (const event of events) {
    switch (event.type) {
      case 'ConnectionAccepted':
      case 'ConnectionDeclined':
      case 'ConnectionRemoved': {
        const d = event.data;
        linked.set(d.connectionId, {
          a: d.requesterId,
          b: d.recipientId,
          present: event.type === 'ConnectionAccepted',
        });
        break;
      }
      default:
        throw new Error(`posts: ${event.type} is not taken with the connections`);
    }
  }
  if (linked.size === 0) return;
  // Both ways of each connection, so each row is found through the primary key.
  const rows = [...linked].flatMap(([connectionId, { a, b, present }]) => [
    { user_id: a, other_id: b, connection_id: connectionId, present },
    { user_id: b, other_id: a, connection_id: connectionId, present },
  ]);
  await tx.query(
    `WITH x AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[])
         AS x(user_id, other_id, connection_id, present)),
     gone AS (
       DELETE FROM ${schema}.post_links l USING x
        WHERE NOT x.present AND l.user_id = x.user_id AND l.other_id = x.other_id
          AND l.connection_id = x.connection_id)
     INSERT INTO ${schema}.post_links (user_id, other_id, connection_id)
     SELECT user_id, other_id, connection_id FROM x WHERE x.present
     ON CONFLICT DO NOTHING`,
    [
      rows.map((r) => r.user_id),
      rows.map((r) => r.other_id),
      rows.map((r) => r.connection_id),
      rows.map((r) => r.present),
    ],
  );
}
