import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { projectorTestbed } from '../testing.ts';
import type { JobQueries } from './queries.ts';
import { boardSearch, boardTestbed } from './search-testing.ts';

/** GET /jobs filters, alone and combined, against the real Postgres, over the board of `search-testing.ts`. */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;

beforeAll(async () => {
  ({ bed, jobs } = await boardTestbed('jobs-search-filters'));
});
afterAll(async () => {
  await bed?.close();
});

const { search, titles } = boardSearch(() => jobs);

describe('jobs filters', () => {
  it.for([
    [{ jobType: 'Contract' }, ['Rust Engineer', 'Frontend Developer']],
    [{ workLocation: 'On-site' }, ['Elixir Engineer', 'Learning Coordinator', 'Kafka Platform Engineer']],
    [{ experienceLevel: 'Entry Level' }, ['Backend Developer', 'Python Developer', 'Learning Coordinator']],
    [{ location: 'texas' }, ['Backend Developer', 'Elixir Engineer', 'Kafka Platform Engineer']],
    [{ location: 'GERMANY' }, ['Java Developer', 'Frontend Developer']],
    [{ location: 'san fran' }, ['Machine Learning Engineer']],
    [{ location: '%' }, []],
    [{ skills: 'PYTHON' }, ['Python Developer', 'Python Developer', 'Machine Learning Engineer']],
    [{ skills: 'rust,elixir' }, ['Elixir Engineer', 'Rust Engineer']],
    [{ skills: ['Go', 'Scala'] }, ['Backend Developer', 'Kafka Platform Engineer']],
  ] as const)('filters by %j alone', async ([filter, expected]) => {
    expect(await search(filter)).toEqual({ titles: expected, total: expected.length });
  });

  it('combines the filters with each other and with the search text', async () => {
    expect(await titles({ workLocation: 'Remote', skills: 'python', experienceLevel: 'Mid Level' })).toEqual([
      'Python Developer',
    ]);
    expect(await titles({ jobType: 'Full-time', location: 'usa' })).toEqual([
      'Elixir Engineer',
      'Machine Learning Engineer',
      'Kafka Platform Engineer',
    ]);
    expect(await titles({ search: 'engineer', location: 'usa', workLocation: 'On-site' })).toEqual([
      'Elixir Engineer',
      'Kafka Platform Engineer',
    ]);
    expect(
      await search({ search: 'kafka', jobType: 'Internship', skills: 'go', location: 'austin' }),
    ).toEqual({
      titles: ['Backend Developer'],
      total: 1,
    });
    expect(await search({ search: 'developer', jobType: 'Part-time' })).toEqual({
      titles: [],
      total: 0,
    });
  });

  // The total of a list without text is counted in an index: every combination of the choice filters
  // is the leading part of one index's key, so a count can read just that range (which index the
  // planner takes depends on the board's size; on 50,000 jobs it is the range's, see the bench).
  it('has an index led by every combination of the choice filters', async () => {
    const { rows } = await bed.pool.query<{ name: string; keys: string[] }>(
      `SELECT c.relname AS name,
              ARRAY(SELECT a.attname::text FROM unnest(i.indkey[0:i.indnkeyatts - 1]) WITH ORDINALITY k(attnum, n)
                      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.n) AS keys
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = $1::regclass`,
      [`${bed.schema}.jobs`],
    );
    const choices = ['job_type', 'work_location', 'experience_level'];
    const combinations = choices
      .reduce<string[][]>((sets, column) => [...sets, ...sets.map((set) => [...set, column])], [[]])
      .filter((set) => set.length > 0);
    for (const combination of combinations) {
      const led = rows.filter(({ keys }) => {
        const leading = keys.slice(0, combination.length);
        return (
          leading.length === combination.length && combination.every((column) => leading.includes(column))
        );
      });
      expect(
        led.map((index) => index.name),
        combination.join(' and '),
      ).not.toEqual([]);
    }
  });
});
