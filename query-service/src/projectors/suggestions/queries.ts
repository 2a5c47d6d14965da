import type { Location } from '@careers/contracts/entities/location';
import type { SuggestedConnection } from '@careers/contracts/entities/suggested-connection';

/** Not in the spec: how many people "Suggested" shows at once. */
export const SUGGESTIONS_LIMIT = 10;

/**
 * Whom a ranking leaves out besides the reader: for a read, their connections and everyone with a
 * request pending either way; for a stored list, their connections only (a stored list is read minus
 * the pending requests of the moment, so a request made, declined or withdrawn needs no refresh).
 */
export type ExclusionScope = 'read' | 'stored';

const excludedStatuses = (scope: ExclusionScope) =>
  scope === 'read' ? `'pending', 'accepted'` : `'accepted'`;

export interface SuggestionRow {
  id: string;
  first_name: string;
  last_name: string;
  job_title: string;
  location: Location;
  picture_id: string | null;
  bio: string;
  skills: SuggestedConnection['skills'];
  mutuals: number;
  /** The reader's city key ('' or null when none) and skill keys, for the reason (reasons.ts). */
  reader_city: string | null;
  reader_skills: string[];
}

/**
 * The columns a suggestion is read with, `u` its card: what the card shows, and the reader's ($1) city
 * and skill keys its reason is worked out from (subqueries of the reader alone, run once a statement).
 */
export function shownColumns(schema: string): string {
  return `u.id, u.first_name, u.last_name, u.job_title, u.location, u.picture_id, u.bio, u.skills,
             (SELECT city_key FROM ${schema}.suggestion_people WHERE user_id = $1) AS reader_city,
             ARRAY(SELECT skill_key FROM ${schema}.suggestion_skills WHERE user_id = $1) AS reader_skills`;
}

/**
 * People you may know, ranked by mutual connections, then shared skills, then the same city, then how
 * connected they are (so someone with no network yet still gets suggestions), then id (stable). Never
 * the reader, a connection, or anyone with a request pending either way.
 *
 * One statement over what the projectors keep up to date, reading only what concerns the reader:
 * - every person with a mutual connection (connection_mutuals, kept as edges come and go);
 * - every person sharing a skill (through the skill index, from the reader's few skills);
 * - the most connected people of the reader's city, and overall, each as many as are shown.
 * A person in none of these has no mutual connection and no shared skill, so the last two lists hold
 * the best of them: the top of this union is the top of everyone, never a scan of all users.
 *
 * The statement behind `rankSuggestions` (lists.ts): $1 the reader, $2 how many.
 */
export function suggestionsSql(schema: string, scope: ExclusionScope = 'read'): string {
  return `
      WITH excluded AS (
        SELECT other_id AS id FROM ${schema}.suggestion_links
         WHERE user_id = $1 AND status IN (${excludedStatuses(scope)})
        UNION
        SELECT $1
      ),
      me AS (SELECT coalesce((SELECT city_key FROM ${schema}.suggestion_people WHERE user_id = $1), '') AS city_key),
      mutual AS (SELECT candidate_id AS id, mutuals FROM ${schema}.connection_mutuals WHERE user_id = $1),
      -- Each of the reader's skills walks its own holders in the skill index (OFFSET 0 keeps it a
      -- lookup per skill): joined instead, the planner, which cannot know the reader's skills, read
      -- every person's skills to find them (a newcomer with two skills among 20,000 people with
      -- 72,000 skills: 69 ms against 32 for the whole ranking).
      shared AS (
        SELECT theirs.user_id AS id, count(*)::int AS skills
          FROM ${schema}.suggestion_skills mine
          CROSS JOIN LATERAL (
            SELECT t.user_id FROM ${schema}.suggestion_skills t WHERE t.skill_key = mine.skill_key OFFSET 0
          ) theirs
         WHERE mine.user_id = $1
         GROUP BY theirs.user_id
      ),
      -- The reader's city as a value known when the statement runs, so the city's own index is walked
      -- in order and nothing is read for a reader without a city; joined to me instead, the planner
      -- walked every person by connections and compared cities row by row (14 ms of a newcomer's 24 on
      -- 10,000 people).
      same_city AS (
        SELECT p.user_id AS id FROM ${schema}.suggestion_people p
         WHERE p.city_key = (SELECT city_key FROM me) AND (SELECT city_key FROM me) <> ''
           AND NOT EXISTS (SELECT 1 FROM excluded e WHERE e.id = p.user_id)
         ORDER BY p.connections DESC, p.user_id
         LIMIT $2
      ),
      most_connected AS (
        SELECT p.user_id AS id FROM ${schema}.suggestion_people p
         WHERE NOT EXISTS (SELECT 1 FROM excluded e WHERE e.id = p.user_id)
         ORDER BY p.connections DESC, p.user_id
         LIMIT $2
      ),
      candidates AS (
        SELECT id FROM mutual UNION SELECT id FROM shared
        UNION SELECT id FROM same_city UNION SELECT id FROM most_connected
      ),
      -- Ranked on ids and counts alone; only the few shown are read from their cards in full.
      ranked AS (
        SELECT c.id,
               coalesce(m.mutuals, 0) AS mutuals,
               coalesce(s.skills, 0) AS skills,
               (me.city_key <> '' AND p.city_key IS NOT DISTINCT FROM me.city_key) AS same_city,
               coalesce(p.connections, 0) AS connections
          FROM candidates c
          CROSS JOIN me
          LEFT JOIN mutual m ON m.id = c.id
          LEFT JOIN shared s ON s.id = c.id
          LEFT JOIN ${schema}.suggestion_people p ON p.user_id = c.id
         WHERE NOT EXISTS (SELECT 1 FROM excluded e WHERE e.id = c.id)
           AND EXISTS (SELECT 1 FROM ${schema}.suggestion_cards u WHERE u.id = c.id)
         ORDER BY mutuals DESC, skills DESC, same_city DESC, connections DESC, c.id
         LIMIT $2
      )
      SELECT ${shownColumns(schema)}, r.mutuals
        FROM ranked r JOIN ${schema}.suggestion_cards u ON u.id = r.id
       ORDER BY r.mutuals DESC, r.skills DESC, r.same_city DESC, r.connections DESC, r.id`;
}

