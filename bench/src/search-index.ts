import { readFileSync } from 'node:fs';
import { ensureJobsIndex, jobsIndex } from '@careers/query-service/projectors/jobs/search-index';
import { SearchEngine } from '@careers/query-service/search-engine';
import { createPool, ident } from '@careers/service-kit';

/** The search engine's jobs index after the jobs phase's load, and how fast it is made again. */
export interface SearchIndexFigures {
  documents: number;
  /** Its files on disk. */
  megabytes: number;
  /** The engine process's resident memory now, and its peak since it started (MB). */
  residentMegabytes: number | null;
  peakMegabytes: number | null;
  /** The index removed and made again from the jobs rows (`ensureJobsIndex`): jobs a second. */
  refillSeconds: number;
  refillRate: number;
}

function engineMemory(stackDir: string): { rss: number | null; peak: number | null } {
  try {
    const pid = readFileSync(`${stackDir}/run/search-engine.pid`, 'utf8').trim();
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => {
      const kb = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
      return kb === undefined ? null : Math.round(Number(kb) / 1024);
    };
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { rss: null, peak: null };
  }
}

/**
 * Measures the jobs index of the read schema `schema` (unquoted): its size, the engine's memory, then
 * removes it and times the projector's refill from the jobs rows (what a new engine, a lost disk or a
 * new version of the index costs), which leaves it as it was.
 */
export async function measureSearchIndex(options: {
  databaseUrl: string;
  schema: string;
  stackDir: string;
  progress: (line: string) => void;
}): Promise<SearchIndexFigures> {
  const search = SearchEngine.fromEnv();
  const schema = ident(options.schema);
  const index = jobsIndex(search, schema);
  const before = await index.stats();
  const memory = engineMemory(options.stackDir);
  const pool = createPool(options.databaseUrl, 2, 'bench-search-index');
  try {
    await index.remove();
    const started = performance.now();
    const written = await ensureJobsIndex(pool, schema, search);
    const refillSeconds = (performance.now() - started) / 1000;
    const figures: SearchIndexFigures = {
      documents: before?.documents ?? 0,
      megabytes: Math.round(((before?.bytes ?? 0) / 1e6) * 10) / 10,
      residentMegabytes: memory.rss,
      peakMegabytes: memory.peak,
      refillSeconds: Math.round(refillSeconds * 10) / 10,
      refillRate: Math.round(written / refillSeconds),
    };
    options.progress(
      `  search index: ${figures.documents} jobs, ${figures.megabytes} MB on disk, engine ${figures.residentMegabytes} MB ` +
        `resident (peak ${figures.peakMegabytes} MB); made again from the jobs rows in ${figures.refillSeconds} s ` +
        `(${figures.refillRate} jobs/s)`,
    );
    return figures;
  } finally {
    await pool.end();
  }
}
