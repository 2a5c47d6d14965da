import type { SuggestedConnection } from '@careers/contracts/entities/suggested-connection';
import type { Pool, PoolClient } from '@careers/service-kit';
import { preparedName, withTransaction } from '@careers/service-kit';
import { profilePictureOf } from '../file-urls.ts';
import {
  type ExclusionScope,
  mutualSuggestionsSql,
  SUGGESTIONS_LIMIT,
  type SuggestionRow,
  shownColumns,
  suggestionsSql,
} from './queries.ts';
import { reasonFor } from './reasons.ts';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * How many candidates a stored list holds: more than a read shows, so that the people a read leaves
 * out (requests pending either way, accounts deleted since) rarely leave it too few.
 */
export const STORED_LIST_SIZE = 30;

/**
 * How old a stored list may be and still answer a read. Events refresh the lists of the people whose
 * own network, city or skills they change, of everyone whose mutual-connection counts they move, and
 * of those sharing a skill or city someone takes up or leaves whose lists that can alter
 * (markHoldersSql); what changes elsewhere (who is most connected) is not attributed to each reader
 * and shows once the list is ranked again: a read of a list older than LIST_REFRESH_AGE_MS
 * still answers from it and marks the reader, so the refresher ranks it again; a read never uses one
 * older than LIST_MAX_AGE_MS (it ranks at once instead, and marks the reader too). So only the lists
 * of people who read them are ranked again for their age, never everyone's on a timer.
 */
export const LIST_MAX_AGE_MS = 10 * 60_000;
export const LIST_REFRESH_AGE_MS = 5 * 60_000;

/**
 * SQL: marks the people `select` returns (a query with one column) as needing their list ranked
 * again. One row per person however often they are marked; each mark moves its seq, so a refresh that
 * read the tables before the mark leaves the row for the next one.
 */
export function markSql(schema: string, select: string): string {
  return `INSERT INTO ${schema}.suggestion_refreshes (user_id)
          SELECT DISTINCT m.user_id FROM (${select}) AS m(user_id) WHERE m.user_id IS NOT NULL ORDER BY 1
          ON CONFLICT (user_id) DO UPDATE SET seq = nextval('${schema}.suggestion_refresh_seq')`;
}

/** SQL: marks the reader ($1) for a refresh of their list unless they are marked already. */
export function markReaderSql(schema: string): string {
  return `INSERT INTO ${schema}.suggestion_refreshes (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`;
}

/** Stands for "on the list already" where a list's candidates are compared by mutual connections. */
const ON_THE_LIST = 2_147_483_647;

/**
 * SQL: marks (see markSql) those of the people `holders` returns (one column: everyone sharing a
 * skill or city that the people $1 take up or leave) whose stored list that change can alter. It moves
 * only shared skills or the same city between a holder and a changed person, keys that come after
 * mutual connections in the ranking: a full list whose last candidate has m > 0 mutual connections
 * with its holder can only take in, drop or reorder a changed person who is on it already or has at
 * least m mutual connections with the holder. So a holder is marked when they have no full list (none,
 * or one that held everyone there was), their list ends in someone with no mutual connection, a changed
 * person is on it or as near as its end, or they are marked already (marked again, so a ranking that
 * read the tables before this change runs again). The thousands holding a common skill, whose lists
 * are friends of friends, are left alone: a newcomer sharing their skill could not make their list.
 */
