import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { describe, expect, it } from 'vitest';
import { jobPostings } from './job-generator.ts';
import { jobSearchMix, jobSearchPath, readableSearch, unseenPath } from './job-searches.ts';

/** A path's query string as Fastify hands it to the route: a repeated key becomes a list. */
function queryOf(path: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(path, 'http://x').searchParams) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [seen, value].flat();
  }
  return query;
}

const texts = jobSearchMix.flatMap((s) => (s.query.search ? [s.query.search] : []));

describe('jobSearchPath', () => {
  it('writes the query string the Find Jobs screen sends, one key per skill', () => {
    expect(jobSearchPath({})).toBe('/api/jobs');
    expect(jobSearchPath({ search: '"machine learning" -senior', skills: ['React', 'Vue'], page: 2 })).toBe(
      '/api/jobs?search=%22machine+learning%22+-senior&skills=React&skills=Vue&page=2',
    );
    expect(readableSearch('/api/jobs?search=%22machine+learning%22+-senior&page=2')).toBe(
      '?search="machine learning" -senior&page=2',
    );
    expect(readableSearch('/api/jobs')).toBe('(no filters)');
  });
});

describe('unseenPath', () => {
  it('is a new URL for the same query, so the product answers the body the baseline serves', () => {
    for (const path of jobSearchMix.map((s) => jobSearchPath(s.query))) {
      const unseen = unseenPath(path, 7);
      expect(unseen).not.toBe(path);
      expect(JobListQuery.parse(queryOf(unseen))).toEqual(JobListQuery.parse(queryOf(path)));
    }
  });
});

describe('jobSearchMix', () => {
  it('is made of valid GET /api/jobs queries, each different', () => {
    const paths = jobSearchMix.map((s) => jobSearchPath(s.query));
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(JobListQuery.safeParse(queryOf(path)).success, path).toBe(true);
  });

  it('uses everything the search understands, and every filter', () => {
    expect(texts.some((t) => /"[^"]+"/.test(t))).toBe(true);
    expect(texts.some((t) => /(^|\s)-\w/.test(t))).toBe(true);
    expect(texts.some((t) => /\sOR\s/.test(t))).toBe(true);
    const filters = jobSearchMix.flatMap((s) => Object.keys(s.query));
    for (const filter of ['jobType', 'workLocation', 'experienceLevel', 'location', 'skills', 'page']) {
      expect(filters).toContain(filter);
    }
    expect(new Set(jobSearchMix.map((s) => s.kind)).size).toBe(8);
  });

  it('types prefixes that are not whole words of the board yet, but begin some', () => {
    const words = new Set<string>();
    for (const { request } of jobPostings({ seed: 1, employerIds: ['u'], now: new Date() }, 2000)) {
      const text = [request.title, request.description, ...request.skills.map((s) => s.name)].join(' ');
      for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) words.add(word);
    }
    const prefixes = jobSearchMix
      .filter((s) => s.kind === 'prefix')
      .map((s) => (s.query.search ?? '').split(' ').at(-1) as string);
    expect(prefixes.length).toBeGreaterThan(3);
    for (const prefix of prefixes) {
      expect(words.has(prefix), prefix).toBe(false);
      expect(
        [...words].some((w) => w.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('asks for words the generated board contains, so that searches find jobs', () => {
    const board = [...jobPostings({ seed: 1, employerIds: ['u'], now: new Date() }, 2000)].map(
      ({ request }) =>
        [request.title, request.description, request.company.name, ...request.skills.map((s) => s.name)]
          .join(' ')
          .toLowerCase(),
    );
    for (const text of texts) {
      const wanted = text
        .replace(/"/g, '')
        .split(/\s+/)
        .filter((w) => w !== 'OR' && !w.startsWith('-'));
      for (const word of wanted)
        expect(
          board.some((job) => job.includes(word.toLowerCase())),
          word,
        ).toBe(true);
    }
  });
});
