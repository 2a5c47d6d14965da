import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { projectorTestbed } from '../testing.ts';
import type { JobQueries } from './queries.ts';
import { boardSearch, boardTestbed } from './search-testing.ts';

/** What keeps a GET /jobs list reading indexes, over the board of `search-testing.ts`. */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;

beforeAll(async () => {
  ({ bed, jobs } = await boardTestbed('jobs-search-indexes'));
});
afterAll(async () => {
  await bed?.close();
});

const { titles } = boardSearch(() => jobs);

describe('what keeps a search reading indexes, not new rows', () => {
  const optionsOf = async (relation: string) => {
    const { rows } = await bed.pool.query<{ reloptions: string[] | null }>(
      `SELECT reloptions FROM pg_class WHERE oid = '${bed.schema}.${relation}'::regclass`,
    );
    return rows[0]?.reloptions ?? [];
  };

  it('bounds the pending list of the places index that lists by location read whole', async () => {
    for (const index of ['jobs_place']) {
      expect(await optionsOf(index)).toContain('gin_pending_list_limit=256');
    }
  });

  it('vacuums the jobs tables after 1% new rows, so counts without text stay in their indexes', async () => {
    for (const table of ['jobs']) {
      expect(await optionsOf(table)).toContain('autovacuum_vacuum_insert_scale_factor=0.01');
    }
  });

  it('answers each search of one list shape (one prepared statement per connection) for its own words', async () => {
    // More rounds than Postgres plans a prepared statement for its values before it may settle on
    // one plan for all of them.
    for (let round = 0; round < 4; round++) {
      expect(await titles({ search: 'kafka' })).toEqual(['Kafka Platform Engineer', 'Backend Developer']);
      expect(await titles({ search: 'rust' })).toEqual(['Rust Engineer']);
    }
  });
});
