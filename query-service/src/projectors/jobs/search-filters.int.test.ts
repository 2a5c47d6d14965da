import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { projectorTestbed } from '../testing.ts';
import type { JobQueries } from './queries.ts';
import {
  boardSearch,
  boardTestbed,
  PAY_BOARD,
  PAY_BOARD_BY_PAY,
  PAY_BOARD_NEWEST,
  payBoardTestbed,
} from './search-testing.ts';

/**
 * GET /jobs filters, alone and combined, against the real Postgres, over the boards of
 * `search-testing.ts`: the board, and the pay board for the minimum salary, the date posted and the sorts.
 */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;
let payBed: Awaited<ReturnType<typeof projectorTestbed>>;
let payJobs: JobQueries;

beforeAll(async () => {
  [{ bed, jobs }, { bed: payBed, jobs: payJobs }] = await Promise.all([
    boardTestbed('jobs-search-filters'),
    payBoardTestbed('jobs-search-pay'),
  ]);
});
afterAll(async () => {
  await Promise.all([bed?.close(), payBed?.close()]);
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
});

describe('jobs by minimum salary and date posted, and their order', () => {
  const { search, titles } = boardSearch(() => payJobs);

  it('keeps the jobs whose top of the range reaches the minimum salary, or whose minimum does when it names no top', async () => {
    // The Data Analyst names a minimum of 90,000 alone; the Senior Data Engineer a top of 130,000 alone.
    expect(await search({ minSalary: 90_000 })).toEqual({
      titles: [
        'Staff Data Engineer',
        'Data Analyst',
        'Platform Engineer',
        'Backend Engineer',
        'Senior Data Engineer',
      ],
      total: 5,
    });
    expect(await search({ minSalary: 130_000 })).toEqual({
      titles: ['Staff Data Engineer', 'Senior Data Engineer'],
      total: 2,
    });
    // The Junior Data Engineer's range starts below and ends above 50,000: its top reaches it.
    expect(await titles({ minSalary: 60_000 })).toContain('Junior Data Engineer');
    expect(await titles({ minSalary: 60_001 })).not.toContain('Junior Data Engineer');
    expect(await search({ minSalary: 190_001 })).toEqual({ titles: [], total: 0 });
  });

  it('keeps no job without a salary once a minimum salary is asked for, even 0', async () => {
    expect(await titles({})).toContain('Data Engineer Intern');
    expect(await search({ minSalary: 0 })).toEqual({
      titles: PAY_BOARD_NEWEST.filter((title) => title !== 'Data Engineer Intern'),
      total: PAY_BOARD.length - 1,
    });
  });

  it('keeps the jobs posted within the last so many days', async () => {
    // Posted 12 hours, 2, 4 and 5 days ago, then 10, 20 and 40.
    expect(await search({ postedWithin: 1 })).toEqual({ titles: ['Staff Data Engineer'], total: 1 });
    expect(await search({ postedWithin: 3 })).toEqual({
      titles: ['Staff Data Engineer', 'Data Analyst'],
      total: 2,
    });
    expect(await search({ postedWithin: 7 })).toEqual({
      titles: ['Staff Data Engineer', 'Data Analyst', 'Data Engineer Intern', 'Junior Data Engineer'],
      total: 4,
    });
    expect(await search({ postedWithin: 30 })).toEqual({ titles: PAY_BOARD_NEWEST.slice(0, 6), total: 6 });
  });

  // Every combination of the new filters with the others, with and without search text, each against
  // the board's own figures: the total counts what the page lists.
  const cases: { query: Record<string, unknown>; keep: (job: (typeof PAY_BOARD)[number]) => boolean }[] = [];
  const salaries = [undefined, 0, 100_000];
  const days = [undefined, 1, 7, 14];
  const others: { query: Record<string, unknown>; keep: (job: (typeof PAY_BOARD)[number]) => boolean }[] = [
    { query: {}, keep: () => true },
    { query: { search: 'data' }, keep: (job) => job.title.includes('Data') },
    { query: { search: 'engineer' }, keep: (job) => job.title.includes('Engineer') },
    { query: { skills: 'python' }, keep: (job) => job.skills.includes('python') },
    { query: { location: 'berlin' }, keep: (job) => job.city === 'Berlin' },
    { query: { jobType: 'Full-time' }, keep: (job) => job.jobType === 'Full-time' },
    {
      query: { search: 'engineer', skills: 'go,python', location: 'lisbon' },
      keep: (job) =>
        job.title.includes('Engineer') &&
        job.city === 'Lisbon' &&
        job.skills.some((name) => name === 'go' || name === 'python'),
    },
  ];
  for (const minSalary of salaries) {
    for (const postedWithin of days) {
      if (minSalary === undefined && postedWithin === undefined) continue;
      for (const other of others) {
        cases.push({
          query: { ...other.query, minSalary, postedWithin },
          keep: (job) =>
            other.keep(job) &&
            (minSalary === undefined || (job.pay !== null && job.pay >= minSalary)) &&
            (postedWithin === undefined || job.days <= postedWithin),
        });
      }
    }
  }
  it.for(cases)('counts and lists $query', async ({ query, keep }) => {
    const expected = PAY_BOARD.filter(keep).map((job) => job.title);
    const found = await search({ ...query, sort: 'newest' });
    expect(found).toEqual({ titles: expected, total: expected.length });
    // The total does not depend on the order or the page.
    for (const sort of ['relevance', 'salary']) {
      expect((await search({ ...query, sort, limit: 1, page: 2 })).total, sort).toBe(expected.length);
    }
  });

  it('lists newest first for relevance without search text, as without a sort', async () => {
    expect(await titles({ sort: 'relevance' })).toEqual(PAY_BOARD_NEWEST);
    expect(await titles({ sort: 'newest' })).toEqual(PAY_BOARD_NEWEST);
    expect(await titles({})).toEqual(PAY_BOARD_NEWEST);
  });

  it('sorts by pay, highest first, the jobs without a salary last and the newest first among equals', async () => {
    // The Platform and the Backend Engineer both pay 120,000 (in different currencies): the newer first.
    expect(PAY_BOARD_BY_PAY).toEqual([
      'Staff Data Engineer',
      'Senior Data Engineer',
      'Platform Engineer',
      'Backend Engineer',
      'Data Analyst',
      'Junior Data Engineer',
      'Data Engineer Intern',
    ]);
    expect(await search({ sort: 'salary' })).toEqual({ titles: PAY_BOARD_BY_PAY, total: PAY_BOARD.length });
    expect(await titles({ sort: 'salary', search: 'data' })).toEqual(
      PAY_BOARD_BY_PAY.filter((title) => title.includes('Data')),
    );
    expect(await titles({ sort: 'salary', minSalary: 100_000, postedWithin: 14 })).toEqual([
      'Staff Data Engineer',
      'Platform Engineer',
    ]);
  });

  it.for([{}, { search: 'engineer' }, { skills: 'python,go' }])(
    'pages by pay without gaps or repeats, equal pays split across pages (%j)',
    async (query) => {
      const all = await titles({ ...query, sort: 'salary' });
      expect(all.length).toBeGreaterThan(4);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 3); page++) {
        const { titles: some, total } = await search({ ...query, sort: 'salary', limit: 3, page });
        expect(total).toBe(all.length);
        paged.push(...some);
      }
      expect(paged).toEqual(all);
    },
  );
});

describe('jobs sorted newest first with search text', () => {
  it('orders the matches by date, not by rank', async () => {
    // By relevance the title match comes first, though the description match is newer.
    expect(await titles({ search: 'kafka' })).toEqual(['Kafka Platform Engineer', 'Backend Developer']);
    expect(await titles({ search: 'kafka', sort: 'relevance' })).toEqual([
      'Kafka Platform Engineer',
      'Backend Developer',
    ]);
    expect(await search({ search: 'kafka', sort: 'newest' })).toEqual({
      titles: ['Backend Developer', 'Kafka Platform Engineer'],
      total: 2,
    });
    expect(await titles({ search: 'engineers', sort: 'newest', limit: 2, page: 2 })).toEqual([
      'Machine Learning Engineer',
      'Kafka Platform Engineer',
    ]);
  });
});
