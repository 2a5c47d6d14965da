import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { projectorTestbed } from '../testing.ts';
import type { JobQueries } from './queries.ts';
import { BOARD_SIZE, boardSearch, boardTestbed, NEWEST_FIRST } from './search-testing.ts';

/**
 * GET /jobs search text against the real search engine and Postgres, over the board of
 * `search-testing.ts`.
 */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;

beforeAll(async () => {
  ({ bed, jobs } = await boardTestbed('jobs-search-text'));
});
afterAll(async () => {
  await bed?.close();
});

const { search, titles } = boardSearch(() => jobs);

describe('jobs search text', () => {
  it('lists every job newest first without search text, closed ones included and marked', async () => {
    expect(await search({})).toEqual({ titles: NEWEST_FIRST, total: BOARD_SIZE });
    const { jobs: all } = await jobs.search(JobListQuery.parse({ limit: 50 }));
    expect(all.find((job) => job.title === 'Elixir Engineer')?.status).toBe('closed');
  });

  it('ranks a title match above a description match, though the description match is newer', async () => {
    expect(await titles({ search: 'kafka' })).toEqual(['Kafka Platform Engineer', 'Backend Developer']);
  });

  it('finds a job by its skills and its company name', async () => {
    expect(await titles({ search: 'streamly' })).toEqual(['Kafka Platform Engineer']);
    expect(await titles({ search: 'django' })).toEqual(['Python Developer']);
  });

  it('requires every word, and matches other forms of a word', async () => {
    expect(await titles({ search: 'machine learning' })).toEqual([
      'Machine Learning Engineer',
      'Learning Coordinator',
    ]);
    expect(await titles({ search: 'engineers' })).toEqual([
      'Elixir Engineer',
      'Rust Engineer',
      'Machine Learning Engineer',
      'Kafka Platform Engineer',
    ]);
  });

  it('keeps a phrase in quotes together and in order', async () => {
    expect(await titles({ search: '"machine learning"' })).toEqual(['Machine Learning Engineer']);
    expect(await titles({ search: '"learning machine"' })).toEqual([]);
  });

  it('excludes a word after a minus', async () => {
    const { jobs: found } = await jobs.search(JobListQuery.parse({ search: 'python -django' }));
    expect(found.map((job) => [job.title, job.description])).toEqual([
      ['Python Developer', 'Small APIs with Flask.'],
      ['Machine Learning Engineer', 'Train models and ship them.'],
    ]);
    expect(await titles({ search: 'developer -java' })).toEqual([
      'Backend Developer',
      'Python Developer',
      'Python Developer',
      'Frontend Developer',
    ]);
  });

  it('accepts either word around OR', async () => {
    expect(new Set(await titles({ search: 'rust OR elixir' }))).toEqual(
      new Set(['Elixir Engineer', 'Rust Engineer']),
    );
    expect(await titles({ search: 'rust elixir' })).toEqual([]);
  });

  it('matches the last plain word as a prefix while it is typed', async () => {
    // "java" is the Java job's title word and the start of the Frontend job's JavaScript skill.
    expect(await titles({ search: 'java' })).toEqual(['Java Developer', 'Frontend Developer']);
    expect(await titles({ search: 'javasc' })).toEqual(['Frontend Developer']);
    expect(await titles({ search: 'developer javasc' })).toEqual(['Frontend Developer']);
    // The word is stemmed before it becomes a prefix, so a whole word in another form still matches
    // ("engineers" above), and a partial one may match a little more: "javas" reads as "java".
    expect(await titles({ search: 'javas' })).toEqual(['Java Developer', 'Frontend Developer']);
    // A word matched whole ranks by how rare and how prominent it is (Python in a title, then in a
    // skill); one matched only as the start of a word still being typed ("rus" of Rust) after them.
    expect(await titles({ search: 'python OR rus' })).toEqual([
      'Python Developer',
      'Python Developer',
      'Machine Learning Engineer',
      'Rust Engineer',
    ]);
  });

  it('matches a word typed past its stem by the stems of the words it starts', async () => {
    // "coordina" stems to itself, "Coordinator" to "coordin": the stem as a prefix finds nothing.
    expect(await titles({ search: 'coordina' })).toEqual(['Learning Coordinator']);
    expect(await titles({ search: 'coordinato' })).toEqual(['Learning Coordinator']);
    expect(new Set(await titles({ search: 'learni' }))).toEqual(
      new Set(['Learning Coordinator', 'Machine Learning Engineer']),
    );
    // The other words keep their meaning around it.
    expect(await titles({ search: 'developer coordina' })).toEqual([]);
    expect(new Set(await titles({ search: 'rust OR coordina' }))).toEqual(
      new Set(['Rust Engineer', 'Learning Coordinator']),
    );
    // A description's words as written too ("Realtime messaging."): by the stem, and typed past it.
    expect(await titles({ search: 'messag' })).toEqual(['Elixir Engineer']);
    expect(await titles({ search: 'messagi' })).toEqual(['Elixir Engineer']);
  });

  it('matches whole words only inside quotes, after a minus and below three letters', async () => {
    expect(await titles({ search: '"java"' })).toEqual(['Java Developer']);
    expect(await titles({ search: '"javasc"' })).toEqual([]);
    expect(await titles({ search: 'developer -jav' })).toHaveLength(5);
    expect(await titles({ search: 'ja' })).toEqual([]);
  });

  it('finds nothing for stop words alone and never fails on any text', async () => {
    expect(await search({ search: 'the and of' })).toEqual({ titles: [], total: 0 });
    for (const text of [
      "'); DROP TABLE jobs; --",
      "java:* | rust' & !",
      '!!! && || <-> :*',
      '"',
      '-',
      'OR OR OR',
      '"unclosed phrase',
      '\\',
      '%_%',
      'ünïcödé 日本語 😀',
      'Entwickler München',
      'web3',
      '日本語',
      '١٢٣ Ⅷ',
    ]) {
      await expect(jobs.search(JobListQuery.parse({ search: text }))).resolves.toBeDefined();
    }
  });
});
