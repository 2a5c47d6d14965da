import { randomUUID } from 'node:crypto';
import type { EventDataInput } from '@careers/contracts/events/catalogue';
import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { createPool, type Pool, withTransaction } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed, testMessages } from '../testing.ts';
import { JobQueries } from './queries.ts';
import { completionsSql } from './search.ts';
import { jobPostedData } from './testing.ts';

/**
 * GET /jobs search and filters against the real Postgres, over a small board whose jobs differ in
 * exactly what each test is about. Jobs are posted a day apart in the order listed, so "newest first"
 * is the reverse of the list.
 */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;
const { event, message } = testMessages();

type Posted = Partial<EventDataInput<'JobPosted'>>;
const skill = (name: string) => ({ name, required: true, proficiency: 'Advanced' as const });

const board: Posted[] = [
  {
    title: 'Kafka Platform Engineer',
    description: 'Run the event streaming platform.',
    skills: [skill('Scala')],
    company: { name: 'Streamly', industry: 'Software', size: '11-50', website: '' },
    location: { city: 'Austin', state: 'Texas', country: 'USA' },
    jobType: 'Full-time',
    workLocation: 'On-site',
    experienceLevel: 'Senior Level',
  },
  {
    title: 'Machine Learning Engineer',
    description: 'Train models and ship them.',
    skills: [skill('Python'), skill('PyTorch')],
    location: { city: 'San Francisco', state: 'California', country: 'USA' },
    jobType: 'Full-time',
    workLocation: 'Hybrid',
    experienceLevel: 'Mid Level',
  },
  {
    title: 'Learning Coordinator',
    description: 'Keep the machine room tidy and plan the learning budget.',
    location: { city: 'Toronto', state: 'Ontario', country: 'Canada' },
    jobType: 'Part-time',
    workLocation: 'On-site',
    experienceLevel: 'Entry Level',
    category: 'Education',
  },
  {
    title: 'Frontend Developer',
    description: 'Build screens people enjoy.',
    skills: [skill('JavaScript'), skill('React')],
    location: { city: 'Berlin', state: '', country: 'Germany' },
    jobType: 'Contract',
    workLocation: 'Remote',
    experienceLevel: 'Mid Level',
  },
  {
    title: 'Java Developer',
    description: 'Maintain the billing services.',
    skills: [skill('Java'), skill('Spring')],
    location: { city: 'Munich', state: 'Bavaria', country: 'Germany' },
    jobType: 'Full-time',
    workLocation: 'Hybrid',
    experienceLevel: 'Senior Level',
  },
  {
    title: 'Python Developer',
    description: 'Web services with Django.',
    skills: [skill('Python'), skill('Django')],
    location: { city: 'Paris', state: '', country: 'France' },
    jobType: 'Full-time',
    workLocation: 'Remote',
    experienceLevel: 'Mid Level',
  },
  {
    title: 'Python Developer',
    description: 'Small APIs with Flask.',
    skills: [skill('python'), skill('Flask')],
    location: { city: 'Lyon', state: '', country: 'France' },
    jobType: 'Freelance',
    workLocation: 'Remote',
    experienceLevel: 'Entry Level',
  },
  {
    title: 'Rust Engineer',
    description: 'Systems work.',
    skills: [skill('Rust')],
    location: { city: 'Amsterdam', state: 'North Holland', country: 'Netherlands' },
    jobType: 'Contract',
    workLocation: 'Remote',
    experienceLevel: 'Senior Level',
  },
  {
    title: 'Elixir Engineer',
    description: 'Realtime messaging.',
    skills: [skill('Elixir')],
    location: { city: 'Dallas', state: 'Texas', country: 'USA' },
    jobType: 'Full-time',
    workLocation: 'On-site',
    experienceLevel: 'Executive',
  },
  {
    // The newest job, and the one that only mentions Kafka in its description.
    title: 'Backend Developer',
    description: 'Services that read from Kafka and write to Postgres.',
    requirements: ['Three years of backend work'],
    skills: [skill('Go')],
    location: { city: 'Austin', state: 'Texas', country: 'USA' },
    jobType: 'Internship',
    workLocation: 'Hybrid',
    experienceLevel: 'Entry Level',
  },
];
const BOARD_SIZE = board.length;
const NEWEST_FIRST = board.map((job) => job.title).reverse();

