import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { createPool, type Pool } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { projectorTestbed } from '../testing.ts';
import { JobQueries } from './queries.ts';
import { boardTestbed } from './search-testing.ts';

/** GET /jobs lists on a pipelining pool, over the board of `search-testing.ts`. */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;

beforeAll(async () => {
  ({ bed, jobs } = await boardTestbed('jobs-search-pipelined'));
});
afterAll(async () => {
  await bed?.close();
});

describe("a list on a pipelining pool (the service's)", () => {
  // One connection, so every search and check below runs on the same session.
  let pipelined: Pool;
  let onPipeline: JobQueries;
  beforeAll(() => {
    pipelined = createPool(bed.config.DATABASE_URL, 1, 'test-pipelined', { pipeline: true });
    onPipeline = new JobQueries(pipelined, bed.schema);
  });
  afterAll(async () => {
    await pipelined?.end();
  });
  const randomPageCost = async () =>
    (await pipelined.query<{ cost: string }>(`SELECT current_setting('random_page_cost') AS cost`)).rows[0]
      ?.cost;

  it('answers what a list waiting for each statement answers, and leaves no transaction open', async () => {
    const lists = [
      {},
      { search: 'engineer' },
      { search: '"platform engineer" -rust' },
      { search: 'kafka', jobType: 'Internship' },
      { workLocation: 'Remote', page: 2, limit: 1 },
      { page: 9 },
    ];
    const outsideList = await randomPageCost();
    for (const query of lists) {
      const parsed = JobListQuery.parse({ limit: 50, ...query });
      expect(await onPipeline.search(parsed)).toEqual(await jobs.search(parsed));
      // The list's settings were its transaction's alone: it ended (COMMIT went out behind the list).
      expect(await randomPageCost()).toBe(outsideList);
    }
    expect(outsideList).not.toBe('1.1');
  });

  it('sends BEGIN and COMMIT along with its statement: one write for a list', async () => {
    type Write = (this: unknown, ...args: unknown[]) => unknown;
    const client = await pipelined.connect();
    const stream = (client as unknown as { connection: { stream: { _write: Write; _writev: Write } } })
      .connection.stream;
    const { _write: write, _writev: writev } = stream;
    let writes = 0;
    stream._write = function (...args) {
      writes++;
      return write.apply(this, args);
    };
    stream._writev = function (...args) {
      writes++;
      return writev.apply(this, args);
    };
    client.release();
    try {
      const written = async (query: Record<string, unknown>) => {
        writes = 0;
        await onPipeline.search(JobListQuery.parse(query));
        return writes;
      };
      // Waiting for each statement, they were three writes (BEGIN, the list, COMMIT). A list with search
      // text asks the search engine, and reads its page's jobs in one statement of no transaction.
      expect(await written({ jobType: 'Contract' })).toBe(1);
      expect(await written({ location: 'berlin', minSalary: 1 })).toBe(1);
      expect(await written({ search: 'engineer' })).toBe(1);
    } finally {
      stream._write = write;
      stream._writev = writev;
    }
  });

  it('fails a list whose statement fails, rolls its transaction back, and the connection serves the next', async () => {
    const missing = new JobQueries(pipelined, '"no_such_read_schema"');
    for (const query of [{}, { jobType: 'Contract' }]) {
      await expect(missing.search(JobListQuery.parse(query))).rejects.toThrow(/does not exist/);
      expect(await randomPageCost()).not.toBe('1.1');
      expect((await onPipeline.search(JobListQuery.parse({ search: 'rust' }))).total).toBe(1);
    }
  });
});
