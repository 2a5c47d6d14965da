import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { projectorTestbed } from '../testing.ts';
import type { JobQueries } from './queries.ts';
import { BOARD_SIZE, boardSearch, boardTestbed, NEWEST_FIRST } from './search-testing.ts';

/** GET /jobs pages against the real Postgres, over the board of `search-testing.ts`. */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;

beforeAll(async () => {
  ({ bed, jobs } = await boardTestbed('jobs-search-pages'));
});
afterAll(async () => {
  await bed?.close();
});

const { search, titles } = boardSearch(() => jobs);

describe('jobs pages', () => {
  it('pages the list with the total of every page', async () => {
    expect(await search({ limit: 4 })).toEqual({ titles: NEWEST_FIRST.slice(0, 4), total: BOARD_SIZE });
    expect(await search({ limit: 4, page: 2 })).toEqual({
      titles: NEWEST_FIRST.slice(4, 8),
      total: BOARD_SIZE,
    });
  });

  it('serves the last page short, and past the end no jobs with the total still right', async () => {
    expect(await search({ limit: 4, page: 3 })).toEqual({ titles: NEWEST_FIRST.slice(8), total: BOARD_SIZE });
    expect(await search({ limit: 4, page: 4 })).toEqual({ titles: [], total: BOARD_SIZE });
    expect(await search({ search: 'developer', limit: 2, page: 9 })).toEqual({ titles: [], total: 5 });
  });

  it('pages a ranked search in rank order', async () => {
    const ranked = await titles({ search: 'kafka OR engineer' });
    expect(ranked[0]).toBe('Kafka Platform Engineer');
    const paged = [
      ...(await titles({ search: 'kafka OR engineer', limit: 2 })),
      ...(await titles({ search: 'kafka OR engineer', limit: 2, page: 2 })),
      ...(await titles({ search: 'kafka OR engineer', limit: 2, page: 3 })),
    ];
    expect(paged).toEqual(ranked);
  });

  it('ranks every match, title matches above a description match, each page with the total', async () => {
    // "kafka OR engineer" matches four titles and the newest job's description.
    const page = async (limit: number, n: number) => {
      const { jobs: found, total } = await jobs.search(
        JobListQuery.parse({ search: 'kafka OR engineer', limit, page: n }),
      );
      return { titles: found.map((job) => job.title), total };
    };
    const all = await page(50, 1);
    expect(all.total).toBe(5);
    expect(all.titles[0]).toBe('Kafka Platform Engineer');
    expect(all.titles.at(-1)).toBe('Backend Developer');
    expect(new Set(all.titles.slice(1, 4))).toEqual(
      new Set(['Elixir Engineer', 'Rust Engineer', 'Machine Learning Engineer']),
    );
    const paged = [];
    for (let n = 1; n <= 3; n++) {
      const { titles: some, total } = await page(2, n);
      expect(total).toBe(5);
      paged.push(...some);
    }
    expect(paged).toEqual(all.titles);
  });

  it('serves at most the limit, one job when asked for one', async () => {
    expect(await search({ limit: 1 })).toEqual({ titles: NEWEST_FIRST.slice(0, 1), total: BOARD_SIZE });
    expect(JobListQuery.safeParse({ limit: 51 }).success).toBe(false);
  });
});
