import type { Connection } from '@careers/contracts/entities/connection';
import type { ConnectionListQuery } from '@careers/contracts/requests/connection-list-query';
import { type Pool, type PoolClient, preparedName } from '@careers/service-kit';
import { profilePictureOf } from '../file-urls.ts';

type Queryable = Pick<PoolClient, 'query'>;

/** SQL selecting the ids of the people `param` (a placeholder such as `$1`) is connected with. */
export function connectionsOf(schema: string, param: string): string {
  return `SELECT recipient_id FROM ${schema}.connections WHERE requester_id = ${param} AND status = 'accepted'
     UNION
     SELECT requester_id FROM ${schema}.connections WHERE recipient_id = ${param} AND status = 'accepted'`;
}

/**
 * SQL counting the accepted connections of `param` whose other person is known, as the connections
 * list shows them (the dashboard's Connections card).
 */
export function connectionCountOf(schema: string, param: string): string {
  return `SELECT count(*)::int FROM (
     SELECT c.recipient_id AS other FROM ${schema}.connections c
      WHERE c.requester_id = ${param} AND c.status = 'accepted'
     UNION ALL
     SELECT c.requester_id FROM ${schema}.connections c
      WHERE c.recipient_id = ${param} AND c.status = 'accepted'
   ) mine JOIN ${schema}.connection_people o ON o.id = mine.other`;
}

/**
 * SQL for the live relationship of two people (`a`, `b` placeholders), at most one row: its id, who
 * asked, and whether it is pending or accepted.
 */
export function relationshipOf(schema: string, a: string, b: string): string {
  return `SELECT c.id, c.requester_id, c.status FROM ${schema}.connections c
     WHERE ((c.requester_id = ${a} AND c.recipient_id = ${b}) OR (c.requester_id = ${b} AND c.recipient_id = ${a}))
       AND c.status IN ('pending', 'accepted')
     ORDER BY c.requested_at DESC LIMIT 1`;
}

/** SQL for the people both `a` and `b` are connected with, as the connections list knows them. */
export function mutualConnectionsOf(schema: string, a: string, b: string): string {
  return `SELECT o.id, o.first_name, o.last_name
      FROM ((${connectionsOf(schema, a)}) INTERSECT (${connectionsOf(schema, b)})) m(id)
      JOIN ${schema}.connection_people o ON o.id = m.id`;
}

/** The people `userId` is connected with (accepted requests, either direction). */
export async function connectedUserIds(db: Queryable, schema: string, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ recipient_id: string }>(connectionsOf(schema, '$1'), [userId]);
  return rows.map((r) => r.recipient_id);
}

/** A row of the connections screen's lists: the relationship and the other person. */
interface ConnectionRow {
  id: string;
  status: Connection['status'];
  /** A Date from a row, an ISO text from json_agg. */
  requested_at: Date | string;
  user_id: string;
  first_name: string;
  last_name: string;
  picture_id: string | null;
  bio: string;
  location: Connection['user']['location'];
  email: string;
}

const toConnection = (r: ConnectionRow): Connection => ({
  _id: r.id,
  status: r.status,
  createdAt: new Date(r.requested_at).toISOString(),
  user: {
    _id: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    profilePicture: profilePictureOf(r.picture_id),
    bio: r.bio,
    location: r.location,
    // The Message button's address: only a connection gets it, never the other side of a request.
    ...(r.status === 'accepted' ? { email: r.email } : {}),
  },
});

/** `%` and `_` in a search are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The connections screen's lists. Each relationship is shown with the other person as this model's
 * cards of them have them now (a new name or picture shows at once); someone not projected yet is left
 * out.
 */
export class ConnectionQueries {
  private readonly pool: Pool;
  private readonly s: string;

  constructor(pool: Pool, schema: string) {
    this.pool = pool;
    this.s = schema;
  }

  private select(otherSide: string): string {
    return `SELECT c.id, c.status, c.requested_at, u.id AS user_id, u.first_name, u.last_name, u.picture_id,
                   u.bio, u.location, u.email
              FROM ${this.s}.connections c JOIN ${this.s}.connection_people u ON u.id = ${otherSide}`;
  }

  /**
   * `GET /users/connections`: accepted connections (or, filtered, pending relationships either way),
   * searched by first, last or full name, sorted by name (first, then last) or by when the request was
   * made, one page at a time. `people`: everyone of the status asked for, searched or not, on the page
   * or not (a name changed elsewhere in the list can move them onto the page or into the search).
   */
  async list(
    viewerId: string,
    query: ConnectionListQuery,
  ): Promise<{ data: Connection[]; total: number; people: string[] }> {
    const status = query.status ?? 'accepted';
    const order = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const orderBy =
      query.sortBy === 'createdAt'
        ? `requested_at ${order}, id ${order}`
        : `lower(first_name) ${order}, lower(last_name) ${order}, id ${order}`;
    const values: unknown[] = [viewerId, status, query.limit, (query.page - 1) * query.limit];
    let search = '';
    if (query.search) {
      values.push(likePattern(query.search));
      search = `WHERE first_name ILIKE $5 OR last_name ILIKE $5 OR (first_name || ' ' || last_name) ILIKE $5`;
    }
    // One round trip whatever the page: the total comes back even for a page past the end. A named
    // statement per shape (sort, order, with or without a name search): planning the list took as long
    // as running it, and each pooled connection now plans each shape once.
    const { rows } = await this.pool.query<{ total: number; page: ConnectionRow[]; people: string[] }>({
      name: preparedName(
        `${this.s}:connections:${query.sortBy === 'createdAt' ? 'date' : 'name'}:${order}:${search ? 'search' : 'all'}`,
      ),
      text: `WITH mine AS (
         ${this.select('c.recipient_id')} WHERE c.requester_id = $1 AND c.status = $2
         UNION ALL
         ${this.select('c.requester_id')} WHERE c.recipient_id = $1 AND c.status = $2
       ),
       found AS (SELECT * FROM mine ${search})
       SELECT (SELECT count(*)::int FROM found) AS total,
              (SELECT coalesce(array_agg(user_id), '{}') FROM mine) AS people,
              (SELECT coalesce(json_agg(p ORDER BY ${orderBy}), '[]'::json)
                 FROM (SELECT * FROM found ORDER BY ${orderBy} LIMIT $3 OFFSET $4) p) AS page`,
      values,
    });
    const row = rows[0];
    return { data: (row?.page ?? []).map(toConnection), total: row?.total ?? 0, people: row?.people ?? [] };
  }

  /** Requests waiting for the viewer's answer, newest first; `user` is who asked. */
  async pendingFor(viewerId: string): Promise<Connection[]> {
    const { rows } = await this.pool.query<ConnectionRow>(
      `${this.select('c.requester_id')} WHERE c.recipient_id = $1 AND c.status = 'pending'
        ORDER BY c.requested_at DESC, c.id DESC`,
      [viewerId],
    );
    return rows.map(toConnection);
  }

  /** Requests the viewer sent that nobody has answered, newest first; `user` is who was asked. */
  async sentBy(viewerId: string): Promise<Connection[]> {
    const { rows } = await this.pool.query<ConnectionRow>(
      `${this.select('c.recipient_id')} WHERE c.requester_id = $1 AND c.status = 'pending'
        ORDER BY c.requested_at DESC, c.id DESC`,
      [viewerId],
    );
    return rows.map(toConnection);
  }
}
