/**
 * `npm run -w bench search-engines`: job search's two costs on Postgres, measured apart, for issue 57's
 * choice of engine. Writes the bench's job board (the same seeded jobs as the jobs phase) to a scratch
 * schema with the read model's weighted document (title A, skills and company B, description and
 * requirements C), indexes it with GIN (today's index) and with RUM (`postgresql-15-rum`, which orders by
 * rank inside the index), and times, per query, the median of five runs of each statement (planning
 * included): ranking every match to keep 20 (today's way), counting every match, the top 20 in RUM's
 * order, and a count that stops at 10,001. Knob: SEARCH_ENGINES_JOBS (50,000). Drops the schema after.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { JOB_BOARD_SEED, jobPostings } from './job-generator.ts';

const jobs = Number(process.env.SEARCH_ENGINES_JOBS ?? 50_000);
const schema = 'search_engines_bench';
const queries = ['engineer', 'data', 'mark:*', 'python', 'senior & engineer', 'nurse', 'sales | marketing'];
const RUNS = 5;

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const log = (line: string) => process.stdout.write(`${line}\n`);

async function timed(sql: string): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, TIMING OFF) ${sql}`);
    const text = rows.map((r) => r['QUERY PLAN']).join('\n');
    const at = (name: string) => Number(new RegExp(`${name} Time: ([\\d.]+)`).exec(text)?.[1] ?? Number.NaN);
    ms.push(at('Planning') + at('Execution'));
  }
  return ms.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
}

try {
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  await client.query('CREATE EXTENSION IF NOT EXISTS rum');
  await client.query(`CREATE TABLE ${schema}.jobs (id text PRIMARY KEY, posted_at timestamptz NOT NULL,
    title text, skills text, body text, search_document tsvector)`);
  const employers = Array.from({ length: 50 }, () => randomUUID());
  let batch: [string, Date, string, string, string][] = [];
  const flush = async () => {
    await client.query(
      `INSERT INTO ${schema}.jobs (id, posted_at, title, skills, body)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[])`,
      [0, 1, 2, 3, 4].map((i) => batch.map((row) => row[i])),
    );
    batch = [];
  };
  let started = performance.now();
  for (const { jobId, postedAt, request } of jobPostings(
    { seed: JOB_BOARD_SEED, employerIds: employers, now: new Date() },
    jobs,
  )) {
    const skills = request.skills.map((s) => s.name).join(' ');
    batch.push([
      jobId,
      postedAt,
      request.title,
      `${skills} ${request.company.name}`,
      `${request.description} ${request.requirements.join(' ')}`,
    ]);
    if (batch.length === 2000) await flush();
  }
  if (batch.length > 0) await flush();
  await client.query(`UPDATE ${schema}.jobs SET search_document =
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', skills), 'B')
    || setweight(to_tsvector('english', body), 'C')`);
  log(`${jobs} jobs written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const [name, using] of [
    ['gin', 'gin (search_document)'],
    ['rum', 'rum (search_document rum_tsvector_ops)'],
  ] as const) {
    started = performance.now();
    await client.query(`CREATE INDEX jobs_${name} ON ${schema}.jobs USING ${using}`);
    const { rows } = await client.query<{ size: string }>(
      `SELECT pg_size_pretty(pg_relation_size('${schema}.jobs_${name}')) AS size`,
    );
    log(`${name} index built in ${(performance.now() - started).toFixed(0)} ms, ${rows[0]?.size}`);
  }
  await client.query(`VACUUM ANALYZE ${schema}.jobs`);
  log('');
  log(
    'query               matches  rank all, keep 20  count all  RUM top 20  count to 10,001   (ms, median of 5)',
  );
  for (const text of queries) {
    const q = `to_tsquery('english', '${text}')`;
    const from = `FROM ${schema}.jobs WHERE search_document @@ ${q}`;
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`);
    const figures = [
      await timed(
        `SELECT id, ts_rank_cd(search_document, ${q}) AS r ${from} ORDER BY r DESC, posted_at DESC LIMIT 20`,
      ),
      await timed(`SELECT count(*) ${from}`),
      await timed(`SELECT id ${from} ORDER BY search_document <=> ${q} LIMIT 20`),
      await timed(`SELECT count(*) FROM (SELECT 1 ${from} LIMIT 10001) bounded`),
    ];
    log(
      `${text.padEnd(18)} ${String(rows[0]?.n).padStart(8)}  ${figures.map((f, i) => f.toFixed(2).padStart([17, 9, 10, 15][i] as number)).join('  ')}`,
    );
  }
} finally {
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  await client.end();
}
