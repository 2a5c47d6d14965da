import type { PersonProfile } from '@careers/contracts/entities/person-card';
import { profileMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { notFound } from '@careers/service-kit';
import type { z } from 'zod';
import { connectionCountOf, mutualConnectionsOf, relationshipOf } from '../projectors/connections/queries.ts';
import { profilePictureOf } from '../projectors/file-urls.ts';
import { directoryRowOf } from '../projectors/people/queries.ts';
import { peopleSearchVersion } from '../projectors/people/version.ts';
import { statementName } from '../projectors/statement-name.ts';
import { networkVersion, personVersionKeys } from '../projectors/version-scopes.ts';
import { ResponseCache } from '../response-cache.ts';
import type { QueryRouteDeps } from './deps.ts';
import { type CachedQueryOptions, registerCachedQuery } from './register-cached-query.ts';

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

type ProfileBody = z.output<typeof routes.getPerson.response>;

/**
 * A profile's cache: per reader, valid while the reader's and the person's network versions (their
 * relationships: the connection count, how the two stand, who they share) and the profile versions of
 * the person and of the mutual connections it names keep their values.
 */
export function profileCacheOptions(cache: ResponseCache): CachedQueryOptions<ProfileBody> {
  return {
    cache,
    versionKey: networkVersion.key,
    perReader: true,
    parts: {
      of: (body) => [
        personVersionKeys.profile(body.data._id),
        personVersionKeys.network(body.data._id),
        ...body.data.mutualConnections.people.map((m) => personVersionKeys.profile(m._id)),
      ],
      sequenceKey: personVersionKeys.sequence,
    },
  };
}

/**
 * GET /api/people (search) and /api/people/:id (a profile). A search is cached by its text for every
 * reader while the people directory keeps its version. A profile is one prepared statement made of the
 * SQL of the models that own each part: the people directory's row, and the connections model's
 * count, relationship and mutual connections (worked out once, counted and the first few named); it
 * is cached per reader (profileCacheOptions).
 */
export function registerPeopleQueries(deps: QueryRouteDeps): void {
  const { pool, schema: s } = deps;

  const searchCache = new ResponseCache(16 * 1024 * 1024);
  registerCachedQuery(
    deps,
    routes.searchPeople,
    { cache: searchCache, versionKey: peopleSearchVersion.key, perReader: false },
    async ({ query }) => ({ data: await deps.people.search(query.search ?? '', query.limit) }),
  );

  const profileSql = `WITH m AS MATERIALIZED (${mutualConnectionsOf(s, '$1', '$2')})
     SELECT p.*,
        (${connectionCountOf(s, '$2')}) AS connection_count,
        (SELECT row_to_json(r) FROM (${relationshipOf(s, '$1', '$2')}) r) AS relationship,
        (SELECT count(*)::int FROM m) AS mutual_count,
        (SELECT coalesce(json_agg(x), '[]') FROM (
           SELECT * FROM m ORDER BY m.last_name, m.first_name, m.id LIMIT ${MUTUALS_NAMED}) x) AS mutuals
     FROM (${directoryRowOf(s, '$2')}) p`;
  const profileStatement = statementName('people_profile', profileSql);

  const profileCache = new ResponseCache(16 * 1024 * 1024);
  registerCachedQuery(
    deps,
    routes.getPerson,
    profileCacheOptions(profileCache),
    async ({ viewerId, params, dependsOn }) => {
      dependsOn([personVersionKeys.network(viewerId)]);
      const { rows } = await pool.query<ProfileRow>({
        name: profileStatement,
        text: profileSql,
        values: [viewerId, params.id],
      });
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
    },
  );
}