export function markHoldersSql(schema: string, holders: string): string {
  return markSql(
    schema,
    `WITH near AS (
       SELECT user_id, max(mutuals) AS mutuals FROM (
         SELECT user_id, ${ON_THE_LIST} AS mutuals FROM ${schema}.suggestion_lists
          WHERE candidate_id = ANY($1::text[])
         UNION ALL
         SELECT candidate_id, mutuals FROM ${schema}.connection_mutuals WHERE user_id = ANY($1::text[])
       ) n
       GROUP BY user_id
     )
     SELECT h.user_id
       FROM (SELECT DISTINCT x.user_id FROM (${holders}) AS x(user_id)) h
       LEFT JOIN ${schema}.suggestion_list_state s ON s.user_id = h.user_id AND s.size >= ${STORED_LIST_SIZE}
       LEFT JOIN ${schema}.suggestion_lists l ON l.user_id = s.user_id AND l.rank = s.size
       LEFT JOIN near n ON n.user_id = h.user_id
      WHERE l.mutuals IS NULL OR l.mutuals = 0 OR n.mutuals >= l.mutuals
         OR EXISTS (SELECT 1 FROM ${schema}.suggestion_refreshes r WHERE r.user_id = h.user_id)`,
  );
}

/** Marks `people` for a refresh of their list (see markSql). */
export async function markForRefresh(
  tx: Queryable,
  schema: string,
  people: readonly string[],
): Promise<void> {
  if (people.length === 0) return;
  await tx.query(markSql(schema, 'SELECT unnest($1::text[])'), [people]);
}

/** The ranking for one person (see suggestionsSql): from their mutual connections when those suffice. */
export async function rankSuggestions(
  db: Queryable,
  schema: string,
  viewerId: string,
  limit: number,
  scope: ExclusionScope,
): Promise<SuggestionRow[]> {
  const mutual = await db.query<SuggestionRow>({
    name: preparedName(`${schema}:mutual-suggestions:${scope}`),
    text: mutualSuggestionsSql(schema, scope),
    values: [viewerId, limit],
  });
  if (mutual.rows.length >= limit) return mutual.rows;
  const all = await db.query<SuggestionRow>({
    name: preparedName(`${schema}:suggestions:${scope}`),
    text: suggestionsSql(schema, scope),
    values: [viewerId, limit],
  });
  return all.rows;
}

/**
 * The reader's stored list as a read shows it, in one statement: the list if it is fresh (ranked
 * within LIST_MAX_AGE_MS and not marked since), minus the reader's connections and requests pending
 * either way and accounts gone since, its first `$2` with their cards. `size` is null when there is no
 * fresh list; a row with a null id stands for a fresh list of which nobody is left.
 * `due` says the list is older than LIST_REFRESH_AGE_MS. $1 the reader, $2 how many, $3 the age limit
 * in seconds, $4 the refresh age in seconds.
 */
export function storedSuggestionsSql(schema: string): string {
  return `
      WITH state AS (
        SELECT s.size, s.computed_at <= now() - make_interval(secs => $4) AS due
          FROM ${schema}.suggestion_list_state s
         WHERE s.user_id = $1 AND s.computed_at > now() - make_interval(secs => $3)
           AND NOT EXISTS (SELECT 1 FROM ${schema}.suggestion_refreshes r WHERE r.user_id = $1)
      ),
      excluded AS MATERIALIZED (
        SELECT DISTINCT other_id AS id FROM ${schema}.suggestion_links
         WHERE user_id = $1 AND status IN ('pending', 'accepted')
      ),
      kept AS (
        SELECT l.rank, l.candidate_id, l.mutuals FROM ${schema}.suggestion_lists l
         WHERE l.user_id = $1 AND EXISTS (SELECT 1 FROM state)
           AND NOT EXISTS (SELECT 1 FROM excluded e WHERE e.id = l.candidate_id)
           AND EXISTS (SELECT 1 FROM ${schema}.suggestion_cards u WHERE u.id = l.candidate_id)
         ORDER BY l.rank
         LIMIT $2
      )
      SELECT st.size, st.due, ${shownColumns(schema)}, k.mutuals
        FROM (SELECT (SELECT size FROM state) AS size, (SELECT due FROM state) AS due) st
        LEFT JOIN (kept k JOIN ${schema}.suggestion_cards u ON u.id = k.candidate_id) ON true
       ORDER BY k.rank`;
}

