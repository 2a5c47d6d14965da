/**
 * `npm run -w bench engine-searches`: the jobs phase's 50 searches sent to the stack's search engine
 * alone, one at a time, on an index of its own filled with the bench's seeded job board, as the
 * projector writes it (search-index.ts's documents) and as the query-service asks (`searchRequest`).
 * Prints, per search, its matches and the median time of ENGINE_RUNS tries (the HTTP round trip
 * included), then the engine's CPU a search over every try, from /proc. What a change to the engine's
 * queries costs or saves, without the rest of the product on the two cores. Knobs: ENGINE_JOBS
 * (50,000), ENGINE_RUNS (9), ENGINE_SEARCHES (query strings of GET /api/jobs, `|` between them, in
 * place of the mix: `search=engineer|search="engineer"&workLocation=Remote`). The index is removed at
 * the end.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { routes } from '@careers/contracts/routes';
import { payOf } from '@careers/query-service/projectors/jobs/job-rows';
import { type JobDocument, searchRequest } from '@careers/query-service/projectors/jobs/search-index';
import { SearchEngine } from '@careers/query-service/search-engine';
import { clockTicksPerSecond, parseProcStat } from './cpu.ts';
import { JOB_BOARD_SEED, type JobPosting, jobPostings } from './job-generator.ts';
import { jobSearchMix, jobSearchPath, readableSearch } from './job-searches.ts';

const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a whole number above 0`);
  return value;
};
const jobs = count('ENGINE_JOBS', 50_000);
const runs = count('ENGINE_RUNS', 9);
const stackDir = process.env.CAREERS_STACK_DIR ?? new URL('../../.stack', import.meta.url).pathname;
const log = (line: string) => process.stdout.write(`${line}\n`);

const engine = SearchEngine.fromEnv();
const index = `engine_bench_${randomUUID().slice(0, 8)}`;
const pid = Number(readFileSync(`${stackDir}/run/search-engine.pid`, 'utf8').trim());
const ticksPerSecond = clockTicksPerSecond();
const engineTicks = () => {
  const stat = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return stat.utime + stat.stime;
};

/** A posting as the jobs read model's row makes it into a document (search-index.ts `documentsSql`). */
function documentOf({ jobId, postedAt, request }: JobPosting): JobDocument {
  const { location } = request;
  return {
    id: jobId,
    title: request.title,
    skillsCompany: [request.skills.map((s) => s.name).join(' '), request.company.name].join(' '),
    body: [request.description, request.requirements.join(' ')].join(' '),
    jobType: request.jobType,
    workLocation: request.workLocation,
    experienceLevel: request.experienceLevel,
    skillNames: request.skills.map((s) => s.name.toLowerCase()),
    locationText: [location.city, location.state, location.country].join('\n').toLowerCase(),
    pay: payOf(request.salary),
    postedAt: postedAt.getTime(),
  };
}

try {
  const employers = Array.from({ length: 50 }, () => randomUUID());
  let started = performance.now();
  let batch: JobDocument[] = [];
  let written = 0;
  for (const posting of jobPostings(
    { seed: JOB_BOARD_SEED, employerIds: employers, now: new Date() },
    jobs,
  )) {
    batch.push(documentOf(posting));
    if (batch.length === 2000) {
      await engine.write('jobs', index, { upsert: batch });
      written += batch.length;
      batch = [];
      if (written % 50_000 === 0) log(`  ${written.toLocaleString('en-US')} jobs written`);
    }
  }
  if (batch.length > 0) await engine.write('jobs', index, { upsert: batch });
  const fillSeconds = (performance.now() - started) / 1000;
  log(
    `${jobs.toLocaleString('en-US')} jobs indexed in ${fillSeconds.toFixed(1)} s (${Math.round(jobs / fillSeconds).toLocaleString('en-US')} a second)\n`,
  );

  const own = process.env.ENGINE_SEARCHES?.split('|').filter((query) => query !== '');
  const paths = own
    ? own.map((query) => `${jobSearchPath({})}?${query}`)
    : jobSearchMix.map((search) => jobSearchPath(search.query));
  const requests = paths.map((path) => {
    const query = routes.listJobs.query.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
    // Repeated keys (skills) as the route reads them.
    const skills = new URL(path, 'http://x').searchParams.getAll('skills');
    return { text: readableSearch(path), request: searchRequest({ ...query, skills }) };
  });
  // The engine merges the new segments in the background for a while after so many writes: the
  // searches are timed once it has used under a tenth of a core for a second (at most a minute).
  for (let waited = 0; waited < 60; waited++) {
    const before = engineTicks();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if ((engineTicks() - before) / ticksPerSecond < 0.1) break;
  }
  // One round first: the engine's caches warm, as in a running product.
  for (const { request } of requests) await engine.search('jobs', index, request);
  const rows: Array<{ text: string; total: number; ms: number }> = [];
  const ticksBefore = engineTicks();
  started = performance.now();
  for (const { text, request } of requests) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const at = performance.now();
      total = (await engine.search<{ total: number }>('jobs', index, request)).total;
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    rows.push({ text, total, ms: times[Math.floor(runs / 2)] as number });
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = ((engineTicks() - ticksBefore) / ticksPerSecond) * 1000;
  const width = Math.max(...rows.map((r) => r.text.length));
  log(`${'search'.padEnd(width)}  ${'matches'.padStart(8)}  median ms`);
  for (const r of rows)
    log(
      `${r.text.padEnd(width)}  ${r.total.toLocaleString('en-US').padStart(8)}  ${r.ms.toFixed(2).padStart(9)}`,
    );
  const searches = rows.length * runs;
  const byWall = [...rows].sort((a, b) => b.ms - a.ms).slice(0, 5);
  log(
    `\n${searches} searches in ${seconds.toFixed(1)} s: the engine used ${(cpuMs / searches).toFixed(2)} ms of CPU a search; mean median ${(rows.reduce((sum, r) => sum + r.ms, 0) / rows.length).toFixed(2)} ms`,
  );
  log(`slowest: ${byWall.map((r) => `${r.text} ${r.ms.toFixed(1)} ms`).join('; ')}`);
} finally {
  await engine.remove('jobs', index).catch(() => {});
}