beforeAll(async () => {
  bed = await projectorTestbed('jobs-search');
  jobs = new JobQueries(bed.pool, bed.schema);
  const events = board.map((fields, i) => {
    const data = jobPostedData({ ...fields, postedAt: new Date(Date.UTC(2026, 2, 1 + i, 9)).toISOString() });
    return event('JobPosted', data.jobId, 1, data);
  });
  // A closed job stays listed: the Elixir job is closed.
  const elixir = events[8];
  if (!elixir) throw new Error('the board has no Elixir job');
  events.push(
    event('JobClosed', elixir.streamId, 2, {
      jobId: elixir.streamId,
      employerId: randomUUID(),
      closedAt: '2026-04-01T09:00:00.000Z',
    }),
  );
  await bed.runner.applyMessages(events.map(message));
});
afterAll(async () => {
  await bed?.close();
});

async function search(query: Record<string, unknown>) {
  const { jobs: found, total } = await jobs.search(JobListQuery.parse({ limit: 50, ...query }));
  return { titles: found.map((job) => job.title), total };
}
const titles = async (query: Record<string, unknown>) => (await search(query)).titles;

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
    expect(await titles({ search: 'rust OR elixir' })).toEqual(['Elixir Engineer', 'Rust Engineer']);
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
    expect(await titles({ search: 'python OR rus' })).toEqual([
      'Rust Engineer',
      'Python Developer',
      'Python Developer',
      'Machine Learning Engineer',
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
    // The words known as written are those of titles, skills and company names: a description's
    // word is found by its stem ("Realtime messaging."), not typed past it.
    expect(await titles({ search: 'messag' })).toEqual(['Elixir Engineer']);
    expect(await titles({ search: 'messagi' })).toEqual([]);
  });

  it('looks up no other stems for a word whose stem finds every word it starts', async () => {
    const completions = async (word: string) =>
      (await bed.pool.query<{ stems: string }>(completionsSql(bed.schema), [word])).rows[0]?.stems;
    expect(await completions('developer')).toBe('');
    expect(await completions('Coordina')).toBe("'coordin'");
    expect(await completions('zzz')).toBe('');
    // No word the parser reads holds a quote or a backslash; a stem that did would still be one lexeme.
    await bed.pool.query(`INSERT INTO ${bed.schema}.job_words (word, stem) VALUES ('qqqx', $1)`, ["o'q\\x"]);
    const stems = await completions('qqq');
    const parsed = await bed.pool.query<{ q: string }>(`SELECT querytree($1::tsquery) AS q`, [stems]);
    expect(parsed.rows[0]?.q).toBe("'o''q\\\\x'");
    await bed.pool.query(`DELETE FROM ${bed.schema}.job_words WHERE word = 'qqqx'`);
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

  it('ranks the best candidates by relevance, then pages the other matches title matches first, newest first', async () => {
    // Two candidates ranked: "kafka OR engineer" matches four titles and the newest job's description.
    // The two newest title matches are ranked; the others follow, newest first, the description match
    // last (uncapped, the Kafka title match ranks first).
    const capped = new JobQueries(bed.pool, bed.schema, { rankedMatches: 2 });
    const page = async (limit: number, n: number) => {
      const { jobs: found, total } = await capped.search(
        JobListQuery.parse({ search: 'kafka OR engineer', limit, page: n }),
      );
      return { titles: found.map((job) => job.title), total };
    };
    const all = await page(50, 1);
    expect(all).toEqual({
      titles: [
        'Elixir Engineer',
        'Rust Engineer',
        'Machine Learning Engineer',
        'Kafka Platform Engineer',
        'Backend Developer',
      ],
      total: 5,
    });
    // The same order a page at a time, across the end of the ranked candidates.
    const paged = [];
    for (let n = 1; n <= 3; n++) {
      const { titles: some, total } = await page(2, n);
      expect(total).toBe(5);
      paged.push(...some);
    }
    expect(paged).toEqual(all.titles);
    // Uncapped, the whole set is ranked: the same five, in relevance order.
    expect(new Set(await titles({ search: 'kafka OR engineer' }))).toEqual(new Set(all.titles));
  });

  it('serves at most the limit, one job when asked for one', async () => {
    expect(await search({ limit: 1 })).toEqual({ titles: NEWEST_FIRST.slice(0, 1), total: BOARD_SIZE });
    expect(JobListQuery.safeParse({ limit: 51 }).success).toBe(false);
  });
});

