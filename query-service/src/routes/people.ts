import type { PersonProfile } from '@careers/contracts/entities/person-card';
import { profileMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { notFound } from '@careers/service-kit';
import { connectionCountOf, mutualConnectionsOf, relationshipOf } from '../projectors/connections/queries.ts';
import { profilePictureOf } from '../projectors/file-urls.ts';
import { directoryRowOf } from '../projectors/people/queries.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/** How many mutual connections a profile names (the count says how many there are). */
const MUTUALS_NAMED = 3;

interface ProfileRow {
  id: string;
  first_name: string;
  last_name: string;
  job_title: string;
  picture_id: string | null;
  location: PersonProfile['location'];
  skills: PersonProfile['skills'];
  bio: string;
  email: string;
  phone: string;
  connection_count: number;
  relationship: { id: string; requester_id: string; status: 'pending' | 'accepted' } | null;
  mutual_count: number;
  mutuals: { id: string; first_name: string; last_name: string }[];
}

function relationshipFor(viewerId: string, row: ProfileRow): PersonProfile['relationship'] {
  if (row.id === viewerId) return { status: 'self', connectionId: null };
  const r = row.relationship;
  if (!r) return { status: 'none', connectionId: null };
  if (r.status === 'accepted') return { status: 'connected', connectionId: r.id };
  return { status: r.requester_id === viewerId ? 'sent' : 'received', connectionId: r.id };
}

/**
 * GET /api/people (search) and /api/people/:id (a profile). A profile is one statement made of the SQL
 * of the models that own each part: the people directory's row, and the connections model's count,
 * relationship and mutual connections. Not cached: it is the reader's own view of the person.
 */
export function registerPeopleQueries(deps: QueryRouteDeps): void {
  const { pool, schema: s } = deps;

  registerQuery(deps, routes.searchPeople, async ({ query }) => ({
    data: await deps.people.search(query.search ?? '', query.limit),
  }));

  const mutuals = mutualConnectionsOf(s, '$1', '$2');
  const profileSql = `SELECT p.*,
        (${connectionCountOf(s, '$2')}) AS connection_count,
        (SELECT row_to_json(r) FROM (${relationshipOf(s, '$1', '$2')}) r) AS relationship,
        (SELECT count(*)::int FROM (${mutuals}) m) AS mutual_count,
        (SELECT coalesce(json_agg(m), '[]') FROM (
           SELECT * FROM (${mutuals}) x ORDER BY x.last_name, x.first_name, x.id LIMIT ${MUTUALS_NAMED}) m) AS mutuals
     FROM (${directoryRowOf(s, '$2')}) p`;

  registerQuery(deps, routes.getPerson, async ({ viewerId, params }) => {
    const { rows } = await pool.query<ProfileRow>(profileSql, [viewerId, params.id]);
    const row = rows[0];
    if (!row) throw notFound(profileMessages.userNotFound);
    const relationship = relationshipFor(viewerId, row);
    const contact = relationship.status === 'self' || relationship.status === 'connected';
    return {
      data: {
        _id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        jobTitle: row.job_title,
        profilePicture: profilePictureOf(row.picture_id),
        location: row.location,
        skills: row.skills,
        bio: row.bio,
        email: contact ? row.email : null,
        phone: contact ? row.phone : null,
        connectionCount: row.connection_count,
        mutualConnections: {
          count: relationship.status === 'self' ? 0 : row.mutual_count,
          people:
            relationship.status === 'self'
              ? []
              : row.mutuals.map((m) => ({ _id: m.id, firstName: m.first_name, lastName: m.last_name })),
        },
        relationship,
      },
    };
  });
}