/**
 * The reader's suggestions from their stored list (`rows`), or null rows when it cannot answer: no
 * list, one older than LIST_MAX_AGE_MS, one marked for a refresh, or one that the people left out since
 * leave with fewer than `limit` while more may exist (a list shorter than STORED_LIST_SIZE held
 * everyone there was). `due`: the reader's list is missing or due for its age refresh (see
 * LIST_MAX_AGE_MS); a list left short by requests is not (ranking it again would leave it as short).
 */
export async function storedSuggestions(
  db: Queryable,
  schema: string,
  viewerId: string,
  limit: number,
): Promise<{ rows: SuggestionRow[] | null; due: boolean }> {
  const { rows } = await db.query<SuggestionRow & { size: number | null; due: boolean | null }>({
    name: preparedName(`${schema}:stored-suggestions`),
    text: storedSuggestionsSql(schema),
    values: [viewerId, limit, LIST_MAX_AGE_MS / 1000, LIST_REFRESH_AGE_MS / 1000],
  });
  const size = rows[0]?.size ?? null;
  if (size === null) return { rows: null, due: true };
  const due = rows[0]?.due === true;
  const kept = rows.filter((r) => r.id !== null);
  if (kept.length < limit && size >= STORED_LIST_SIZE) return { rows: null, due };
  return { rows: kept, due };
}

/** Where a read's suggestions came from: the reader's stored list, or a ranking run for the read. */
export type SuggestionsSource = 'stored' | 'computed';

/**
 * People you may know for `viewerId`, best first (see `suggestionsSql`): their stored list when it can
 * answer (see `storedSuggestions`), which is then the same answer as the ranking; otherwise the
 * ranking runs for the read, from their mutual connections alone when those suffice.
 */
export async function suggestionsFor(
  pool: Pool,
  schema: string,
  viewerId: string,
  limit = SUGGESTIONS_LIMIT,
): Promise<{ data: SuggestedConnection[]; source: SuggestionsSource }> {
  const stored = await storedSuggestions(pool, schema, viewerId, limit);
  if (stored.due)
    await pool.query({
      name: preparedName(`${schema}:mark-reader`),
      text: markReaderSql(schema),
      values: [viewerId],
    });
  const rows = stored.rows ?? (await rankSuggestions(pool, schema, viewerId, limit, 'read'));
  return {
    source: stored.rows ? 'stored' : 'computed',
    data: rows.map((r) => ({
      _id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      profilePicture: profilePictureOf(r.picture_id),
      bio: r.bio,
      skills: r.skills,
      mutualConnections: r.mutuals,
      jobTitle: r.job_title,
      location: r.location,
      reason: reasonFor(r),
    })),
  };
}

export interface RefreshOptions {
  /** How many people one round ranks at most. */
  batch: number;
  /** How long a mark waits before its refresh, so that a person marked again and again is ranked once. */
  settleMs: number;
  /** Whether to also take people with no list (new people are marked; after a rebuild nobody has one). */
  sweep: boolean;
}

/**
 * One round of the refresher: takes up to `batch` people marked at least `settleMs` ago (and, with
 * `sweep`, people with no list), ranks each with the ranking
 * a read would run, and stores the lists. A mark is taken away only if it has not moved since it was
 * read, so a mark made while the ranking ran leaves the person for the next round. Returns how many
 * people it took (0: nothing to do).
 */
