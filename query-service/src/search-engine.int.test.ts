import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { freePort, waitUntil } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobDocument, searchRequest } from './projectors/jobs/search-index.ts';
import { SearchEngine } from './search-engine.ts';

/**
 * A search engine of its own (the stack's binary, a port and a folder of this file's), killed and
 * started again: what a write was answered for is there after a SIGKILL, before any commit.
 */
const binary = fileURLToPath(new URL('../../.stack/bin/search-engine', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'careers-search-'));
let port = 0;
let engine: ChildProcess | null = null;
let client: SearchEngine;

async function start(): Promise<void> {
  engine = spawn(binary, [], {
    env: { ...process.env, SEARCH_ENGINE_PORT: String(port), SEARCH_DATA_DIR: dir, SEARCH_FSYNC: 'off' },
    stdio: 'ignore',
  });
  await waitUntil(
    'the search engine',
    () =>
      client.ping().then(
        () => true,
        () => false,
      ),
    10_000,
  );
}

function kill(): Promise<void> {
  const running = engine;
  engine = null;
  if (!running || running.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

beforeAll(async () => {
  port = await freePort();
  client = new SearchEngine(`http://127.0.0.1:${port}`);
  await start();
});
afterAll(async () => {
  await kill();
  rmSync(dir, { recursive: true, force: true });
});

const job = (id: string, title: string): JobDocument => ({
  id,
  title,
  skillsCompany: 'Kafka Acme',
  body: 'Run the platform.',
  jobType: 'Full-time',
  workLocation: 'Remote',
  experienceLevel: 'Mid Level',
  skillNames: ['kafka'],
  locationText: 'berlin\n\ngermany',
  pay: 90_000,
  postedAt: Date.parse('2026-11-01T00:00:00Z'),
});

const found = async (search: string) =>
  (
    await client
      .index('jobs', 'read')
      .search<{ ids: string[]; total: number }>(searchRequest(JobListQuery.parse({ search })))
  ).ids;

describe('the search engine', () => {
  it('answers a search with what was written before it, at once', async () => {
    const index = client.index('jobs', 'read');
    await index.write({ upsert: [job('a', 'Platform Engineer'), job('b', 'Data Analyst')] });
    expect(await found('engineer')).toEqual(['a']);
    await index.write({ delete: ['b'], upsert: [job('a', 'Platform Wrangler')] });
    expect(await found('wrangler')).toEqual(['a']);
    expect(await found('engineer')).toEqual([]);
    expect(await index.documents()).toBe(1);
  });

  it('keeps every write it answered through a SIGKILL before their commit', async () => {
    const index = client.index('jobs', 'read');
    for (let i = 0; i < 20; i++) await index.write({ upsert: [job(`k${i}`, `Killed Engineer ${i}`)] });
    await kill();
    await start();
    expect(await index.documents()).toBe(21);
    expect((await found('killed')).length).toBe(10);
    expect(
      (
        await client
          .index('jobs', 'read')
          .search<{ total: number }>(searchRequest(JobListQuery.parse({ search: 'killed' })))
      ).total,
    ).toBe(20);
  });

  it('answers a page past the 10,000th match empty, with the total', async () => {
    const deep = searchRequest(JobListQuery.parse({ search: 'killed', page: 1_001, limit: 10 }));
    expect(await client.index('jobs', 'read').search(deep)).toEqual({ ids: [], total: 20 });
  });

  it('pages newest first as a sort of every match would, dates shared across a page edge included', async () => {
    const index = client.index('jobs', 'dated');
    const start = Date.parse('2026-01-01T00:00:00Z');
    // The page is read from a window of the newest dates, first sized as if jobs were posted evenly.
    // Here 1,400 jobs a minute apart, then 100 three days apart (so the first window holds too few and
    // is widened), of which the 30th to the 69th newest at one moment (so a window's edge falls among
    // equal dates); every seventh in Lisbon (a filtered list).
    const day = 24 * 3_600_000;
    const dated = (i: number) =>
      i < 1_400 ? start + i * 60_000 : start + 1_400 * 60_000 + (i - 1_399) * 3 * day;
    const jobs = Array.from({ length: 1_500 }, (_, i) => ({
      ...job(`d${i}`, i % 2 === 0 ? 'Dated Engineer' : 'Dated Analyst'),
      postedAt: dated(i >= 1_431 && i <= 1_470 ? 1_431 : i),
      locationText: i % 7 === 0 ? 'lisbon\n\nportugal' : 'berlin\n\ngermany',
    }));
    await index.write({ upsert: jobs });
    const expected = (keep: (j: JobDocument) => boolean) =>
      jobs
        .filter(keep)
        .map((j) => j.postedAt)
        .sort((a, b) => b - a);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    for (const [query, keep] of [
      [{}, () => true],
      [{ search: 'engineer', sort: 'newest' }, (j: JobDocument) => j.title.includes('Engineer')],
      [{ location: 'lisbon' }, (j: JobDocument) => j.locationText.startsWith('lisbon')],
    ] as const) {
      const dates = expected(keep);
      const seen = new Set<string>();
      for (const page of [1, 2, 3, 4, 50]) {
        const answer = await index.search<{ ids: string[]; total: number }>(
          searchRequest(JobListQuery.parse({ ...query, page, limit: 20 })),
        );
        expect(answer.total).toBe(dates.length);
        expect(answer.ids.map((id) => byId.get(id)?.postedAt)).toEqual(
          dates.slice((page - 1) * 20, page * 20),
        );
        for (const id of answer.ids) {
          expect(seen.has(id)).toBe(false);
          seen.add(id);
        }
      }
    }
    await index.remove();
  });

  it('refuses a body that is not a write whole, and writes nothing of it', async () => {
    const index = client.index('jobs', 'read');
    await expect(index.write({ upsert: [{ id: 'x' }] })).rejects.toThrow(/400 Invalid documents/);
    await expect(client.index('jobs', 'no.dots').documents()).rejects.toThrow(/400 Invalid index name/);
    expect(await index.documents()).toBe(21);
  });
});