/**
 * The same ranking over the people the reader has a mutual connection with, and no one else: each of
 * them has at least one (a pair with none has no row), and everyone else has none, so when this finds
 * `$2` people they are exactly the top of `suggestionsSql`.
 *
 * It reads the reader's rows in ranking order (`connection_mutuals_ranked`, most mutual connections
 * first): the first `$2` candidates that are neither excluded nor gone give the cutoff, the `$2`-th
 * count, and a second walk from the top takes everyone with at least that many (the sure ones and the
 * ties the later keys decide). Only those few are looked up further, each by key: shared skills by
 * probing the reader's few skills for them, city and connections by their row. Nothing reads every
 * friend-of-friend, nor every holder of the reader's skills (a common skill is held by thousands).
 * $1 the reader, $2 how many.
 */
export function mutualSuggestionsSql(schema: string, scope: ExclusionScope = 'read'): string {
  const eligible = (m: string) => `${m}.candidate_id <> $1
           AND NOT EXISTS (SELECT 1 FROM excluded e WHERE e.id = ${m}.candidate_id)
           AND EXISTS (SELECT 1 FROM ${schema}.suggestion_cards u WHERE u.id = ${m}.candidate_id)`;
  return `
      WITH excluded AS MATERIALIZED (
        SELECT DISTINCT other_id AS id FROM ${schema}.suggestion_links
         WHERE user_id = $1 AND status IN (${excludedStatuses(scope)})
      ),
      best AS (
        SELECT m.mutuals FROM ${schema}.connection_mutuals m
         WHERE m.user_id = $1 AND ${eligible('m')}
         ORDER BY m.mutuals DESC
         LIMIT $2
      ),
      -- The $2-th most mutual connections: nobody with fewer can make the list. No cutoff when fewer
      -- than $2 people have any (the whole ranking answers then).
      cutoff AS (SELECT min(mutuals) AS mutuals FROM best HAVING count(*) = $2),
      contenders AS MATERIALIZED (
        SELECT m.candidate_id AS id, m.mutuals
          FROM ${schema}.connection_mutuals m, cutoff
         WHERE m.user_id = $1 AND m.mutuals >= cutoff.mutuals AND ${eligible('m')}
      ),
      me AS (SELECT coalesce((SELECT city_key FROM ${schema}.suggestion_people WHERE user_id = $1), '') AS city_key),
      mine AS MATERIALIZED (SELECT skill_key FROM ${schema}.suggestion_skills WHERE user_id = $1),
      ranked AS (
        SELECT c.id,
               c.mutuals,
               (SELECT count(*)::int FROM mine
                  JOIN ${schema}.suggestion_skills t ON t.skill_key = mine.skill_key AND t.user_id = c.id) AS skills,
               (me.city_key <> '' AND p.city_key IS NOT DISTINCT FROM me.city_key) AS same_city,
               coalesce(p.connections, 0) AS connections
          FROM contenders c
          CROSS JOIN me
          -- OFFSET 0 keeps this a lookup per contender rather than a join over every person.
          LEFT JOIN LATERAL (
            SELECT city_key, connections FROM ${schema}.suggestion_people WHERE user_id = c.id OFFSET 0
          ) p ON true
         ORDER BY mutuals DESC, skills DESC, same_city DESC, connections DESC, c.id
         LIMIT $2
      )
      SELECT ${shownColumns(schema)}, r.mutuals
        FROM ranked r JOIN ${schema}.suggestion_cards u ON u.id = r.id
       ORDER BY r.mutuals DESC, r.skills DESC, r.same_city DESC, r.connections DESC, r.id`;
}
