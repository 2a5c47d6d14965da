import type { DomainEvent } from '@careers/contracts/events/catalogue';
import type { Pool } from '@careers/service-kit';
import type { PoolClient } from 'pg';
import { refillFromTable, type SearchEngine, type SearchIndex } from '../../search-engine.ts';
import type { ProjectionContext } from '../projector.ts';

/** The people model's index in the search engine, for the read schema `schema`. */
export const peopleIndex = (search: SearchEngine, schema: string): SearchIndex =>
  search.index('people', schema);

/** A person as the engine indexes them (search-engine/src/people.rs `PersonDocument`). */
export interface PersonDocument {
  id: string;
  firstName: string;
  lastName: string;
  /** Their job title and skills' names: below the names, above the place. */
  headline: string;
  place: string;
}

/** The documents of the people `$1` (ids) in the directory, in id order. */
export async function personDocuments(
  client: PoolClient,
  schema: string,
  ids: readonly string[],
): Promise<PersonDocument[]> {
  const { rows } = await client.query<PersonDocument>(
    `SELECT p.id, p.first_name AS "firstName", p.last_name AS "lastName",
            concat_ws(' ', p.job_title, (SELECT string_agg(s->>'name', ' ') FROM jsonb_array_elements(p.skills) s))
              AS headline,
            concat_ws(' ', p.location->>'city', p.location->>'state', p.location->>'country') AS place
       FROM ${schema}.people_directory p WHERE p.id = ANY($1::text[]) ORDER BY p.id`,
    [ids],
  );
  return rows;
}

/**
 * Writes the people the events are about as the batch leaves their directory rows to the engine,
 * before the batch commits (as the jobs do: jobs/search-index.ts); one whose row is gone (their
 * account was deleted) is removed from it.
 */
export async function indexPeople(ctx: ProjectionContext, events: readonly DomainEvent[]): Promise<void> {
  const ids = [
    ...new Set(events.flatMap((event) => ('userId' in event.data ? [String(event.data.userId)] : []))),
  ];
  if (ids.length === 0) return;
  const upsert = await personDocuments(ctx.tx, ctx.schema, ids);
  const kept = new Set(upsert.map((person) => person.id));
  await peopleIndex(ctx.search, ctx.schema).write({ delete: ids.filter((id) => !kept.has(id)), upsert });
}

/** The ids of the people with every word as the start of one of theirs, best first, at most `limit`. */
export async function searchPeople(
  search: SearchEngine,
  schema: string,
  words: readonly string[],
  limit: number,
): Promise<string[]> {
  const { ids } = await peopleIndex(search, schema).search<{ ids: string[] }>({ words, limit });
  return ids;
}

/** The people index made again from the directory when it does not hold everyone (`refillIndex`). */
export function ensurePeopleIndex(pool: Pool, schema: string, search: SearchEngine): Promise<number> {
  return refillFromTable(pool, peopleIndex(search, schema), `${schema}.people_directory`, (client, ids) =>
    personDocuments(client, schema, ids),
  );
}