export async function refreshSuggestionLists(
  pool: Pool,
  schema: string,
  options: RefreshOptions,
): Promise<number> {
  const { rows: marked } = await pool.query<{ user_id: string; seq: string }>(
    `SELECT user_id, seq FROM ${schema}.suggestion_refreshes
      WHERE marked_at <= now() - make_interval(secs => $1)
      ORDER BY marked_at
      LIMIT $2`,
    [options.settleMs / 1000, options.batch],
  );
  const people = marked.map((m) => m.user_id);
  if (options.sweep && people.length < options.batch) {
    const { rows: aged } = await pool.query<{ user_id: string }>(
      `SELECT p.user_id FROM ${schema}.suggestion_people p
         LEFT JOIN ${schema}.suggestion_list_state s ON s.user_id = p.user_id
        WHERE s.user_id IS NULL AND NOT (p.user_id = ANY($1::text[]))
        ORDER BY p.user_id
        LIMIT $2`,
      [people, options.batch - people.length],
    );
    people.push(...aged.map((a) => a.user_id));
  }
  if (people.length === 0) return 0;

  const lists = new Map<string, { id: string; mutuals: number }[]>();
  for (const person of people) {
    const rows = await rankSuggestions(pool, schema, person, STORED_LIST_SIZE, 'stored');
    lists.set(
      person,
      rows.map((r) => ({ id: r.id, mutuals: r.mutuals })),
    );
  }

  const owners: string[] = [];
  const ranks: number[] = [];
  const candidates: string[] = [];
  const mutuals: number[] = [];
  for (const [owner, list] of lists) {
    list.forEach((c, i) => {
      owners.push(owner);
      ranks.push(i + 1);
      candidates.push(c.id);
      mutuals.push(c.mutuals);
    });
  }
  await withTransaction(pool, async (tx) => {
    // The refresher gives way: rather than wait long on a projector's transaction (which could be
    // waiting on this one), the round fails and is tried again.
    await tx.query(`SET LOCAL lock_timeout = '250ms'`);
    // The people still there, held until the lists are written: an account deleted meanwhile either
    // waits for this (and then takes its rows away) or is gone already (and is left out here).
    const { rows: alive } = await tx.query<{ user_id: string }>(
      `SELECT user_id FROM ${schema}.suggestion_people
        WHERE user_id = ANY($1::text[]) ORDER BY user_id FOR KEY SHARE`,
      [[...new Set([...people, ...candidates])]],
    );
    const present = new Set(alive.map((a) => a.user_id));
    await tx.query(`DELETE FROM ${schema}.suggestion_lists WHERE user_id = ANY($1::text[])`, [people]);
    await tx.query(`DELETE FROM ${schema}.suggestion_list_state WHERE user_id = ANY($1::text[])`, [people]);
    const keep = owners.map((o, i) => present.has(o) && present.has(candidates[i] as string));
    const pick = <T>(xs: T[]) => xs.filter((_, i) => keep[i]);
    await tx.query(
      `INSERT INTO ${schema}.suggestion_lists (user_id, rank, candidate_id, mutuals)
       SELECT * FROM unnest($1::text[], $2::smallint[], $3::text[], $4::int[])`,
      [pick(owners), pick(ranks), pick(candidates), pick(mutuals)],
    );
    const ranked = people.filter((p) => present.has(p));
    await tx.query(
      `INSERT INTO ${schema}.suggestion_list_state (user_id, size, computed_at)
       SELECT user_id, size, now() FROM unnest($1::text[], $2::smallint[]) AS x(user_id, size)`,
      [ranked, ranked.map((p) => lists.get(p)?.length ?? 0)],
    );
    // Marks that have not moved since they were read; one a projector holds is left for next time.
    await tx.query(
      `DELETE FROM ${schema}.suggestion_refreshes r
        WHERE (r.user_id, r.seq) IN (
          SELECT q.user_id, q.seq FROM ${schema}.suggestion_refreshes q
            JOIN unnest($1::text[], $2::bigint[]) AS x(user_id, seq) ON q.user_id = x.user_id AND q.seq = x.seq
           FOR UPDATE OF q SKIP LOCKED)`,
      [marked.map((m) => m.user_id), marked.map((m) => m.seq)],
    );
  });
  return people.length;
}

/** How many people wait for their list: marked for a refresh, or with none at all. */
export async function refreshBacklog(db: Queryable, schema: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT user_id FROM ${schema}.suggestion_refreshes
       UNION
       SELECT p.user_id FROM ${schema}.suggestion_people p
        WHERE NOT EXISTS (SELECT 1 FROM ${schema}.suggestion_list_state s WHERE s.user_id = p.user_id)
     ) waiting`,
  );
  return rows[0]?.n ?? 0;
}
