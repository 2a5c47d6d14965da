import type { PersonCard } from '@careers/contracts/entities/person-card';
import type { Pool } from '@careers/service-kit';
import { SearchEngine } from '../../search-engine.ts';
import { profilePictureOf } from '../file-urls.ts';
import { statementName } from '../statement-name.ts';
import { searchPeople } from './search-index.ts';

interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  job_title: string;
  picture_id: string | null;
  location: PersonCard['location'];
  skills: PersonCard['skills'];
}

/**
 * The words of a search: letters and digits of each word (anything else separates words), lower-cased,
 * at most eight. Every word is required, each matching as the start of a word, so "ada lov" finds Ada
 * Lovelace as one types.
 */
export function searchWords(search: string): string[] {
  return search
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, 8);
}

/**
 * The words of a search as a full-text query of the `simple` configuration, each a prefix (the
 * companies' names are searched so); null when no word is left.
 */
export function peopleQueryText(search: string): string | null {
  const words = searchWords(search);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

/** SQL for one person's row of the directory (`id` a placeholder), as `p`. */
export function directoryRowOf(schema: string, id: string): string {
  return `SELECT p.id, p.first_name, p.last_name, p.job_title, p.picture_id, p.location, p.skills, p.bio,
          p.email, p.phone
     FROM ${schema}.people_directory p WHERE p.id = ${id}`;
}

/** People search over the people directory (project.ts). */
export class PeopleQueries {
  private readonly pool: Pool;
  private readonly s: string;
  private readonly searchEngine: SearchEngine;

  /** `search`: the engine holding this schema's people index (SEARCH_ENGINE_URL's unless given). */
  constructor(pool: Pool, schema: string, options: { search?: SearchEngine } = {}) {
    this.pool = pool;
    this.s = schema;
    this.searchEngine = options.search ?? SearchEngine.fromEnv();
  }

  /**
   * Who matches every word, best first: found and ranked by the search engine (a name match above a
   * job title or skill, and those above a place; then by name), their cards read here by id.
   */
  async search(search: string, limit: number): Promise<PersonCard[]> {
    const words = searchWords(search);
    if (words.length === 0) return [];
    const ids = await searchPeople(this.searchEngine, this.s, words, limit);
    if (ids.length === 0) return [];
    const text = `SELECT p.id, p.first_name, p.last_name, p.job_title, p.picture_id, p.location, p.skills
        FROM ${this.s}.people_directory p WHERE p.id = ANY($1::text[])`;
    const { rows: found } = await this.pool.query<PersonRow>({
      name: statementName('people_by_ids', text),
      text,
      values: [ids],
    });
    const byId = new Map(found.map((row) => [row.id, row]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return rows.map((r) => ({
      _id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      jobTitle: r.job_title,
      profilePicture: profilePictureOf(r.picture_id),
      location: r.location,
      skills: r.skills,
    }));
  }
}
