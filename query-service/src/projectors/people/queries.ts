import type { PersonCard } from '@careers/contracts/entities/person-card';
import type { Pool } from '@careers/service-kit';
import { profilePictureOf } from '../file-urls.ts';
import { statementName } from '../statement-name.ts';

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
 * The words of a search as a full-text query of the `simple` configuration: letters and digits of each
 * word (anything else separates words), every word required, each matching as a prefix, so "ada lov"
 * finds Ada Lovelace as one types. Null when no word is left.
 */
export function peopleQueryText(search: string): string | null {
  const words = search
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, 8);
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

  constructor(pool: Pool, schema: string) {
    this.pool = pool;
    this.s = schema;
  }

  /**
   * Who matches every word, best first: ts_rank weighs a name match above a job title or skill, and
   * those above a place (the document's weights, migration 027); then by name. Read through the
   * directory's GIN index.
   */
  async search(search: string, limit: number): Promise<PersonCard[]> {
    const query = peopleQueryText(search);
    if (query === null) return [];
    const text = `SELECT p.id, p.first_name, p.last_name, p.job_title, p.picture_id, p.location, p.skills
        FROM ${this.s}.people_directory p, to_tsquery('simple', $1) q
       WHERE p.search_document @@ q
       ORDER BY ts_rank(p.search_document, q) DESC, p.last_name, p.first_name, p.id
       LIMIT $2`;
    const { rows } = await this.pool.query<PersonRow>({
      name: statementName('people_search', text),
      text,
      values: [query, limit],
    });
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