describe('what keeps a search reading indexes, not new rows', () => {
  const optionsOf = async (relation: string) => {
    const { rows } = await bed.pool.query<{ reloptions: string[] | null }>(
      `SELECT reloptions FROM pg_class WHERE oid = '${bed.schema}.${relation}'::regclass`,
    );
    return rows[0]?.reloptions ?? [];
  };

  it('bounds the pending lists of the search indexes that searches read whole', async () => {
    for (const index of ['job_search_document', 'job_search_place', 'jobs_place']) {
      expect(await optionsOf(index)).toContain('gin_pending_list_limit=256');
    }
  });

  it('vacuums the jobs tables after 1% new rows, so counts without text stay in their indexes', async () => {
    for (const table of ['jobs', 'job_search']) {
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

  it('sends BEGIN and COMMIT along with its statements: one write for a list, two with a prefix word', async () => {
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
      // Waiting for each statement, they were three writes (BEGIN, the list, COMMIT) and four.
      expect(await written({ jobType: 'Contract' })).toBe(1);
      expect(await written({ search: 'engineer' })).toBe(2);
      expect(await written({ search: '"platform engineer"' })).toBe(1);
    } finally {
      stream._write = write;
      stream._writev = writev;
    }
  });

  it('fails a list whose statement fails, rolls its transaction back, and the connection serves the next', async () => {
    const missing = new JobQueries(pipelined, '"no_such_read_schema"');
    // Without search text the list is the last statement; with a prefix word the completions fail first.
    for (const query of [{}, { search: 'engineer' }]) {
      await expect(missing.search(JobListQuery.parse(query))).rejects.toThrow(/does not exist/);
      expect(await randomPageCost()).not.toBe('1.1');
      expect((await onPipeline.search(JobListQuery.parse({ search: 'rust' }))).total).toBe(1);
    }
  });
});

describe('jobs counts on a board of thousands', () => {
  const SIZE = 4000;
  /** Every `PYTHON_EVERY`th copy asks for Python (the first job asks for no skill). */
  const PYTHON_EVERY = 12;
  /** Every `BERLIN_EVERY`th copy is in Berlin, as the first job is; the others in Lisbon. */
  const BERLIN_EVERY = 5;
  let big: Awaited<ReturnType<typeof projectorTestbed>>;
  let bigJobs: JobQueries;

  beforeAll(async () => {
    big = await projectorTestbed('jobs-counts');
    bigJobs = new JobQueries(big.pool, big.schema);
    const data = jobPostedData({ postedAt: '2026-03-01T09:00:00.000Z' });
    await big.runner.applyMessages([big.message(big.event('JobPosted', data.jobId, 1, data))]);
    // The projected job copied SIZE - 1 times, each a minute older, with its own id, skills and type:
    // a board whose statistics are those of a real one, made in one statement.
    const { rows } = await big.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = 'jobs' ORDER BY ordinal_position`,
      [big.config.DB_SCHEMA],
    );
    const made: Record<string, string> = {
      id: 'gen_random_uuid()::text',
      posted_at: `j.posted_at - n * interval '1 minute'`,
      skill_names: `CASE WHEN n % ${PYTHON_EVERY} = 0 THEN ARRAY['python'] ELSE ARRAY['go', 'rust'] END`,
      job_type: `(ARRAY['Full-time', 'Part-time', 'Contract', 'Internship'])[n % 4 + 1]`,
      location_text: `CASE WHEN n % ${BERLIN_EVERY} = 0 THEN j.location_text ELSE E'lisbon\\n\\nportugal' END`,
    };
    const columns = rows.map((row) => row.column_name);
    // Committed synchronously: until its commit is flushed, VACUUM cannot mark the rows visible to
    // all, and the index-only scans the planner weighs would each visit the rows too.
    await withTransaction(
      big.pool,
      async (client) => {
        await client.query(
          `INSERT INTO ${big.schema}.jobs (${columns.join(', ')})
           SELECT ${columns.map((column) => made[column] ?? `j.${column}`).join(', ')}
             FROM ${big.schema}.jobs j, generate_series(1, ${SIZE - 1}) n`,
        );
        // The counts the projector keeps per job type, work location and experience level, and per
        // place too, the copies included.
        await client.query(
          `TRUNCATE ${big.schema}.job_counts, ${big.schema}.job_place_counts;
           INSERT INTO ${big.schema}.job_counts (job_type, work_location, experience_level, jobs)
           SELECT job_type, work_location, experience_level, count(*) FROM ${big.schema}.jobs GROUP BY 1, 2, 3;
           INSERT INTO ${big.schema}.job_place_counts (location_text, job_type, work_location, experience_level, jobs)
           SELECT location_text, job_type, work_location, experience_level, count(*)
             FROM ${big.schema}.jobs GROUP BY 1, 2, 3, 4`,
        );
      },
      'BEGIN; SET LOCAL synchronous_commit = on',
    );
    await big.pool.query(`VACUUM (ANALYZE) ${big.schema}.jobs`);
  });
  afterAll(async () => {
    await big?.close();
  });

  /** Rows the statement read from the jobs table and its indexes' entries, found or filtered out. */
  async function jobsRowsRead(query: Record<string, unknown>): Promise<number> {
    const { sql, params, settings } = bigJobs.listStatement(JobListQuery.parse(query));
    type Plan = { 'Relation Name'?: string; Plans?: Plan[] } & Record<string, unknown>;
    const plan = await withTransaction(
      big.pool,
      async (client) => {
        const { rows: explained } = await client.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
          params,
        );
        return explained[0]?.['QUERY PLAN'][0].Plan;
      },
      `BEGIN; ${settings}`,
    );
    const read = (node: Plan | undefined): number => {
      if (!node) return 0;
      const own =
        node['Relation Name'] === 'jobs'
          ? (Number(node['Actual Rows']) +
              Number(node['Rows Removed by Filter'] ?? 0) +
              Number(node['Rows Removed by Index Recheck'] ?? 0)) *
            Number(node['Actual Loops'])
          : 0;
      return own + (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
    };
    return read(plan);
  }

  it('counts a list of the choice filters alone from the kept counts, reading only the page', async () => {
    const counted = async (where: string) =>
      (
        await big.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${big.schema}.jobs WHERE ${where}`,
        )
      ).rows[0]?.n;
    expect((await bigJobs.search(JobListQuery.parse({}))).total).toBe(SIZE);
    const { total } = await bigJobs.search(JobListQuery.parse({ jobType: 'Part-time' }));
    expect(total).toBe(await counted(`job_type = 'Part-time'`));
    expect(total).toBeGreaterThan(900);
    // The page walks the newest jobs until it has ten Part-time ones (every fourth); the count reads
    // no job (it read an index entry per Part-time job, about a thousand).
    expect(await jobsRowsRead({ jobType: 'Part-time' })).toBeLessThan(100);
    expect(await jobsRowsRead({})).toBeLessThan(100);
  });

  it('counts a list with a location from the counts kept per place, reading only the page', async () => {
    const counted = async (where: string) =>
      (
        await big.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${big.schema}.jobs WHERE ${where}`,
        )
      ).rows[0]?.n;
    const inBerlin = await bigJobs.search(JobListQuery.parse({ location: 'Berlin' }));
    expect(inBerlin.total).toBe(await counted(`location_text LIKE '%berlin%'`));
    expect(inBerlin.total).toBe(Math.floor((SIZE - 1) / BERLIN_EVERY) + 1);
    expect(inBerlin.jobs).toHaveLength(10);
    const { total: here } = await bigJobs.search(
      JobListQuery.parse({ jobType: 'Part-time', location: 'berlin' }),
    );
    expect(here).toBe(await counted(`job_type = 'Part-time' AND location_text LIKE '%berlin%'`));
    expect(here).toBeGreaterThan(150);
    // A part of a place's name, in any case, as the list matches it.
    expect((await bigJobs.search(JobListQuery.parse({ location: 'ISBO' }))).total).toBe(
      await counted(`location_text LIKE '%isbo%'`),
    );
    // The count reads no job: it tested every job's places (all 4,000, then the page's).
    expect(await jobsRowsRead({ location: 'Berlin' })).toBeLessThan(100);
    // A place nobody is at: none counted, and the page finds none through the places' index, where it
    // walked every job newest first looking for ten.
    expect(await bigJobs.search(JobListQuery.parse({ location: 'Atlantis' }))).toEqual({
      jobs: [],
      total: 0,
    });
    expect(await jobsRowsRead({ location: 'Atlantis' })).toBeLessThan(100);
  });

  it('counts the jobs asking for a skill through the skills index, not by testing every job', async () => {
    const { total } = await bigJobs.search(JobListQuery.parse({ skills: ['Python'] }));
    expect(total).toBe(Math.floor((SIZE - 1) / PYTHON_EVERY));
    // The count reads the matches; the page walks the newest jobs until it has ten of them.
    expect(await jobsRowsRead({ skills: ['Python'] })).toBeLessThan(2 * total);
  });
});
