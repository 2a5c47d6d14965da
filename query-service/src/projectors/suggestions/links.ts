import type { DomainEvent } from '@careers/contracts/events/catalogue';
import type { PoolClient } from '@careers/service-kit';
import { isConnectionEvent, statusAfter } from '../connection-status.ts';
import { deletedAmong } from '../erasure.ts';
import { changeEdges } from './network.ts';

type Queryable = Pick<PoolClient, 'query'>;

/** One relationship as the model keeps it (two rows of suggestion_links, one each way). */
interface Link {
  id: string;
  a: string;
  b: string;
  status: string;
}

const pairOf = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/**
 * The effect of connection events, for any number of them in stream order (one event is a batch of
 * one): each relationship's links set to the status its events leave, as the connections read model
 * sets its rows (a request naming a deleted account is not written; an answer changes only a request
 * still pending, a removal only an accepted connection; a decline ends the relationship whatever it
 * was), and the network counts moved by each pair's net change of edge (changeEdges). A pair's edge
 * comes when its first accepted relationship does and goes with its last: a pair that drops a
 * connection and connects again has two streams, whose events may arrive in either order.
 *
 * The links the events name, the accepted links of every pair they accept or remove and the deleted
 * accounts among the people of the requests are read once; the events then play out in memory; the
 * links are written in one statement and the counts in a few. A redelivered event finds its links as
 * it left them and changes nothing.
 */
export async function applyLinks(
  tx: Queryable,
  schema: string,
  events: readonly DomainEvent[],
): Promise<void> {
  const table = `${schema}.suggestion_links`;
  const ids = new Set<string>();
  const people = new Set<string>();
  const pairs = new Map<string, [string, string]>();
  for (const event of events) {
    switch (event.type) {
      case 'ConnectionRequested':
        ids.add(event.data.connectionId);
        people.add(event.data.requesterId).add(event.data.recipientId);
        break;
      case 'ConnectionAccepted':
      case 'ConnectionRemoved': {
        const d = event.data;
        ids.add(d.connectionId);
        pairs.set(pairOf(d.requesterId, d.recipientId), [d.requesterId, d.recipientId]);
        break;
      }
      case 'ConnectionDeclined':
      case 'ConnectionWithdrawn':
        ids.add(event.data.connectionId);
        break;
      default:
        throw new Error(`suggestions: ${event.type} is not a connection event`);
    }
  }
  const { rows: found } = await tx.query<Link>(
    `SELECT connection_id AS id, user_id AS a, other_id AS b, status FROM ${table}
      WHERE connection_id = ANY($1::text[])`,
    [[...ids]],
  );
  // The pairs' accepted links, for the acceptances and removals (whether the pair's edge comes or goes).
  const { rows: acceptedRows } =
    pairs.size === 0
      ? { rows: [] }
      : await tx.query<{ id: string; a: string; b: string }>(
          `SELECT l.connection_id AS id, l.user_id AS a, l.other_id AS b
             FROM unnest($1::text[], $2::text[]) AS p(a, b)
             JOIN ${table} l ON l.user_id = p.a AND l.other_id = p.b AND l.status = 'accepted'`,
          [[...pairs.values()].map(([a]) => a), [...pairs.values()].map(([, b]) => b)],
        );
  // The deleted among the people of the requests (no link is made for them).
  const deleted = await deletedAmong(tx, schema, [...people]);
  const links = new Map(found.map((l) => [l.id, l]));
  const changed = new Set<string>();
  /** Per pair, its accepted links as the table would show them after each event so far. */
  const accepted = new Map<string, Set<string>>();
  for (const l of acceptedRows) {
    const key = pairOf(l.a, l.b);
    accepted.set(key, (accepted.get(key) ?? new Set()).add(l.id));
  }
  const acceptedOf = (a: string, b: string) => {
    const key = pairOf(a, b);
    let set = accepted.get(key);
    if (!set) {
      set = new Set();
      accepted.set(key, set);
    }
    return set;
  };
  /** The edges that came and went, in order. */
  const edges: { a: string; b: string; change: 1 | -1 }[] = [];
  for (const event of events) {
    if (!isConnectionEvent(event)) continue;
    const d = event.data;
    if (event.type === 'ConnectionRequested' && (deleted.has(d.requesterId) || deleted.has(d.recipientId))) {
      continue;
    }
    const link = links.get(d.connectionId);
    const was = link?.status;
    const status = statusAfter(event, was);
    if (status === null) continue;
    if (link) link.status = status;
    else links.set(d.connectionId, { id: d.connectionId, a: d.requesterId, b: d.recipientId, status });
    changed.add(d.connectionId);
    // A pair's edge comes with its first accepted link and goes when a removal takes its last; a
    // decline of an accepted one leaves the network counts as they are, as the connections model does.
    const set = acceptedOf(d.requesterId, d.recipientId);
    if (status === 'accepted') {
      if (set.size === 0) edges.push({ a: d.requesterId, b: d.recipientId, change: 1 });
      set.add(d.connectionId);
    } else if (was === 'accepted') {
      set.delete(d.connectionId);
      if (status === 'removed' && set.size === 0) {
        edges.push({ a: d.requesterId, b: d.recipientId, change: -1 });
      }
    }
  }
  if (changed.size > 0) {
    const list = [...changed].map((id) => links.get(id) as Link);
    // Both ways; UNION, not UNION ALL, so a link of someone with themselves is one row.
    await tx.query(
      `INSERT INTO ${table} (connection_id, user_id, other_id, status)
       SELECT id, a, b, s FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS x(id, a, b, s)
       UNION
       SELECT id, b, a, s FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS x(id, a, b, s)
       ON CONFLICT (connection_id, user_id) DO UPDATE SET status = EXCLUDED.status`,
      [list.map((l) => l.id), list.map((l) => l.a), list.map((l) => l.b), list.map((l) => l.status)],
    );
  }
  await changeEdges(tx, schema, edges);
}

/**
 * A deleted account leaves the network: every edge of theirs goes as a removal would take it (so
 * everyone's mutual counts lose them), then every link naming them and any mutual-count row left of
 * theirs (none should be once every edge is gone; a pair whose counts drifted loses its row anyway).
 * A later event of those streams finds no link and changes nothing; a request naming them that
 * arrives after it is not written at all (applyLinks).
 */
export async function forgetLinks(tx: Queryable, schema: string, userId: string): Promise<void> {
  const table = `${schema}.suggestion_links`;
  const mine = `SELECT connection_id FROM ${table} WHERE user_id = $1`;
  // One edge per person, however many accepted links the pair has; the links stop being accepted
  // before the edges go, as changeEdges works from the edges the links show.
  const { rows } = await tx.query<{ other: string }>(
    `SELECT DISTINCT other_id AS other FROM ${table} WHERE user_id = $1 AND status = 'accepted'`,
    [userId],
  );
  await tx.query(
    `UPDATE ${table} SET status = 'removed' WHERE status = 'accepted' AND connection_id IN (${mine})`,
    [userId],
  );
  await changeEdges(
    tx,
    schema,
    rows.map(({ other }) => ({ a: userId, b: other, change: -1 as const })),
  );
  await tx.query(`DELETE FROM ${table} WHERE connection_id IN (${mine})`, [userId]);
  await tx.query(`DELETE FROM ${schema}.connection_mutuals WHERE user_id = $1 OR candidate_id = $1`, [
    userId,
  ]);
}
